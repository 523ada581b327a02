import FoundationEssentials

/// A moment in a deadline's life at which something happens.
public struct Milestone: Sendable, Equatable {
    /// Unique among the milestones of one deadline, e.g. `reminder`, `missed`.
    public var key: String
    public var at: Date
    /// A milestone evaluated at or after this moment is skipped silently:
    /// a reminder is pointless once the deadline itself has passed.
    public var expiresAt: Date?
    public var effects: [DeadlineEffect]

    public init(key: String, at: Date, expiresAt: Date? = nil, effects: [DeadlineEffect]) {
        self.key = key
        self.at = at
        self.expiresAt = expiresAt
        self.effects = effects
    }
}

/// What firing a milestone does.
public enum DeadlineEffect: Sendable, Equatable {
    /// A notification in the account's own feed.
    case notifyAccount(FeedDraft)
    /// A notification in the feed of each of the account's responders.
    case notifyResponders(FeedDraft)
}

/// One rule of the deadline engine: the milestones it sets for a deadline.
///
/// New behaviour (a grace period, a snooze with an expiry, staged escalation,
/// repeated reminders) is a new rule or a parameter of one, not a change to
/// the engine.
public protocol DeadlineRule: Sendable {
    func milestones(for account: Account, due: Date) -> [Milestone]
}

/// The check-in reminder at `due − reminder`, to the account itself.
public struct ReminderRule: DeadlineRule {
    public init() {}

    public func milestones(for account: Account, due: Date) -> [Milestone] {
        let at = due.addingTimeInterval(-Double(account.reminderInterval))
        let draft = FeedDraft(
            type: .checkIn,
            title: "Check-in reminder",
            message: "Your check-in is due in \(RelativeTime.span(seconds: account.reminderInterval)). "
                + "Run 'lifesignal checkin'.")
        return [Milestone(key: "reminder", at: at, expiresAt: due, effects: [.notifyAccount(draft)])]
    }
}

/// The missed check-in at `due`, to the account and to every responder, with
/// the emergency note.
public struct MissedCheckInRule: DeadlineRule {
    public init() {}

    public func milestones(for account: Account, due: Date) -> [Milestone] {
        let own = FeedDraft(
            type: .checkIn,
            title: "You missed your check-in",
            message: "Your check-in was due at \(ISO8601.format(due)). Your responders have been told. "
                + "Run 'lifesignal checkin' to let them know you are safe.",
            relatedContactID: nil, isCritical: true)
        var message = "\(account.fullName) missed their check-in, due at \(ISO8601.format(due))."
        if !account.emergencyNote.isEmpty {
            message += " Emergency note: \(account.emergencyNote)"
        }
        let others = FeedDraft(type: .checkIn, title: "\(account.fullName) missed a check-in",
                               message: message, relatedContactID: account.id, isCritical: true)
        return [Milestone(key: MissedCheckInRule.key, at: due,
                          effects: [.notifyAccount(own), .notifyResponders(others)])]
    }

    /// The milestone key that marks an account as overdue and notified.
    public static let key = "missed"
}
