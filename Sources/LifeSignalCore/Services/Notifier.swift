import FoundationEssentials

/// Who a notification to several people reached.
public struct Reach: Sendable, Equatable {
    /// Recipients whose feed now holds it.
    public var told: [EntityID] = []
    /// Recipients whose files could not be read or written, so they were not told.
    public var unreachable: [EntityID] = []

    public init() {}

    /// Nobody was meant to be told (no responders).
    public var isNobody: Bool { told.isEmpty && unreachable.isEmpty }
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
        do {
            return try store.isolated { store in try store.appendFeed(draft, to: recipient, id: env.newID(), at: env.now) }
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            return nil
        }
    }

    /// Notifies everyone who watches over `account` (its responders), each on their own.
    @discardableResult
    func notifyResponders(of account: EntityID, _ draft: FeedDraft) throws -> Reach {
        try notify(try store.contacts(of: account).filter(\.isResponder).map(\.contactID), draft)
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
