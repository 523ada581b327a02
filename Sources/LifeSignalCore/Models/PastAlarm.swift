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
        let marks = account.deadlines
        let notices = marks.log.filter { $0.event == .notify }.flatMap { step in
            step.notices.filter { $0.recipient != account.id }.map {
                PastNotice(recipient: $0.recipient, dueAt: step.at, toldAt: $0.toldAt, item: $0.item,
                           acknowledgedAt: $0.recipient == marks.acknowledgedBy ? marks.acknowledgedAt : nil)
            }
        }
        return PastAlarm(kind: .missedCheckIn, at: due, notices: notices)
    }

    /// The alert `alert` as far as it went: each responder was to be told
    /// when it was raised; those its fan-out (`owed`) had not told yet,
    /// never were. Its acknowledgement is on the responder who gave it.
    public static func of(_ alert: ActiveAlert, owed: [EntityID] = []) -> PastAlarm {
        var notices = alert.notices
        notices += owed.map { PastNotice(recipient: $0, dueAt: alert.activatedAt, toldAt: nil, item: nil) }
        if let by = alert.acknowledgedBy, let index = notices.firstIndex(where: { $0.recipient == by }) {
            notices[index].acknowledgedAt = alert.acknowledgedAt
        }
        return PastAlarm(kind: .alert, at: alert.activatedAt, notices: notices)
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
    /// When they said they were handling it (`ack`); nil when they did not.
    public var acknowledgedAt: Date?

    public init(recipient: EntityID, dueAt: Date, toldAt: Date?, item: Int?, acknowledgedAt: Date? = nil) {
        self.recipient = recipient
        self.dueAt = dueAt
        self.toldAt = toldAt
        self.item = item
        self.acknowledgedAt = acknowledgedAt
    }
}

extension Account {
    /// Notes where the account's alert notice `draft` to `recipient` landed
    /// (`item`; nil when their feed could not take it), for `report`: any
    /// other notice, and the duress alert's (never shown in the account's
    /// own views), change nothing.
    public mutating func note(_ draft: FeedDraft, to recipient: EntityID, item: FeedItem?) {
        guard draft.type == .alert, draft.isCritical, !draft.duress, draft.acknowledgedBy == nil,
              var alert, draft.relatedAlertID == alert.id else { return }
        alert.notices.append(PastNotice(recipient: recipient, dueAt: alert.activatedAt, toldAt: item?.timestamp,
                                        item: item?.index))
        self.alert = alert
    }

    /// The account's alert as `report` counts it: the notices so far, and
    /// whom its fan-out has not told yet. Nil without one.
    public var alertSoFar: PastAlarm? {
        guard let alert else { return nil }
        return PastAlarm.of(alert, owed: fanOuts.first { $0.key == alert.fanOutKey }?.owed ?? [])
    }

    /// Keeps `alarm` for `report`, dropping what is too many or too old.
    public mutating func keep(_ alarm: PastAlarm, now: Date) {
        pastAlarms.append(alarm)
        let oldest = now.addingTimeInterval(-Double(PastAlarm.keptSeconds))
        pastAlarms.removeAll { $0.at < oldest }
        if pastAlarms.count > PastAlarm.kept { pastAlarms.removeFirst(pastAlarms.count - PastAlarm.kept) }
    }
}
