import FoundationEssentials

/// What the deadline rules look at: one account's current deadline, what
/// has fired of it, and the people who watch over it.
public struct DeadlineSubject: Sendable {
    public var account: Account
    /// The deadline being watched (`account.nextCheckInDue`); nil before the
    /// first check-in, when only standing milestones (answer windows) exist.
    public var due: Date?
    /// The account's responders as its contacts list them when the rules run.
    public var responders: [ContactLink]

    public init(account: Account, responders: [ContactLink]) {
        self.account = account
        self.due = account.nextCheckInDue
        self.responders = responders.filter(\.isResponder)
    }

    /// What has fired of the current cycle.
    public var marks: DeadlineMarks { account.deadlines }

    /// When responders start being told: the deadline plus the grace period.
    public var graceEnds: Date? { due?.addingTimeInterval(Double(account.graceInterval)) }
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
    /// What a timeline shows it as; nil for milestones a timeline leaves out.
    public var event: TimelineEvent?
    /// Seconds after which it happens again, and again, while the rules give
    /// it: each occurrence once, and only the latest of several that passed
    /// while nothing ran.
    public var period: Int?
    /// Not part of the deadline's cycle (a ping's answer window): it fires
    /// once whatever check-ins happen meanwhile.
    public var isStanding: Bool
    /// The notices it sends when it fires at `firedAt` (at or after `at`,
    /// however late), so a text can say how much time is really left.
    public var notices: @Sendable (_ firedAt: Date) -> [Notice]

    public init(key: String, at: Date, expiresAt: Date? = nil, holdsDeadline: Bool = false, event: TimelineEvent? = nil,
                period: Int? = nil, isStanding: Bool = false,
                notices: @escaping @Sendable (_ firedAt: Date) -> [Notice]) {
        self.key = key
        self.at = at
        self.expiresAt = expiresAt
        self.holdsDeadline = holdsDeadline
        self.event = event
        self.period = period
        self.isStanding = isStanding
        self.notices = notices
    }

    /// Marks one notice of this milestone as delivered or owed.
    public func noticeKey(_ notice: Notice) -> String { key + ">" + notice.recipient.rawValue }

    /// The moment of occurrence `index` (0 is `at`).
    public func occurrence(_ index: Int) -> Date {
        at.addingTimeInterval(Double(index * (period ?? 0)))
    }

    /// The latest occurrence due at `now`, nil before the first.
    public func latestOccurrence(at now: Date) -> Int? {
        guard now >= at else { return nil }
        guard let period, period > 0 else { return 0 }
        return WholeSeconds.of(now.timeIntervalSince(at) / Double(period))
    }
}

/// One rule of the deadline engine: the milestones it sets for a deadline.
///
/// Behaviour (a grace period, escalation per responder, repeats, a pause's
/// end, a ping's answer window) is a rule, not a change to the engine: the
/// engine fires each milestone once, in time order, delivers its notices,
/// keeps the ones it could not deliver, and schedules the next. A rule sees
/// what has fired (`subject.marks`), so a later step may follow an earlier.
public protocol DeadlineRule: Sendable {
    func milestones(for subject: DeadlineSubject) -> [Milestone]

    /// Keys of its milestones that belong to the cycle rather than to its
    /// deadline (a pause's end): each fires once in a cycle, however often
    /// the deadline moves within it (a new interval, an extension).
    var cycleKeys: [String] { get }
}

extension DeadlineRule {
    public var cycleKeys: [String] { [] }
}
