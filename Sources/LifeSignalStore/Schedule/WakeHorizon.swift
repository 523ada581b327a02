import FoundationEssentials
import StoreBackends
import Synchronization

/// When a waiter on the schedule (the agent) wakes anyway, so that only a
/// schedule entry due before then need wake it sooner.
///
/// Every check-in anywhere moves its account's entry later: without a
/// horizon each one would wake every running agent for nothing. An entry
/// that appears before the horizon wakes the waiter; one at or after it,
/// and any removal, does not; a change that is not a schedule entry (the
/// agent's feed) always does. While a step reads the store, the horizon is
/// open (everything wakes), so a deadline written after the step's look at
/// the schedule and before it knows its next wake is never missed.
public final class WakeHorizon: Sendable {
    private let horizon = Mutex<Date>(.distantFuture)

    public init() {}

    /// Every change wakes the waiter, until `close(at:)`.
    public func open() { horizon.withLock { $0 = .distantFuture } }

    /// Only entries due before `wake` (and changes outside the schedule)
    /// wake the waiter.
    public func close(at wake: Date) { horizon.withLock { $0 = wake } }

    /// The filter for the store's change signal.
    var filter: StoreChangeFilter {
        { [self] change in matters(change) }
    }

    func matters(_ change: StoreChange) -> Bool {
        let prefix = StorePaths.schedule + "/"
        guard change.path.hasPrefix(prefix) else { return true }
        guard change.appeared else { return false }
        let parts = LayoutStore.components(of: change.path)
        guard parts.count == 5, let entry = ScheduleName.entry(parts[4]) else { return true }
        return entry.at < horizon.withLock { $0 }
    }
}
