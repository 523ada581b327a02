import FoundationEssentials
import LifeSignalCore
import LifeSignalStore

/// The agent: sleeps until the earliest moment something needs doing, then
/// does it, until asked to stop.
///
/// It wakes for the next deadline of the store (the schedule's first
/// entry, not a fixed poll), for a change in the account's feed or in the
/// schedule (the store's change signal: inotify on a directory, a watch on
/// etcd), for a delivery retry that falls due, and for its heartbeat (its
/// presence and the store's last look, once a minute). Each wake is one
/// step: deadlines up to date, new items printed, delivery run, heartbeat
/// written when due. A stop request (SIGINT, SIGTERM) lets the step in hand
/// finish. Firing and delivery are safe to run in several agents at once:
/// the engine records each milestone once, and the delivery lease lets one
/// process at a time hand an account's items over.
final class AgentLoop {
    private let c: Context
    private let events: AgentEvents
    private let instance: String
    /// When this agent started, as its presence in the store says.
    private var since = Date.distantPast

    /// While the store fails, it is tried again this many seconds after
    /// each failure, the second chosen at random among them (agents that
    /// lost the store together do not come back in step), so that what was
    /// missed is delivered within a few seconds of the store's return.
    static let retrySeconds = 2...4
    /// The same failure is said again after this long, so a log shows the
    /// outage goes on without a line per try.
    static let repeatError = 60.0
    /// While another process delivers, its progress wakes us; and failing
    /// that (it died mid-command), a look this soon.
    static let busyRetry = 5.0
    /// Items printed per step; more wait for the next step, at once.
    static let batch = 1000
    /// A wake rounded to the schedule's millisecond, and a little after it,
    /// so that the step finds the deadline due rather than a hair early.
    static let margin = 0.002

    /// What one step leaves for the next.
    private struct State {
        var nextIndex: Int
        var nextHeartbeat: Date
        var wasBusy = false
        /// Since when steps fail, and the last failure said (and when).
        var failingSince: Date?
        var lastError: (message: String, at: Date)?
        /// The schedule's first entry was already due after the last step:
        /// the next wait is not cut to nothing again (no spinning on an
        /// entry that a catch-up could not move).
        var wasDue = false
        /// The last heartbeat's failure, reported once until it changes.
        var heartbeatProblem: String?
    }

    init(context: Context) {
        c = context
        events = AgentEvents(c: context)
        instance = Hex.encode(context.env.random.bytes(16))
    }

    func run() throws -> Int32 {
        // Anything wrong at the start ends the agent with its own status,
        // which a service manager reports (and retries, for the store).
        let shared = try c.store()
        // Started after a deadline (the machine was off, the agent not yet
        // running), the catch-up is this agent's first work, and reported
        // as such: where the feed stood before it, then the catch-up itself,
        // before any other read could make it silently.
        let accountID = try c.session().accountID
        let first = try shared.readWithoutCatchUp { store in try store.feedSummary(of: accountID).nextIndex }
        let caughtUp = try shared.catchUp(env: try c.core())
        let start = try c.reading { store, account in (account: account, wake: try store.nextScheduledWake()) }
        // Made before the first step's reads, so no change in between is missed.
        let waiter = c.env.makeWaiter(try shared.agentChanges(of: start.account.id))
        let records = KeeperRecords(context: c)
        since = try c.now()
        try records.agentAlive(instance, since: since)
        events.started(account: start.account, store: shared.name, notifyCommand: try records.notifyCommandSince() != nil,
                       nextWake: start.wake, at: since)
        if caughtUp > 0 { events.deadlines(caughtUp, at: since) }
        // The first step prints what the catch-up put in the feed, and delivers it.
        var state = State(nextIndex: first, nextHeartbeat: since.addingTimeInterval(Keeping.heartbeat))
        while true {
            c.refreshNow()
            let now = try c.now()
            var wake: Date
            do {
                wake = try step(&state, waiter: waiter, records: records)
            } catch let failure as any UserFacingError {
                let code = ExitCode(failure.kind)
                if Self.isFatal(failure) {
                    events.error(failure.message, code: code, retryIn: nil, at: now)
                    try? records.agentStopped(instance)
                    return code.rawValue
                }
                let failed = (try? c.now()) ?? now
                let pause = Self.retryPause(c)
                state.failingSince = state.failingSince ?? now
                if let last = state.lastError, last.message == failure.message, failed.timeIntervalSince(last.at) < Self.repeatError {
                    // Said already: the log need not repeat it every few seconds.
                } else {
                    events.error(failure.message, code: code, retryIn: pause, at: failed)
                    state.lastError = (failure.message, failed)
                }
                wake = failed.addingTimeInterval(pause)
            }
            if waiter.stopRequested { break }
            let seconds = max(wake.timeIntervalSince(try c.now()), 0) + Self.margin
            if waiter.wait(seconds: seconds) == .stopRequested { break }
        }
        c.refreshNow()
        // Best effort: a presence not renewed counts as gone after a few minutes anyway.
        try? records.agentStopped(instance)
        events.stopped(at: try c.now())
        return success
    }

