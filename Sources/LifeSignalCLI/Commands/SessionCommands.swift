import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

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

extension Sessions: RunnableCommand {
    /// Lists the signed-in account's sessions, oldest first.
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let token = SHA256.hexDigest(try c.session().token)
        let sessions = try c.reading { store, account in
            try SessionText.service(store, c).list(of: account.id, currentTokenHash: token)
        }
        if c.json {
            c.printJSON(.array(sessions.map(SessionText.json)))
            return success
        }
        var table = TextTable(header: ["ID", "MACHINE", "SIGNED IN", "LAST USED"], columns: [.fixed, .fixed, .fixed, .flexible])
        for session in sessions {
            let used = session.endedAt.map { "ended " + RelativeTime.describe($0, now: now) }
                ?? RelativeTime.describe(session.lastUsedAt, now: now) + (session.isCurrent ? " (this session)" : "")
            table.add([session.id.short, TerminalText.line(session.machine), TimeText.both(session.createdAt, now: now), used])
        }
        c.print(table)
        if sessions.filter({ $0.endedAt == nil }).count > 1 {
            c.hint("lifesignal sessions end ID (or --others) ends what is not yours")
        }
        return success
    }
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

extension SessionsEnd: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let token = SHA256.hexDigest(try c.session().token)
        let ended = try c.writing { store, account -> [SessionService.Session] in
            let service = try SessionText.service(store, c)
            switch target {
            case .one(let query): return [try service.end(query, of: account.id, currentTokenHash: token)]
            case .others: return try service.endOthers(of: account.id, currentTokenHash: token)
            }
        }
        let endedThisOne = ended.contains(where: \.isCurrent)
        if endedThisOne { try c.sessionFile().clear() }
        if c.json {
            c.printJSON(.object([("ended", .array(ended.map(SessionText.json))), ("signedOut", .bool(endedThisOne))]))
        } else if endedThisOne {
            c.say("Ended this session; you are signed out here.")
        } else if ended.count == 1, let session = ended.first {
            c.say("Ended session \(session.id.short) on \(TerminalText.line(session.machine)).")
        } else {
            c.say(ended.isEmpty ? "No other sessions." : "Ended \(ended.count) other sessions.")
        }
        return success
    }
}

/// How sessions read.
enum SessionText {
    static func service(_ store: any StoreWriting, _ c: Context) throws -> SessionService {
        SessionService(store: store, env: try c.core())
    }

    static func json(_ session: SessionService.Session) -> JSONValue {
        .object([("id", .id(session.id)), ("machine", .string(session.machine)), ("createdAt", .date(session.createdAt)),
                 ("lastUsedAt", .date(session.lastUsedAt)), ("expiresAt", .date(session.expiresAt)),
                 ("isCurrent", .bool(session.isCurrent)), ("endedAt", session.endedAt.map(JSONValue.date) ?? .null)])
    }
}
