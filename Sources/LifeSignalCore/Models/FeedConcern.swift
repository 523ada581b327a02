import FoundationEssentials

/// What a feed item is to its owner, as the preferences see it.
///
/// Read from the fields every notice already has, so items written before
/// the distinction existed are read the same way: a notice about another
/// account's check-in or alert names that account (`relatedContactID`),
/// and only such a notice about someone in danger is critical; a notice
/// about your own missed check-in or alert names nobody, or the responder
/// who is handling it (`acknowledgedBy`).
public enum FeedConcern: Sendable, Equatable {
    /// Someone you watch may be in danger: a missed check-in (every step and
    /// repeat), an alert (duress included), an unanswered ping, an account
    /// that can no longer be watched.
    case dependentAlarm
    /// News about someone you watch that is no alarm.
    case dependentNews
    /// About yourself, or your links and pings.
    case own

    public init(_ item: FeedItem) {
        guard let other = item.relatedContactID, other != item.acknowledgedBy else {
            self = .own
            return
        }
        // A drill's notice goes the way an alarm would: that is its test.
        if item.isCritical || item.type == .test {
            self = .dependentAlarm
        } else {
            self = item.type == .checkIn || item.type == .alert ? .dependentNews : .own
        }
    }
}