    /// One step; returns when the next is due at the latest.
    private func step(_ state: inout State, waiter: any ChangeWaiter, records: KeeperRecords) throws -> Date {
        let notices = try c.store().catchUp(env: try c.core())
        if let down = state.failingSince {
            // Said before what was missed meanwhile, which follows.
            events.recovered(after: try c.now().timeIntervalSince(down), at: try c.now())
            state.failingSince = nil
            state.lastError = nil
        }
        if notices > 0 { events.deadlines(notices, at: try c.now()) }

        let first = state.nextIndex
        let look = try c.reading { store, account in
            var items: [FeedItem] = []
            try store.visitFeed(of: account.id, from: first) { items.append($0); return items.count < Self.batch }
            return (items: items, wake: try store.nextScheduledWake())
        }
        for item in look.items {
            events.notification(item, at: try c.now())
            state.nextIndex = item.index + 1
        }

        var delivery = Delivery(context: c)
        delivery.liveClock = true
        delivery.shouldStop = { waiter.stopRequested }
        delivery.observe = { [events, c] event in
            let now = (try? c.now()) ?? Date()
            switch event {
            case .delivered(let item): events.delivered(item, at: now)
            case .failed(let item, let outcome, let verdict): events.failed(item, outcome: outcome, verdict: verdict, at: now)
            }
        }
        let report = try delivery.run()
        let now = try c.now()
        if report.olderThanCommand > 0 { events.olderThanCommand(report.olderThanCommand, at: now) }
        if report.busy, !state.wasBusy { events.busy(at: now) }
        state.wasBusy = report.busy

        if now >= state.nextHeartbeat {
            // The heartbeat is news for others; failing it must not hold up
            // the deadlines or delivery: it is said once and tried again.
            do {
                try records.agentAlive(instance, since: since)
                state.heartbeatProblem = nil
            } catch let failure as any UserFacingError where !Self.isFatal(failure) {
                if state.heartbeatProblem != failure.message {
                    events.error(failure.message, code: ExitCode(failure.kind), retryIn: Keeping.heartbeat, at: now)
                }
                state.heartbeatProblem = failure.message
            }
            state.nextHeartbeat = now.addingTimeInterval(Keeping.heartbeat)
        }

        var wake = [look.wake, report.nextRetry, state.nextHeartbeat].compactMap { $0 }.min() ?? state.nextHeartbeat
        if report.busy { wake = min(wake, now.addingTimeInterval(Self.busyRetry)) }
        if look.items.count >= Self.batch { wake = now }
        let due = look.wake.map { $0 <= now } ?? false
        if due, state.wasDue { wake = max(wake, now.addingTimeInterval(1)) }
        state.wasDue = due
        return wake
    }

    /// The pause before trying a failing store again: a whole number of
    /// seconds (what the `error` line says) among `retrySeconds`, at random.
    static func retryPause(_ c: Context) -> Double {
        Double(retrySeconds.lowerBound + Int(c.env.random.bytes(1)[0]) % retrySeconds.count)
    }

    /// Failures that waiting will not mend: the session ended (sign in
    /// again, then restart the agent), or the store is from a newer lifesignal.
    static func isFatal(_ failure: any UserFacingError) -> Bool {
        switch failure.kind {
        case .notSignedIn, .usage, .refused: return true
        case .damaged:
            if let failure = failure as? StoreError, case .tooNew = failure { return true }
            return false
        default: return false
        }
    }
}
