import ByteKeyed
import FoundationEssentials

/// What the deadline engine has already done in the current cycle (from one
/// check-in, or the end of a pause, to the next), so that each milestone
/// happens exactly once.
public struct DeadlineMarks: Codable, Sendable, Equatable {
    /// The marks' format: nil for marks written before issue 14, whose
    /// `missed` key told every responder at once.
    public static let currentVersion = 2

    public var version: Int?
    /// The start of the cycle (`Account.cycleStart`); a new cycle starts afresh.
    public var cycleStart: Date?
    /// The deadline the fired keys belong to. Until it is held, a moved
    /// deadline (a new interval, an extension) is a new deadline with
    /// milestones of its own.
    public var cycleDue: Date?
    /// Keys of the milestones already fired (or skipped) for `cycleDue`.
    public var fired: [String] = []
    /// A deadline others were told was missed: it stands until the next
    /// check-in, whatever the interval becomes meanwhile.
    public var heldDue: Date?
    /// Keys of notices (`Milestone.noticeKey`) of fired milestones that
    /// could not be delivered yet (the recipient's files could not be read).
    public var owed: [String] = []
    /// When owed notices are tried again.
    public var retryAt: Date?
    /// The last occurrence fired of each repeating milestone, by key (a
    /// `ByteKeyedTable`: every command reads the marks, and a String-keyed
    /// Dictionary's first use costs a conformance scan).
    public var occurrences: ByteKeyedTable<Int> = ByteKeyedTable()
    /// What fired in this cycle that a timeline shows, in order: when, and
    /// whom it reached (the last occurrence only, for a repeating one).
    public var log: [FiredStep] = []
    /// The responder who said they are handling this missed deadline, and
    /// when: later escalation steps and repeats stop.
    public var acknowledgedBy: EntityID?
    public var acknowledgedAt: Date?
    /// Keys of standing milestones (not tied to a cycle: a ping's answer
    /// window) already fired; kept across cycles while the rules give them.
    public var standing: [String] = []

    public init() {
        version = Self.currentVersion
    }

    init(cycleStart: Date, cycleDue: Date, standing: [String]) {
        version = Self.currentVersion
        self.cycleStart = cycleStart
        self.cycleDue = cycleDue
        self.standing = standing
    }

    /// The marks once the deadline moved within its cycle to `due`: what
    /// belongs to the deadline starts afresh; the milestones of the cycle
    /// itself (`cycleKeys`) stay fired, with their log and their notices
    /// still owed, so they never fire again.
    func moved(to due: Date, keeping cycleKeys: [String]) -> DeadlineMarks {
        var moved = DeadlineMarks()
        moved.cycleStart = cycleStart
        moved.cycleDue = due
        moved.standing = standing
        guard !cycleKeys.isEmpty else { return moved }
        moved.fired = fired.filter(cycleKeys.contains)
        moved.log = log.filter { cycleKeys.contains($0.key) }
        moved.owed = owed.filter { owed in cycleKeys.contains { owed.hasPrefix($0 + ">") } }
        moved.retryAt = moved.owed.isEmpty ? nil : retryAt
        return moved
    }

    public func hasFired(_ key: String, forDue due: Date) -> Bool {
        cycleDue == due && hasFired(key)
    }

    /// Whether the milestone `key` of this cycle fired. Marks of an older
    /// lifesignal that told every responder at once (`told:*`) count as
    /// having told each of them.
    public func hasFired(_ key: String) -> Bool {
        fired.contains(key) || (key.hasPrefix(EscalationRule.prefix) && fired.contains(EscalationRule.everyone))
    }

    /// When the milestone `key` fired, as the log has it.
    public func firedAt(_ key: String) -> Date? {
        log.last { $0.key == key }?.firedAt
    }

    enum CodingKeys: String, CodingKey {
        case version, cycleStart, cycleDue, fired, heldDue, owed, retryAt, occurrences, log
        case acknowledgedBy, acknowledgedAt, standing
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version)
        cycleStart = try container.decodeIfPresent(Date.self, forKey: .cycleStart)
        cycleDue = try container.decodeIfPresent(Date.self, forKey: .cycleDue)
        fired = try container.decodeIfPresent([String].self, forKey: .fired) ?? []
        heldDue = try container.decodeIfPresent(Date.self, forKey: .heldDue)
        owed = try container.decodeIfPresent([String].self, forKey: .owed) ?? []
        retryAt = try container.decodeIfPresent(Date.self, forKey: .retryAt)
        occurrences = try container.decodeIfPresent(ByteKeyedTable<Int>.self, forKey: .occurrences) ?? ByteKeyedTable()
        log = try container.decodeIfPresent([FiredStep].self, forKey: .log) ?? []
        acknowledgedBy = try container.decodeIfPresent(EntityID.self, forKey: .acknowledgedBy)
        acknowledgedAt = try container.decodeIfPresent(Date.self, forKey: .acknowledgedAt)
        standing = try container.decodeIfPresent([String].self, forKey: .standing) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(version, forKey: .version)
        try container.encodeIfPresent(cycleStart, forKey: .cycleStart)
        try container.encodeIfPresent(cycleDue, forKey: .cycleDue)
        try container.encode(fired, forKey: .fired)
        try container.encodeIfPresent(heldDue, forKey: .heldDue)
        if !owed.isEmpty { try container.encode(owed, forKey: .owed) }
        try container.encodeIfPresent(retryAt, forKey: .retryAt)
        if !occurrences.isEmpty { try container.encode(occurrences, forKey: .occurrences) }
        if !log.isEmpty { try container.encode(log, forKey: .log) }
        try container.encodeIfPresent(acknowledgedBy, forKey: .acknowledgedBy)
        try container.encodeIfPresent(acknowledgedAt, forKey: .acknowledgedAt)
        if !standing.isEmpty { try container.encode(standing, forKey: .standing) }
    }
}

/// What a timeline calls a step of a deadline (CLI.md's `event` names).
public enum TimelineEvent: String, Codable, Sendable, CaseIterable {
    case reminder, due, notify, `repeat`, pauseEnds
}

/// One milestone as it fired: the record a timeline shows for the past.
public struct FiredStep: Codable, Sendable, Equatable {
    public var key: String
    public var event: TimelineEvent
    /// When the rules set it for (for a repeat, the occurrence's moment).
    public var at: Date
    /// When it fired: at `at`, or later when nothing ran then.
    public var firedAt: Date
    /// Each notice it sent, in the order of the rules.
    public var notices: [NoticeRecord]

    public init(key: String, event: TimelineEvent, at: Date, firedAt: Date, notices: [NoticeRecord]) {
        self.key = key
        self.event = event
        self.at = at
        self.firedAt = firedAt
        self.notices = notices
    }
}

/// One notice of a fired milestone: whom it was for, and where it landed.
public struct NoticeRecord: Codable, Sendable, Equatable {
    public var recipient: EntityID
    /// When it was put in the recipient's feed; nil while it is owed.
    public var toldAt: Date?
    /// The feed item it became (its index in the recipient's feed).
    public var item: Int?

    public init(recipient: EntityID, toldAt: Date? = nil, item: Int? = nil) {
        self.recipient = recipient
        self.toldAt = toldAt
        self.item = item
    }
}
