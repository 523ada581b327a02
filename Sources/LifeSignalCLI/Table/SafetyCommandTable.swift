import CommandEngine

/// Alerts and pings.
enum SafetyCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("alert") { Alert.spec },
        SubcommandEntry("ping") { SafetyCommandTable.ping },
    ]

    static let ping = CommandSpec(
        "ping",
        summary: "Ask a dependent to check in; list and answer pings",
        subcommandEntries: [
            SubcommandEntry("send") { PingSend.spec },
            SubcommandEntry("list") { PingList.spec },
            SubcommandEntry("respond") { PingRespond.spec },
        ],
        defaultSubcommand: "send",
        examples: [
            CommandExample("ping Ada", "ask Ada to check in"),
            CommandExample("ping respond", "answer every pending ping"),
        ])
}

/// `alert`: shows the alert state.
struct Alert: CommandInput, Equatable {
    static let spec = CommandSpec(
        "alert",
        summary: "Show, raise or cancel an emergency alert",
        subcommandEntries: [
            SubcommandEntry("on") { AlertOn.spec },
            SubcommandEntry("off") { AlertOff.spec },
        ],
        isRunnable: true,
        input: .running(Alert.self))

    init(from parsed: ParsedCommand) {}
}

/// `alert on [--yes]`
struct AlertOn: CommandInput, Equatable {
    static let yes = Flag("yes", short: "y", help: "Raise it without asking.")

    static let spec = CommandSpec(
        "on",
        summary: "Raise an emergency alert: every responder is told, with your note",
        discussion: [
            "Asks for confirmation on a terminal (declining exits 14); elsewhere --yes is required. While an alert is active, says so and changes nothing.",
        ],
        options: [yes.spec],
        examples: [CommandExample("alert on --yes", "raise an alert from a script")],
        input: .running(AlertOn.self))

    let yes: Bool

    init(from parsed: ParsedCommand) {
        yes = parsed[Self.yes]
    }
}

/// `alert off`
struct AlertOff: CommandInput, Equatable {
    static let spec = CommandSpec("off", summary: "Cancel your alert: every responder is told", input: .running(AlertOff.self))

    init(from parsed: ParsedCommand) {}
}

/// `ping CONTACT`, `ping send CONTACT [--within DURATION] [--escalate]`
struct PingSend: CommandInput, Equatable {
    static let within = Option<Int>(
        "within", valueName: "DURATION",
        help: "They have this long to answer (1m to 7d); when it passes unanswered, you are told once.",
        expected: SharedInputs.durationExpected, completion: .choices(["15m", "30m", "1h", "2h"]),
        convert: SharedInputs.duration)
    static let escalate = Flag("escalate", help: "With --within: their other responders are told too when it passes.")

    static let spec = CommandSpec(
        "send",
        summary: "Ping a dependent (a second ping while one is pending sends nothing new)",
        arguments: [SharedInputs.dependent.spec],
        options: [within.spec, escalate.spec],
        examples: [CommandExample("ping send Ada --within 1h --escalate",
                                  "if Ada has not answered in an hour, you and her other responders are told")],
        input: .running(PingSend.self))

    let contact: String
    /// Seconds they have to answer; nil: no window.
    let within: Int?
    let escalate: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        contact = try parsed.required(SharedInputs.dependent)
        within = try parsed.value(Self.within)
        escalate = parsed[Self.escalate]
        if escalate, within == nil { throw parsed.problem(.missingOption("--within")) }
    }
}

/// `ping list`
struct PingList: CommandInput, Equatable {
    static let spec = CommandSpec("list", summary: "List pings you received and sent", input: .running(PingList.self))

    init(from parsed: ParsedCommand) {}
}

/// `ping respond [PING_ID]`
struct PingRespond: CommandInput, Equatable {
    static let ping = Argument<String>("PING_ID", help: "The ping to answer (an ID prefix works), or the name of whoever sent it: all their pending pings.", isOptional: true)

    static let spec = CommandSpec(
        "respond",
        summary: "Answer a ping you received (all pending ones without an ID)",
        arguments: [ping.spec],
        examples: [CommandExample("ping respond Ada", "answer every ping Ada sent you")],
        input: .running(PingRespond.self))

    /// nil answers every pending ping.
    let ping: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        ping = try parsed.value(Self.ping)
    }
}
