import FoundationEssentials

/// A responder's request that a dependent check in.
public struct Ping: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case pending, responded
    }

    public var id: EntityID
    public var senderID: EntityID
    public var recipientID: EntityID
    public var sentAt: Date
    public var status: Status
    public var respondedAt: Date?
    /// When an answer is expected by (`ping send --within`); nil: no window.
    public var answerBy: Date?
    /// Whether the recipient's other responders are told too when the window passes.
    public var escalate: Bool

    public init(id: EntityID, senderID: EntityID, recipientID: EntityID, sentAt: Date,
                answerBy: Date? = nil, escalate: Bool = false) {
        self.id = id
        self.senderID = senderID
        self.recipientID = recipientID
        self.sentAt = sentAt
        self.status = .pending
        self.respondedAt = nil
        self.answerBy = answerBy
        self.escalate = escalate
    }

    enum CodingKeys: String, CodingKey {
        case id, senderID, recipientID, sentAt, status, respondedAt, answerBy, escalate
    }

    /// Pings written before answer windows have none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(EntityID.self, forKey: .id)
        senderID = try c.decode(EntityID.self, forKey: .senderID)
        recipientID = try c.decode(EntityID.self, forKey: .recipientID)
        sentAt = try c.decode(Date.self, forKey: .sentAt)
        status = try c.decode(Status.self, forKey: .status)
        respondedAt = try c.decodeIfPresent(Date.self, forKey: .respondedAt)
        answerBy = try c.decodeIfPresent(Date.self, forKey: .answerBy)
        escalate = try c.decodeIfPresent(Bool.self, forKey: .escalate) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(senderID, forKey: .senderID)
        try c.encode(recipientID, forKey: .recipientID)
        try c.encode(sentAt, forKey: .sentAt)
        try c.encode(status, forKey: .status)
        try c.encodeIfPresent(respondedAt, forKey: .respondedAt)
        try c.encodeIfPresent(answerBy, forKey: .answerBy)
        if escalate { try c.encode(escalate, forKey: .escalate) }
    }
}
