import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// Settings, cron, shell integration and help.
enum SystemCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("settings") { Settings.spec },
        SubcommandEntry("tick") { Tick.spec },
        SubcommandEntry("agent") { Agent.spec },
        SubcommandEntry("doctor") { Doctor.spec },
        SubcommandEntry("store") { SystemCommandTable.store },
        SubcommandEntry("completions") { Completions.spec },
        SubcommandEntry("help") { SystemCommandTable.help },
        SubcommandEntry("__complete") { Complete.spec },
    ]

    /// `store ...`: work on whole stores.
    static let store = CommandSpec(
        "store",
        summary: "Work on whole stores",
        subcommandEntries: [
            SubcommandEntry("copy") { StoreCopy.spec },
        ])

    /// `help [COMMAND...]`: the parser answers it with help; it has no input.
    static let help = CommandSpec(
        "help",
        summary: "Show help for a command",
        arguments: [ArgumentSpec("COMMAND", help: "The command (and subcommand) to explain.", isOptional: true, isVariadic: true)])
}

/// `tick`
struct Tick: CommandInput, Equatable {
    static let spec = CommandSpec(
        "tick",
        summary: "Bring deadlines up to date and deliver new notifications (for cron)",
        discussion: [
            "Delivers your undelivered notifications of the enabled types through the notify-command, each at least once. An item the command fails on is retried with a back-off (1 minute, doubling up to 30) while the ones behind it go on; an ordinary item is set aside after 8 attempts, an alert or missed check-in never. Exits 9 when a delivery failed.",
        ],
        examples: [CommandExample("tick -q", "what cron runs every few minutes: the crontab line */5 * * * * lifesignal tick -q")],
        input: .running(Tick.self))

    init(from parsed: ParsedCommand) {}
}

/// Deadlines up to date for the whole store, then delivery of the
/// signed-in account's new notifications. Made for cron.
extension Tick: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        // What this tick will write down (its look, its delivery run) is
        // decided first: a damaged record stops it before it changes anything.
        let records = PresenceRecords(context: c)
        let note = try records.planTick(signedIn: try c.isSignedIn())
        // Delivery's first read brings an agent's share of the store's due
        // deadlines up to date (a command's own takes only a small slice of
        // them), before it looks for the session.
        c.catchUpAsAgent()
        c.isUnattended = true
        let report: Delivery.Report
        do {
            report = try Delivery(context: c, rendering: .terminal).run()
        } catch LifeSignalError.notSignedIn {
            try records.tickRan(note)
            if c.json { c.printJSON(.object([("delivered", .int(0)), ("failed", .int(0)), ("signedIn", .bool(false))])) }
            else { c.say("Deadlines up to date. Not signed in, so nothing to deliver.") }
            return success
        }
        try records.tickRan(note)
        let now = try c.now()
        for failure in report.failures {
            c.err.line("error: " + TerminalText.line(DeliveryText.failure(failure, now: now)))
        }
        if c.json {
            c.printJSON(.object([
                ("delivered", .int(report.delivered)), ("skipped", .int(report.skipped)),
                ("failed", .int(report.failures.count)), ("waiting", .int(report.waiting)),
                ("nextRetry", .date(report.nextRetry)), ("busy", .bool(report.busy)),
                ("notifyCommand", .bool(!report.noCommand)), ("olderThanCommand", .int(report.olderThanCommand)),
                ("cutShort", .bool(report.cutShort)), ("heldForQuietHours", .int(report.held)),
            ]))
        } else if !c.quiet || report.failed {
            var summary = "Deadlines up to date; delivered \(report.delivered) notification\(report.delivered == 1 ? "" : "s")"
            if report.failed { summary += ", \(report.failures.count) failed" }
            if report.held > 0 { summary += ", \(report.held) held until your quiet hours end" }
            if report.waiting > 0, let next = report.nextRetry {
                summary += "; \(report.waiting) waiting for a retry (next \(RelativeTime.describe(next, now: now)))"
            }
            if report.cutShort { summary += " (this run's time was up; the rest go next run)" }
            if report.busy { summary += " (another process is delivering)" }
            if report.noCommand { summary += " (no notify-command set)" }
            if report.olderThanCommand > 0 { summary += "; " + DeliveryText.olderThanCommand(report.olderThanCommand) }
            c.out.line(summary + ".")
        }
        return report.failed ? ExitCode.externalCommand.rawValue : success
    }
}

/// How delivery failures read.
enum DeliveryText {
    /// Items passed over because they came before the notify command
    /// started on this store (it does not replay the past).
    static func olderThanCommand(_ count: Int) -> String {
        "\(count) older notification\(count == 1 ? " was" : "s were") not handed to the notify-command: "
            + "it takes what arrives after it was set up on this store (they stay in your feed)"
    }

    static func failure(_ failure: (item: FeedItem, outcome: ProcessOutcome, verdict: DeliveryLedger.Verdict),
                        now: Date) -> String {
        let what = "delivery of notification \(failure.item.id.short) (\(quoted(HumanText.localTimes(in: failure.item.title), limit: 60))) failed: "
            + "the notify-command \(failure.outcome.summary)"
        switch failure.verdict {
        case .retry(let at):
            return what + "; it will be retried \(RelativeTime.describe(at, now: now))"
        case .setAside(let attempts):
            return what + "; set aside after \(attempts) attempts (it stays in your feed)"
        }
    }
}
