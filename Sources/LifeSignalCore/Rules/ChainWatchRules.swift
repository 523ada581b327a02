import FoundationEssentials

/// When the alarm chain's own faults are told: a condition is told when it
/// begins, at most once per `spacing` (a command that fails on and off is
/// told once a day, not at each change), and its end is told only when its
/// beginning was ("works again").
public enum ChainWatchRules {
    /// The least time between two notices of one condition to one account.
    public static let spacing: TimeInterval = 86_400
    /// Tries of a notify command that failed in a row before its owner is
    /// told: one failure may be a passing network fault.
    public static let failuresBeforeNotice = 3

    /// What a look at a condition tells its owner.
    public enum Step: Sendable, Equatable {
        case nothing
        case began
        case ended
    }

    /// The look at `now` that found the condition holding (`holds`) or
    /// not: updates its record and says what to tell.
    public static func step(_ record: inout WatchedCondition?, holds: Bool, now: Date) -> Step {
        guard holds else {
            guard var ended = record, ended.since != nil else {
                if let toldAt = record?.toldAt, !isRecent(toldAt, now: now) { record = nil }
                return .nothing
            }
            let told = ended.spellTold
            ended.since = nil
            ended.spellTold = false
            ended.shownAt = nil
            record = ended.toldAt.map { isRecent($0, now: now) } == true ? ended : nil
            return told ? .ended : .nothing
        }
        var holding = record ?? WatchedCondition()
        if holding.since == nil { holding.since = now }
        defer { record = holding }
        guard !holding.spellTold, holding.toldAt.map({ isRecent($0, now: now) }) != true else { return .nothing }
        holding.toldAt = now
        holding.spellTold = true
        return .began
    }

    /// Whether a notice at `toldAt` is too recent for another at `now` (a
    /// clock that went back counts as recent).
    static func isRecent(_ toldAt: Date, now: Date) -> Bool {
        let age = now.timeIntervalSince(toldAt)
        return age < spacing
    }

    /// Whether `health`, an account's own delivery, keeps failing.
    public static func keepsFailing(_ health: DeliveryHealth) -> Bool {
        health.state == .failing && health.failedAttempts >= failuresBeforeNotice
    }

    /// Whether an account whose responders have the deliveries `health`
    /// (nil: their files cannot be read) and watch over it `since` is
    /// reached by none of them on time at `now`: none works, and at least
    /// one fails, does not run, or has set up no delivery at all. Someone
    /// who became a responder is given the time a delivery may stay idle
    /// (`DeliveryHealth.idleAfter`) to set one up, so a new pair is not
    /// told the moment it links. Without responders `checkin` warns instead.
    public static func isUnreached(_ responders: [(health: DeliveryHealth?, since: Date)], now: Date) -> Bool {
        let counted = responders.compactMap { responder -> DeliveryHealth.State? in
            guard let state = responder.health?.state else { return nil }
            if state == .none, now.timeIntervalSince(responder.since) <= DeliveryHealth.idleAfter { return nil }
            return state
        }
        return !counted.isEmpty && !counted.contains(.working)
    }
}
