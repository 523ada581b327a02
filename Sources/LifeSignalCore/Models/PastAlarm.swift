import FoundationEssentials

/// A missed check-in or an alert that is over, kept for `report`: when each
/// responder was to be told, and where the notice landed (its delivery and
/// reading are on the item, in the responder's feed).
public struct PastAlarm: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case missedCheckIn, alert
    }

    public var kind: Kind
    /// The deadline missed, or when the alert was raised.
    public var at: Date
    public var notices: [PastNotice]

    public init(kind: Kind, at: Date, notices: [PastNotice]) {
        self.kind = kind
        self.at = at
        self.notices = notices
    }

    /// Past alarms an account keeps: the latest, within the longest `report` looks back.
    public static let kept = 200
    public static let keptSeconds = 400 * 86_400

    /// The missed deadline `account` (aligned) holds: each responder's
    /// notice of it, due when the rules set it (`due + grace + delay`).
    /// Nil when its responders were not told of a miss.
    public static func missed(_ account: Account) -> PastAlarm? {
        guard let due = account.deadlines.heldDue else { return nil }
        let notices = account.deadlines.log.filter { $0.event == .notify }.flatMap { step in
            step.notices.filter { $0.recipient != account.id }.map {
                PastNotice(recipient: $0.recipient, dueAt: step.at, toldAt: $0.toldAt, item: $0.item)
            }
        }
        return PastAlarm(kind: .missedCheckIn, at: due, notices: notices)
    }
}

/// One responder's notice of a past alarm.
public struct PastNotice: Codable, Sendable, Equatable {
    public var recipient: EntityID
    /// When the rules said they were to be told.
    public var dueAt: Date
    /// When it was put in their feed; nil when it never was.
    public var toldAt: Date?
    /// The feed item it became.
    public var item: Int?

    public init(recipient: EntityID, dueAt: Date, toldAt: Date?, item: Int?) {
        self.recipient = recipient
        self.dueAt = dueAt
        self.toldAt = toldAt
        self.item = item
    }
}

extension Account {
    /// Keeps `alarm` for `report`, dropping what is too many or too old.
    public mutating func keep(_ alarm: PastAlarm, now: Date) {
        pastAlarms.append(alarm)
        let oldest = now.addingTimeInterval(-Double(PastAlarm.keptSeconds))
        pastAlarms.removeAll { $0.at < oldest }
        if pastAlarms.count > PastAlarm.kept { pastAlarms.removeFirst(pastAlarms.count - PastAlarm.kept) }
    }
}
