import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

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
        let sent = try c.writing { store, account in
            var account = account
            return try DrillService(store: store, env: try c.core()).send(&account)
        }
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
            let report = try c.reading { store, account in try DrillReport(record, of: account, store: store, now: now) }
            let waited = clock.now - start
            if !report.outcomes.contains(where: \.mayStillChange) || waited >= .seconds(wait) { return report }
            if progress {
                let took = report.outcomes.filter(\.tookIt).count
                c.err.write("\rWaiting for deliveries: \(took) of \(report.outcomes.count) took it "
                            + "(\(waited.components.seconds)s of \(DurationText.format(seconds: wait)))")
            }
            if waiter == nil { waiter = c.env.makeWaiter(try c.store().feedChanges(of: record.notices.map(\.responder))) }
            if waiter?.wait(seconds: Self.pollInterval) == .stopRequested { return report }
        }
    }
}
