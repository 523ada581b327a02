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

    /// Whether an account whose responders' deliveries are `healths` (nil:
    /// their files cannot be read) looks watched but is reached by none on
    /// time: none works, and at least one is set up but fails or does not
    /// run. Responders who set up no delivery at all are shown as such in
    /// `status` from the start (nothing there looks set up), and without
    /// responders `checkin` warns.
    public static func isUnreached(_ healths: [DeliveryHealth?]) -> Bool {
        let states = healths.compactMap { $0?.state }
        return !states.contains(.working) && states.contains { $0 == .failing || $0 == .notRunning }
    }
}
