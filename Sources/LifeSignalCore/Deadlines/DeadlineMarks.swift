import FoundationEssentials

/// What the deadline engine has already done in the current cycle (from one
/// check-in to the next), so that each milestone happens exactly once.
public struct DeadlineMarks: Codable, Sendable, Equatable {
    /// The check-in that started the cycle; a check-in starts afresh.
    public var cycleStart: Date?
    /// The deadline the fired keys belong to. Until it is held, a moved
    /// deadline (a new interval) is a new deadline with milestones of its own.
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

    public init() {}

    init(cycleStart: Date, cycleDue: Date) {
        self.cycleStart = cycleStart
        self.cycleDue = cycleDue
    }

    public func hasFired(_ key: String, forDue due: Date) -> Bool {
        cycleDue == due && fired.contains(key)
    }

    enum CodingKeys: String, CodingKey {
        case cycleStart, cycleDue, fired, heldDue, owed, retryAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cycleStart = try container.decodeIfPresent(Date.self, forKey: .cycleStart)
        cycleDue = try container.decodeIfPresent(Date.self, forKey: .cycleDue)
        fired = try container.decodeIfPresent([String].self, forKey: .fired) ?? []
        heldDue = try container.decodeIfPresent(Date.self, forKey: .heldDue)
        owed = try container.decodeIfPresent([String].self, forKey: .owed) ?? []
        retryAt = try container.decodeIfPresent(Date.self, forKey: .retryAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(cycleStart, forKey: .cycleStart)
        try container.encodeIfPresent(cycleDue, forKey: .cycleDue)
        try container.encode(fired, forKey: .fired)
        try container.encodeIfPresent(heldDue, forKey: .heldDue)
        if !owed.isEmpty { try container.encode(owed, forKey: .owed) }
        try container.encodeIfPresent(retryAt, forKey: .retryAt)
    }
}
