import ByteKeyed
import FoundationEssentials

/// Whether an account's notifications really reach it beyond its feed, as
/// the people it watches over are shown it: a set-up alone says nothing
/// of a notify command that fails at every try, or that nothing runs.
public struct DeliveryHealth: Sendable, Equatable {
    /// CLI.md's `reach` of a responder.
    public enum State: String, Sendable, CaseIterable {
        /// A notify command or an agent is set up, runs, and the command did
        /// not fail at its last try.
        case working
        /// The notify command failed at every try since `failingSince`.
        case failing
        /// Set up, but no agent runs and no `tick` ran it for longer than
        /// `idleAfter` (or ever).
        case notRunning
        /// Neither a notify command nor an agent: notifications wait in the feed.
        case none
    }

    public var state: State
    /// When a notify command last took an item.
    public var lastDeliveredAt: Date?
    /// When failing: since when, how many tries, and the last error (one
    /// line, as the responder's own lifesignal wrote it: show it as
    /// untrusted text).
    public var failingSince: Date?
    public var failedAttempts: Int
    public var lastError: String?
    /// When delivery last ran (`tick` or an agent) where it is set up.
    public var lastRun: Date?
    /// An agent runs (it delivers the moment something arrives).
    public var agentRunning: Bool

    /// Delivery that last ran longer ago than this, with no agent, is not
    /// running: cron's `tick` runs every few minutes, an agent at once.
    public static let idleAfter: TimeInterval = 3600

    /// What `setup` amounts to at `now`, counting only the sign-ins in
    /// `liveSessions` (one that ended delivers nothing). With several
    /// machines, one that works is enough.
    public init(_ setup: DeliverySetup, liveSessions: ByteKeyedTable<Void>, now: Date) {
        let live = setup.places.filter { liveSessions.contains($0.key) }.values
        let running = { (place: DeliveryPlace) in place.agents.values.contains { $0.isLive(at: now) } }
        let configured = live.filter { $0.notifyCommandSince != nil || running($0) }
        lastDeliveredAt = live.compactMap(\.lastDeliveredAt).max()
        failingSince = nil
        failedAttempts = 0
        lastError = nil
        let working = configured.filter { $0.failingSince == nil }
        agentRunning = configured.contains(where: running)
        lastRun = configured.compactMap(\.lastRunAt).max()
        if configured.isEmpty {
            state = .none
        } else if working.isEmpty {
            state = .failing
            let latest = configured.max { ($0.failingSince ?? .distantPast) < ($1.failingSince ?? .distantPast) }
            failingSince = configured.compactMap(\.failingSince).min()
            failedAttempts = configured.reduce(0) { $0 + $1.failedAttempts }
            lastError = latest?.lastError
        } else if working.contains(where: running) {
            state = .working
        } else {
            let ran = working.compactMap(\.lastRunAt).max()
            state = ran.map { now.timeIntervalSince($0) <= Self.idleAfter } == true ? .working : .notRunning
        }
    }
}
