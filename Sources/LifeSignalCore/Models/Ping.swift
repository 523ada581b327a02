import FoundationEssentials

/// A responder's request that a dependent check in.
public struct Ping: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable, CaseIterable {
        case pending, responded
    }

    public var id: EntityID
    public var senderID: EntityID
    public var recipientID: EntityID
    public var sentAt: Date
    public var status: Status
    public var respondedAt: Date?

    public init(id: EntityID, senderID: EntityID, recipientID: EntityID, sentAt: Date) {
        self.id = id
        self.senderID = senderID
        self.recipientID = recipientID
        self.sentAt = sentAt
        self.status = .pending
        self.respondedAt = nil
    }
}
