import FoundationEssentials

/// Who a notification to several people reached.
public struct Reach: Sendable, Equatable {
    /// Recipients whose feed now holds it.
    public var told: [EntityID] = []
    /// Recipients whose files could not be read or written, so they were not told.
    public var unreachable: [EntityID] = []
    /// Why the responders were found from their side of each link: the
    /// sender's own contacts file cannot be read (nil when it could).
    public var contactsProblem: String?
    /// Recipients told in transactions after the one that started the
    /// notice (`FanOut`): counted, not listed.
    public var toldLater = 0
    /// The fan-out still being handed out (`FanOut.key`), nil when everyone
    /// was told or skipped: its command asks again (`Notifier.outcome`).
    public var pending: String?

    public init() {}

    /// How many recipients were told, in this transaction and later ones.
    public var toldCount: Int { told.count + toldLater }

    /// Nobody was meant to be told (no responders).
    public var isNobody: Bool { toldCount == 0 && unreachable.isEmpty && pending == nil }
}

/// Puts notifications into feeds: the account's own, or its responders'.
struct Notifier {
    let store: any StoreWriting
    let env: CoreEnvironment

    @discardableResult
    func notify(_ recipient: EntityID, _ draft: FeedDraft) throws -> FeedItem {
        try store.appendFeed(draft, to: recipient, id: env.newID(), at: env.now)
    }

    /// Notifies one recipient all or nothing; false when their feed cannot
    /// be read, so that one person's damaged files never stop a
    /// notification to the others (or the command that sends it).
    func deliver(_ recipient: EntityID, _ draft: FeedDraft) throws -> Bool {
        try deliverItem(recipient, draft) != nil
    }

    /// `deliver`, with the item it became; nil when it could not be delivered.
    func deliverItem(_ recipient: EntityID, _ draft: FeedDraft) throws -> FeedItem? {
        var draft = draft
        if let zoned = draft.zonedDue, let reader = try? store.account(recipient) {
            draft.message = zoned.message(draft.message, readerZone: reader.timeZone ?? ZoneName.utc.rawValue, zones: env.zones)
        }
        do {
            return try store.isolated { store in try store.appendFeed(draft, to: recipient, id: env.newID(), at: env.now) }
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            return nil
        }
    }

    /// Notifies everyone who watches over `account` (its responders), each
    /// on their own; found from their side of each link when the account's
    /// own contacts file cannot be read (the reach says so).
    @discardableResult
    func notifyResponders(of account: EntityID, _ draft: FeedDraft) throws -> Reach {
        let found = try store.responders(of: account)
        var reach = try notify(found.links.map(\.contactID), draft)
        reach.contactsProblem = found.problem
        return reach
    }

    /// Notifies each of `recipients` on their own.
    @discardableResult
    func notify(_ recipients: [EntityID], _ draft: FeedDraft) throws -> Reach {
        var reach = Reach()
        for recipient in recipients {
            if try deliver(recipient, draft) { reach.told.append(recipient) } else { reach.unreachable.append(recipient) }
        }
        return reach
    }
}

extension StoreReading {
    /// The responders of `id` as its contacts list them or, when its
    /// contacts file cannot be read, as the other side of each link says,
    /// with what could not be read: an alarm must reach everyone who can be
    /// found whatever one file of the account says.
    public func responders(of id: EntityID) throws -> (links: [ContactLink], problem: String?) {
        do {
            return (try contacts(of: id).filter(\.isResponder), nil)
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            return (try linksFromOthers(to: id).filter(\.isResponder), failure.message)
        }
    }
}
