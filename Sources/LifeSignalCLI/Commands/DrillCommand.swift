import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// Proving the alarm chain: `drill`.
enum DrillCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("drill") { Drill.spec },
    ]
}

/// `drill [--wait DURATION]`
struct Drill: CommandInput, Equatable {
    static let wait = Option<Int>(
        "wait", valueName: "DURATION",
        help: "Wait up to this long (0s to 1h, default 2m) for every responder's delivery to take the notice.",
        expected: "a duration from 0s to 1h such as 30s or 2m", completion: .choices(["0s", "30s", "2m", "10m"])) { text in
        SharedInputs.duration(text).flatMap { (0...3600).contains($0) ? $0 : nil }
    }

    static let last = Flag("last", help: "Report on your latest drill (who acknowledged it since, too) without sending one.")

    static let spec = CommandSpec(
        "drill",
        summary: "Test your alarm: every responder gets a labelled test notice the way a missed check-in would reach them",
        discussion: [
            "Each responder gets a notice of type test (\"TEST: ... nothing is wrong\") through the path a missed check-in takes: their preferences cannot hold it back, delays do not apply, and their notify command or agent hands it on (the notify command sees \"test\": true and LIFESIGNAL_NOTIFICATION_TEST=1). It never counts as an alert, never escalates and never repeats.",
            "Then it waits up to --wait for their deliveries, showing progress on a terminal, and reports for each responder when they were told, when their delivery took it, when they read it and when they acknowledged it ('lifesignal ack YOUR-NAME'), or why not. Exits 0 when every responder's delivery took it, 15 when at least one did not (or you have no responders).",
            "At most one drill every 10 minutes (refused, exit 5).",
        ],
        options: [wait.spec, last.spec],
        examples: [
            CommandExample("drill", "test the alarm and wait up to 2 minutes for every delivery"),
            CommandExample("drill --wait 0s --json", "send it and report at once, as JSON"),
            CommandExample("drill --last", "see who has acknowledged your latest drill"),
        ],
        input: .running(Drill.self))

    /// Seconds to wait for the deliveries.
    let wait: Int
    let last: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        let given = try parsed.value(Self.wait)
        wait = given ?? 120
        last = parsed[Self.last]
        if last, given != nil { throw parsed.problem(.conflict("--last", "--wait")) }
    }
}

/// `drill [--wait DURATION]`: sends every responder a test notice the way a
/// missed check-in would reach them, waits for their deliveries, and
/// reports what became of it at each.
extension Drill: RunnableCommand {
    /// How often the notices are looked at again while waiting, at the
    /// latest: a hand-over in a responder's feed wakes the wait at once, but
    /// a failing delivery shows only in their delivery record.
    static let pollInterval: Double = 0.5

    func run(_ c: Context) throws -> Int32 {
        if last {
            let now = try c.now()
            let report = try c.reading { store, account in
                guard let record = account.drill else {
                    throw LifeSignalError.notFound("you have sent no drill lately", hint: "lifesignal drill")
                }
                return try DrillReport(record, of: account, store: store, now: now)
            }
            return show(report, c)
        }
        let (sent, named) = try c.writing { store, account in
            var account = account
            let sent = try DrillService(store: store, env: try c.core()).send(&account)
            return (sent, ReachText.Named(sent.reach, in: store))
        }
        // Responders past what one transaction carries are told in
        // transactions of their own before the wait begins.
        if sent.reach.pending != nil { _ = try ReachText.finished(named, c) }
        ReachText.warnDamage(sent.reach.contactsProblem, done: "the drill went to every responder who could be found", c)
        guard let record = sent.record else {
            if c.json {
                c.printJSON(.object([("sentAt", .null), ("responders", .array([]))]))
            } else {
                c.err.line("error: nobody to drill: you have no responders")
                c.hint(ReachText.addResponder)
            }
            return ExitCode.drillNotDelivered.rawValue
        }
        return show(try waitForDeliveries(record, c), c)
    }

    /// Prints the report; 0 when every responder's delivery took the notice.
    private func show(_ report: DrillReport, _ c: Context) -> Int32 {
        if c.json {
            c.printJSON(DrillText.json(report))
        } else {
            DrillText.render(report, now: (try? c.now()) ?? report.record.sentAt, c)
        }
        return report.reachedEveryone ? success : ExitCode.drillNotDelivered.rawValue
    }

    /// Reads the drill's outcome until every delivery took the notice or
    /// cannot without someone's help, `wait` seconds passed, or a stop was
    /// asked for (Ctrl-C: the report shows what was known then); shows
    /// progress on a terminal.
    private func waitForDeliveries(_ record: DrillRecord, _ c: Context) throws -> DrillReport {
        let progress = c.err.isTerminal && !c.quiet && !c.json
        let clock = ContinuousClock()
        let start = clock.now
        defer { if progress { c.err.write("\r\u{1B}[K") } }
        var waiter: (any ChangeWaiter)?
        while true {
            c.refreshNow()
            let now = try c.now()
            // The record as the account holds it now: its notices handed
            // out after the first transaction are noted there.
            let report = try c.reading { store, account in
                try DrillReport(account.drill?.id == record.id ? account.drill ?? record : record, of: account, store: store, now: now)
            }
            let waited = clock.now - start
            if !report.outcomes.contains(where: \.mayStillChange) || waited >= .seconds(wait) { return report }
            if progress {
                let took = report.outcomes.filter(\.tookIt).count
                c.err.write("\rWaiting for deliveries: \(took) of \(report.outcomes.count) took it "
                            + "(\(waited.components.seconds)s of \(DurationText.format(seconds: wait)))")
            }
            if waiter == nil { waiter = c.env.makeWaiter(try c.store().feedChanges(of: report.record.notices.map(\.responder))) }
            if waiter?.wait(seconds: Self.pollInterval) == .stopRequested { return report }
        }
    }
}
