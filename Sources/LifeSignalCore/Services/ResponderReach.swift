import ByteKeyed
import FoundationEssentials

/// The alarm an account's responders are being told of now: its alert, or
/// the missed check-in they were told of.
public enum CurrentAlarm: Sendable, Equatable {
    case alert(id: EntityID, raisedAt: Date)
    case missedCheckIn(due: Date)

    /// When it began: nothing older in a feed can be about it.
    public var since: Date {
        switch self {
        case .alert(_, let raisedAt): raisedAt
        case .missedCheckIn(let due): due
        }
    }

    /// The alert while one is raised, else the missed check-in once the
    /// responders were told of it; nil when there is nothing to tell.
    public static func of(_ account: Account, engine: DeadlineEngine = DeadlineEngine()) -> CurrentAlarm? {
        if let alert = account.alert { return .alert(id: alert.id, raisedAt: alert.activatedAt) }
        guard engine.isMissedNotified(account), let due = account.nextCheckInDue else { return nil }
        return .missedCheckIn(due: due)
    }

    /// Whether `item`, in a responder's feed, tells of this alarm.
    func isTold(by item: FeedItem, about account: EntityID) -> Bool {
        guard item.isCritical, item.relatedContactID == account else { return false }
        switch self {
        case .alert(let id, _): return item.type == .alert && item.relatedAlertID == id
        case .missedCheckIn(let due): return item.type == .checkIn && item.timestamp >= due
        }
    }
}

/// What became of an alarm's notice in one responder's feed: when it was
/// put there, when their notify command took it, and when they read it.
/// Repeated notices of the same alarm count from the first.
public struct Receipt: Sendable, Equatable {
    public var toldAt: Date?
    public var deliveredAt: Date?
    public var readAt: Date?

    public init(toldAt: Date? = nil, deliveredAt: Date? = nil, readAt: Date? = nil) {
        self.toldAt = toldAt
        self.deliveredAt = deliveredAt
        self.readAt = readAt
    }

    /// Items of a feed looked at, newest first, for one receipt: a few
    /// segments, whatever the feed's length.
    static let scanLimit = 500
    /// Clocks of different machines disagree a little: items up to this much
    /// older than the alarm are still looked at.
    static let clockSlack: TimeInterval = 3600

    /// The receipt of `alarm` in `recipient`'s feed.
    public static func find(_ alarm: CurrentAlarm, about account: EntityID, in recipient: EntityID,
                            store: any StoreReading) throws -> Receipt {
        var receipt = Receipt()
        var seen = 0
        let oldest = alarm.since.addingTimeInterval(-clockSlack)
        try store.visitFeed(of: recipient) { item in
            seen += 1
            if alarm.isTold(by: item, about: account) {
                receipt.toldAt = earliest(receipt.toldAt, item.timestamp)
                receipt.deliveredAt = earliest(receipt.deliveredAt, item.deliveredAt)
                receipt.readAt = earliest(receipt.readAt, item.readAt)
            }
            return seen < scanLimit && item.timestamp >= oldest
        }
        return receipt
    }

    private static func earliest(_ a: Date?, _ b: Date?) -> Date? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }
}

/// One responder of the signed-in account as its `status` shows them: who,
/// whether a notification reaches them beyond their feed, and what became
/// of the current alarm's notice to them.
public struct ResponderReach: Sendable {
    public var link: ContactLink
    /// Nil when their account cannot be read.
    public var account: Account?
    public var delivery: DeliveryReach
    /// Whether it really works: running, failing (since when, why), or not run.
    public var health: DeliveryHealth
    /// When their delivery last ran (`tick`, or an agent), when known.
    public var lastDeliveryRun: Date?
    /// The current alarm's receipt; nil when there is no alarm.
    public var receipt: Receipt?
    /// Why their files cannot be read, when they cannot.
    public var unreadable: String?

    public var id: EntityID { link.contactID }

    /// Reads the responder's account, delivery set-up and, with an alarm,
    /// their feed; a responder whose files cannot be read is listed as
    /// such, never a failure of the whole status.
    public init(_ link: ContactLink, of account: EntityID, alarm: CurrentAlarm?, store: any StoreReading, now: Date) throws {
        self.link = link
        delivery = .none
        health = DeliveryHealth(DeliverySetup(), liveSessions: ByteKeyedTable(), now: now)
        do {
            self.account = try store.account(link.contactID)
            let (setup, live) = try store.liveDeliverySetup(of: link.contactID)
            delivery = setup.reach(at: now, liveSessions: live)
            health = DeliveryHealth(setup, liveSessions: live, now: now)
            lastDeliveryRun = setup.lastRun(liveSessions: live)
            if let alarm { receipt = try Receipt.find(alarm, about: account, in: link.contactID, store: store) }
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            unreadable = failure.message
        }
    }

    /// Everyone who watches over `account`, in the order of its contacts.
    public static func all(of account: Account, store: any StoreReading, now: Date) throws -> [ResponderReach] {
        let alarm = CurrentAlarm.of(account)
        return try store.contacts(of: account.id).filter(\.isResponder).map {
            try ResponderReach($0, of: account.id, alarm: alarm, store: store, now: now)
        }
    }
}
