import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import StoreOpening

/// The agent: sleeps until the earliest moment something needs doing, then
/// does it, until asked to stop.
///
/// It wakes for the next deadline of the store (the schedule's first
/// entry, not a fixed poll), for a change in the account's feed or a
/// deadline anywhere that falls before its next wake (the store's change
/// signal: inotify on a directory, a watch on etcd; `WakeHorizon`), for a
/// delivery retry that falls due, and for its heartbeat (its presence and
/// the store's last look, once a minute). Each wake is one
/// step: deadlines up to date, new items printed, delivery run, heartbeat
/// written when due. A stop request (SIGINT, SIGTERM) lets the step in hand
/// finish. Firing and delivery are safe to run in several agents at once:
/// the engine records each milestone once, and the delivery lease lets one
/// process at a time hand an account's items over.
///
/// It prints nothing: each thing that happens is an `AgentEvent` handed to
/// `emit` at once, for the command line to show.
public final class AgentLoop {
    private let c: AppSession
    private let emit: (AgentEvent, Date) -> Void
    private let rendering: NotificationRendering
    private let instance: String
    /// The next wake, below which a new schedule entry wakes the agent sooner.
    private let horizon = WakeHorizon()
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

    public init(context: AppSession, rendering: NotificationRendering, emit: @escaping (AgentEvent, Date) -> Void) {
        c = context
        self.rendering = rendering
        self.emit = emit
        instance = Hex.encode(context.env.random.bytes(16))
    }

    /// Runs until a stop is requested, or a failure that waiting will not mend.
    public func run() throws -> AgentEnd {
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
        let waiter = c.env.makeWaiter(try shared.agentChanges(of: start.account.id, horizon: horizon))
        let records = PresenceRecords(context: c)
        since = try c.now()
        try records.agentAlive(instance, since: since)
        emit(.started(account: start.account, store: shared.name, notifyCommand: try records.notifyCommandSince() != nil,
                      nextWake: start.wake), since)
        if caughtUp > 0 { emit(.deadlines(caughtUp), since) }
        // The first step prints what the catch-up put in the feed, and delivers it.
        var state = State(nextIndex: first, nextHeartbeat: since.addingTimeInterval(Keeping.heartbeat))
        while true {
            c.refreshNow()
            let now = try c.now()
            var wake: Date
            do {
                wake = try step(&state, waiter: waiter, records: records)
            } catch let failure as any UserFacingError {
                if Self.isFatal(failure) {
                    emit(.error(failure.message, kind: failure.kind, retryIn: nil), now)
                    try? records.agentStopped(instance)
                    return .failed(failure.kind)
                }
                let failed = (try? c.now()) ?? now
                let pause = Self.retryPause(c)
                state.failingSince = state.failingSince ?? now
                if let last = state.lastError, last.message == failure.message, failed.timeIntervalSince(last.at) < Self.repeatError {
                    // Said already: the log need not repeat it every few seconds.
                } else {
                    emit(.error(failure.message, kind: failure.kind, retryIn: pause), failed)
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
        emit(.stopped, try c.now())
        return .stopped
    }

    /// One step; returns when the next is due at the latest.
    private func step(_ state: inout State, waiter: any ChangeWaiter, records: PresenceRecords) throws -> Date {
        // Until this step knows its next wake, any new deadline wakes the next one.
        horizon.open()
        let notices = try c.store().catchUp(env: try c.core())
        if let down = state.failingSince {
            // Said before what was missed meanwhile, which follows.
            emit(.recovered(after: try c.now().timeIntervalSince(down)), try c.now())
            state.failingSince = nil
            state.lastError = nil
        }
        if notices > 0 { emit(.deadlines(notices), try c.now()) }

        let first = state.nextIndex
        let look = try c.reading { store, account in
            var items: [FeedItem] = []
            try store.visitFeed(of: account.id, from: first) { items.append($0); return items.count < Self.batch }
            return (items: items, wake: try store.nextScheduledWake())
        }
        for item in look.items {
            emit(.notification(item), try c.now())
            state.nextIndex = item.index + 1
        }

        var delivery = Delivery(context: c, rendering: rendering)
        delivery.liveClock = true
        delivery.shouldStop = { waiter.stopRequested }
        delivery.observe = { [emit, c] event in
            let now = (try? c.now()) ?? Date()
            switch event {
            case .delivered(let item): emit(.delivered(item), now)
            case .failed(let item, let outcome, let verdict): emit(.failed(item, outcome: outcome, verdict: verdict), now)
            }
        }
        let report = try delivery.run()
        let now = try c.now()
        if report.olderThanCommand > 0 { emit(.olderThanCommand(report.olderThanCommand), now) }
        if report.busy, !state.wasBusy { emit(.busy, now) }
        state.wasBusy = report.busy

        if now >= state.nextHeartbeat {
            // The heartbeat is news for others; failing it must not hold up
            // the deadlines or delivery: it is said once and tried again.
            do {
                try records.agentAlive(instance, since: since)
                state.heartbeatProblem = nil
            } catch let failure as any UserFacingError where !Self.isFatal(failure) {
                if state.heartbeatProblem != failure.message {
                    emit(.error(failure.message, kind: failure.kind, retryIn: Keeping.heartbeat), now)
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
        horizon.close(at: wake)
        return wake
    }

    /// The pause before trying a failing store again: a whole number of
    /// seconds (what the `error` line says) among `retrySeconds`, at random.
    public static func retryPause(_ c: AppSession) -> Double {
        Double(retrySeconds.lowerBound + Int(c.env.random.bytes(1)[0]) % retrySeconds.count)
    }

    /// Failures that waiting will not mend: the session ended (sign in
    /// again, then restart the agent), or the store is from a newer lifesignal.
    public static func isFatal(_ failure: any UserFacingError) -> Bool {
        switch failure.kind {
        case .notSignedIn, .usage, .refused: return true
        case .damaged:
            if let failure = failure as? StoreError, case .tooNew = failure { return true }
            return false
        default: return false
        }
    }
}

/// What happened in the agent, as it happens, for the command line to show.
public enum AgentEvent {
    /// It watches `store` for `account`.
    case started(account: Account, store: String, notifyCommand: Bool, nextWake: Date?)
    /// Deadlines brought up to date, with this many notices sent.
    case deadlines(Int)
    /// A new item in the account's feed.
    case notification(FeedItem)
    case delivered(FeedItem)
    case failed(FeedItem, outcome: ProcessOutcome, verdict: DeliveryLedger.Verdict)
    /// Items passed over because they came before the notify command started on this store.
    case olderThanCommand(Int)
    /// Another process delivers the account's items.
    case busy
    /// A step failed; it is tried again after `retryIn` seconds (never, when nil).
    case error(String, kind: FailureKind, retryIn: Double?)
    /// The store serves again after `after` seconds of failing steps.
    case recovered(after: Double)
    case stopped
}

/// How an agent ended.
public enum AgentEnd: Equatable {
    /// Asked to stop.
    case stopped
    /// A failure that waiting will not mend (`AgentLoop.isFatal`).
    case failed(FailureKind)
}
