import FoundationEssentials

/// Whether a new interval or grace period puts the current deadline's
/// grace period in the past: the responders would be told at once that the
/// check-in was missed (right, when it happens, but worth a question first).
public enum PastDeadline {
    /// True when, with `checkIn` and `grace` (nil: unchanged), the grace
    /// period of the deadline would already be over at `now`, and nothing
    /// else (a miss already told, a pause) stands in the way.
    public static func tellsResponders(_ account: Account, checkIn: Int?, grace: Int?, now: Date,
                                       engine: DeadlineEngine = .standard) -> Bool {
        guard !engine.isMissedNotified(account), !account.isPaused(at: now) else { return false }
        var trial = account
        if let checkIn { trial.checkInInterval = checkIn }
        if let grace { trial.graceInterval = grace }
        guard let ends = engine.aligned(trial).graceEndsAt else { return false }
        return ends <= now
    }
}
