import CommandEngine
import LifeSignalCore

/// Watching a deadline: who is told what and when, and saying you are on it.
enum WatchCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("ack") { Ack.spec },
        SubcommandEntry("timeline") { TimelineCommand.spec },
    ]
}

/// `ack CONTACT`
struct Ack: CommandInput, Equatable {
    static let spec = CommandSpec(
        "ack",
        summary: "Say you are handling a dependent's missed check-in or alert",
        discussion: [
            "Works while they are overdue (after their grace period) or have an alert; otherwise it is refused (exit 5). They and their other responders are told who is on it, and the reminders and later escalation steps of that missed check-in stop.",
            "It also answers a drill of theirs (within a day of it): their drill report shows you acknowledged its test notice.",
        ],
        arguments: [SharedInputs.dependent.spec],
        examples: [CommandExample("ack Ada", "tell Ada and her other responders that you are on it")],
        input: .running(Ack.self))

    let contact: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        contact = try parsed.required(SharedInputs.dependent)
    }
}

/// `timeline [CONTACT]`
struct TimelineCommand: CommandInput, Equatable {
    static let contact = Argument<String>(
        "CONTACT", help: "A dependent whose timeline to show (default: yours).", isOptional: true,
        completion: .dynamic("dependents"), expected: "a name, phone number or ID") { text in
        let trimmed = text.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    static let spec = CommandSpec(
        "timeline",
        summary: "Show who will be told what, and when, if no check-in comes",
        discussion: [
            "Every step of the current deadline: the reminder, the deadline, the end of the grace period, each responder's step, repeats, the end of a pause. Steps that already happened show, for each responder, when they were told, when their notify command took it, and when they read it.",
            "The steps are the ones the deadline engine fires, computed by the same rules.",
        ],
        arguments: [contact.spec],
        examples: [
            CommandExample("timeline", "your own deadline, step by step"),
            CommandExample("timeline Ada --json", "Ada's, for a script"),
        ],
        input: .running(TimelineCommand.self))

    /// nil: the signed-in account's own.
    let contact: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        contact = try parsed.value(Self.contact)
    }
}
