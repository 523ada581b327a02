import FoundationEssentials

/// Puts notifications into feeds: the account's own, or its responders'.
struct Notifier {
    let store: any StoreWriting
    let env: CoreEnvironment

    @discardableResult
    func notify(_ recipient: EntityID, _ draft: FeedDraft) throws -> FeedItem {
        try store.appendFeed(draft, to: recipient, id: env.newID(), at: env.now)
    }

    /// Notifies everyone who watches over `account` (its responders).
    func notifyResponders(of account: EntityID, _ draft: FeedDraft) throws {
        for link in try store.contacts(of: account) where link.isResponder {
            try notify(link.contactID, draft)
        }
    }

    func apply(_ effects: [DeadlineEffect], for account: EntityID) throws {
        for effect in effects {
            switch effect {
            case .notifyAccount(let draft): try notify(account, draft)
            case .notifyResponders(let draft): try notifyResponders(of: account, draft)
            }
        }
    }
}
