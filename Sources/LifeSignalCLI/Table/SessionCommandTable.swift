import CommandEngine

/// Where you are signed in.
enum SessionCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("sessions") { Sessions.spec },
    ]
}

/// `sessions`
struct Sessions: CommandInput, Equatable {
    static let spec = CommandSpec(
        "sessions",
        summary: "List where you are signed in: machine, since when, last used",
        discussion: [
            "Every sign-in to your account opens a session, and a sign-in to an account that already existed puts a sign-in notice in its notifications, naming the machine. Anyone who can write the store can sign in as anyone, so look here when a notice surprises you, and end what is not yours.",
            "A session unused for 90 days expires. Each use renews it, written down at most once a day, so a command that only reads writes no more often than that.",
        ],
        subcommandEntries: [
            SubcommandEntry("end") { SessionsEnd.spec },
        ],
        isRunnable: true,
        examples: [
            CommandExample("sessions", "see every session, this one marked"),
            CommandExample("sessions end --others", "sign out everywhere else"),
        ],
        input: .running(Sessions.self))

    init(from parsed: ParsedCommand) {}
}

/// `sessions end ID|--others`
struct SessionsEnd: CommandInput, Equatable {
    static let id = Argument<String>(
        "ID", help: "The session to end (an ID prefix of 4 or more characters works), as 'sessions' lists it.",
        isOptional: true)
    static let others = Flag("others", help: "End every session but this one.")

    static let spec = CommandSpec(
        "end",
        summary: "End a session (or every other one)",
        discussion: ["Ending this session signs you out here, as logout does."],
        arguments: [id.spec],
        options: [others.spec],
        exclusiveGroups: [ExclusiveGroup([id.spec.name, others.spec.long], isRequired: true)],
        examples: [CommandExample("sessions end 3f2a1b0c", "end the session with that ID")],
        input: .running(SessionsEnd.self))

    /// Which sessions to end.
    enum Target: Equatable {
        case one(String)
        case others
    }

    let target: Target

    init(from parsed: ParsedCommand) throws(UsageError) {
        target = try parsed.value(Self.id).map(Target.one) ?? .others
    }
}
