import FoundationEssentials

/// The account's latest drill (`lifesignal drill`): a test notice sent to
/// every responder through the path a missed check-in takes, and what
/// became of it.
///
/// Kept on the account, so that a responder's `ack` and the drill's own
/// report read and write one record, and the next drill can be limited.
public struct DrillRecord: Codable, Sendable, Equatable {
    public var id: EntityID
    public var sentAt: Date
    /// The notice put into each responder's feed, by its position there.
    public var notices: [DrillNotice]
    /// The responders who acknowledged it, in order.
    public var acknowledgements: [DrillAcknowledgement]

    public init(id: EntityID, sentAt: Date, notices: [DrillNotice] = [], acknowledgements: [DrillAcknowledgement] = []) {
        self.id = id
        self.sentAt = sentAt
        self.notices = notices
        self.acknowledgements = acknowledgements
    }

    /// Drills sent closer together than this are refused: each one
    /// interrupts every responder, and a loop must not turn it into noise.
    public static let minimumSpacing: TimeInterval = 600
    /// How long after a drill its responders may acknowledge it.
    public static let acknowledgeable: TimeInterval = 86_400
    /// Records with more notices than this are impossible (damaged).
    public static let maxNotices = 10_000

    /// When the next drill may be sent.
    public var nextAllowed: Date { sentAt.addingTimeInterval(Self.minimumSpacing) }

    /// Whether `responder` may still acknowledge it at `now`: they were
    /// sent its notice, have not acknowledged it, and it is recent.
    public func awaitsAcknowledgement(by responder: EntityID, at now: Date) -> Bool {
        notices.contains { $0.responder == responder } && acknowledgement(by: responder) == nil
            && now.timeIntervalSince(sentAt) < Self.acknowledgeable
    }

    /// When `responder` acknowledged it, if they did.
    public func acknowledgement(by responder: EntityID) -> Date? {
        acknowledgements.first { $0.by == responder }?.at
    }
}

/// One responder's drill notice: where it lies in their feed.
public struct DrillNotice: Codable, Sendable, Equatable {
    public var responder: EntityID
    public var item: EntityID
    public var index: Int

    public init(responder: EntityID, item: EntityID, index: Int) {
        self.responder = responder
        self.item = item
        self.index = index
    }
}

/// A responder's answer to a drill (`ack`).
public struct DrillAcknowledgement: Codable, Sendable, Equatable {
    public var by: EntityID
    public var at: Date

    public init(by: EntityID, at: Date) {
        self.by = by
        self.at = at
    }
}
