import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

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

extension Alert: RunnableCommand {
    /// Shows whether an alert is active.
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let account = try c.reading { _, account in account }
        AlertText.print(account.alert, now: now, c)
        return success
    }
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

extension AlertOn: RunnableCommand {
    /// Raises an alert after a confirmation; while one is active, says so
    /// and asks nothing. A store out of reach says the alert was not raised.
    func run(_ c: Context) throws -> Int32 {
        try UnreachedStore.saying(.alert) { try raise(c) }
    }

    private func raise(_ c: Context) throws -> Int32 {
        let now = try c.now()
        if let active = try c.reading({ _, account in account.alert }) {
            if c.json {
                AlertText.print(active, now: now, c, extra: [("alreadyActive", .bool(true))])
            } else {
                c.say("An alert is already active since \(TimeText.both(active.activatedAt, now: now)); "
                      + "your responders were told then.")
            }
            c.hint("lifesignal alert off (when you are safe)")
            return success
        }
        try c.requireConfirmation("Raise an emergency alert? Every responder will be told.", yes: yes,
                                  declined: "Not raised; nobody was told.")
        let (alert, raised) = try c.writing { store, account in
            var account = account
            let (alert, reach) = try AccountService(store: store, env: try c.core()).raiseAlert(&account)
            return (alert, ReachText.Named(reach, in: store))
        }
        let reach = try ReachText.finished(raised, c)
        if c.json { AlertText.print(alert, now: now, c, extra: ReachText.json(reach.reach)) } else {
            c.say(c.style.red("Alert raised.") + " " + ReachText.sentence(reach))
        }
        ReachText.warnDamage(reach.reach.contactsProblem, done: ReachText.foundAllTheSame, c)
        c.hint(reach.reach.isNobody ? ReachText.addResponder : "lifesignal alert off (when you are safe)")
        return success
    }
}

/// `alert off`
struct AlertOff: CommandInput, Equatable {
    static let spec = CommandSpec("off", summary: "Cancel your alert: every responder is told", input: .running(AlertOff.self))

    init(from parsed: ParsedCommand) {}
}

extension AlertOff: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let reach = try ReachText.finished(try c.writing { store, account in
            var account = account
            return ReachText.Named(try AccountService(store: store, env: try c.core()).cancelAlert(&account).reach, in: store)
        }, c)
        if c.json { AlertText.print(nil, now: try c.now(), c, extra: ReachText.json(reach.reach)) } else {
            c.say("Alert cancelled. " + ReachText.sentence(reach))
        }
        ReachText.warnDamage(reach.reach.contactsProblem, done: ReachText.foundAllTheSame, c)
        return success
    }
}

/// How the alert state reads.
enum AlertText {
    static func print(_ alert: ActiveAlert?, now: Date, _ c: Context, extra: [(String, JSONValue)] = []) {
        if c.json {
            c.printJSON(.object([("isAlertActive", .bool(alert != nil)), ("alertID", .id(alert?.id)),
                                 ("activatedAt", .date(alert?.activatedAt))] + extra))
        } else if let alert {
            c.out.line(c.style.red("Alert active") + " since \(TimeText.both(alert.activatedAt, now: now)).")
        } else {
            c.out.line("No alert is active.")
        }
    }
}
