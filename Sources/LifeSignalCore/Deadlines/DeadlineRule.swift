import FoundationEssentials

/// What the deadline rules look at: one account's current deadline and the
/// people who watch over it.
public struct DeadlineSubject: Sendable {
    public var account: Account
    /// The deadline being watched (`account.nextCheckInDue`).
    public var due: Date
    /// The account's responders as its contacts list them when the rules run.
    public var responders: [ContactLink]

    public init(account: Account, due: Date, responders: [ContactLink]) {
        self.account = account
        self.due = due
        self.responders = responders.filter(\.isResponder)
    }
}

/// One notification a milestone sends to one person.
public struct Notice: Sendable, Equatable {
    public var recipient: EntityID
    public var draft: FeedDraft

    public init(_ recipient: EntityID, _ draft: FeedDraft) {
        self.recipient = recipient
        self.draft = draft
    }
}

/// A moment in a deadline's life at which something happens.
public struct Milestone: Sendable {
    /// Unique among the milestones of one deadline, e.g. `reminder`, `missed`.
    public var key: String
    public var at: Date
    /// A milestone evaluated at or after this moment is skipped silently:
    /// a reminder is pointless once the deadline itself has passed.
    public var expiresAt: Date?
    /// Once fired, the deadline stands until the next check-in: others were
    /// told it was missed, so a new interval must not make that untrue.
    public var holdsDeadline: Bool
    /// The notices it sends when it fires at `firedAt` (at or after `at`,
    /// however late), so a text can say how much time is really left.
    public var notices: @Sendable (_ firedAt: Date) -> [Notice]

    public init(key: String, at: Date, expiresAt: Date? = nil, holdsDeadline: Bool = false,
                notices: @escaping @Sendable (_ firedAt: Date) -> [Notice]) {
        self.key = key
        self.at = at
        self.expiresAt = expiresAt
        self.holdsDeadline = holdsDeadline
        self.notices = notices
    }

    /// Marks one notice of this milestone as delivered or owed.
    public func noticeKey(_ notice: Notice) -> String { key + ">" + notice.recipient.rawValue }
}

/// One rule of the deadline engine: the milestones it sets for a deadline.
///
/// New behaviour (a grace period, staged escalation per responder, repeats,
/// a snooze with an expiry) is a new rule or a parameter of one, not a
/// change to the engine: the engine fires each milestone once, delivers its
/// notices, keeps the ones it could not deliver, and schedules the next.
public protocol DeadlineRule: Sendable {
    func milestones(for subject: DeadlineSubject) -> [Milestone]
}

/// The check-in reminder at `due − reminder`, to the account itself.
public struct ReminderRule: DeadlineRule {
    public init() {}

    public func milestones(for subject: DeadlineSubject) -> [Milestone] {
        let (id, due) = (subject.account.id, subject.due)
        let at = due.addingTimeInterval(-Double(subject.account.reminderInterval))
        return [Milestone(key: "reminder", at: at, expiresAt: due) { firedAt in
            let left = RelativeTime.span(seconds: max(0, Int(due.timeIntervalSince(firedAt))))
            return [Notice(id, FeedDraft(
                type: .checkIn, title: "Check-in reminder",
                message: "Your check-in is due in \(left), at \(ISO8601.format(due)). Run 'lifesignal checkin'."))]
        }]
    }
}

/// The missed check-in at `due`: to the account, and to every responder with
/// the emergency note. It holds the deadline until the next check-in.
public struct MissedCheckInRule: DeadlineRule {
    public init() {}

    /// The milestone key that marks an account as overdue and notified.
    public static let key = "missed"

    public func milestones(for subject: DeadlineSubject) -> [Milestone] {
        let account = subject.account, due = subject.due
        let responders = subject.responders.map(\.contactID)
        let told = switch responders.count {
        case 0: "Nobody was told: you have no responders (add one with 'lifesignal contacts add CODE --responder'). "
            + "Run 'lifesignal checkin' to start again."
        case 1: "Your responder has been told. Run 'lifesignal checkin' to let them know you are safe."
        default: "Your \(responders.count) responders have been told. Run 'lifesignal checkin' to let them know you are safe."
        }
        let own = FeedDraft(type: .checkIn, title: "You missed your check-in",
                            message: "Your check-in was due at \(ISO8601.format(due)). \(told)",
                            relatedContactID: nil, isCritical: true)
        var message = "\(account.fullName) missed their check-in, due at \(ISO8601.format(due))."
        if !account.emergencyNote.isEmpty { message += " Emergency note: \(account.emergencyNote)" }
        let others = FeedDraft(type: .checkIn, title: "\(account.fullName) missed a check-in",
                               message: message, relatedContactID: account.id, isCritical: true)
        return [Milestone(key: Self.key, at: due, holdsDeadline: true) { _ in
            [Notice(account.id, own)] + responders.map { Notice($0, others) }
        }]
    }
}
