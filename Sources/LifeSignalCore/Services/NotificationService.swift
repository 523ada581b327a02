import FoundationEssentials

/// Lists, marks and deletes the signed-in account's notifications.
public struct NotificationService {
    let store: any StoreReading

    public init(store: any StoreReading) { self.store = store }

    /// Items newest first, filtered, at most `limit` of them.
    public func list(of owner: EntityID, filter: NotificationFilter?, unreadOnly: Bool, limit: Int?) throws -> [FeedItem] {
        var items: [FeedItem] = []
        try visit(of: owner, filter: filter, unreadOnly: unreadOnly, limit: limit) { items.append($0) }
        return items
    }

    /// Streams the same items as `list` without holding them all in memory.
    public func visit(of owner: EntityID, filter: NotificationFilter?, unreadOnly: Bool, limit: Int?,
                      _ body: (FeedItem) throws -> Void) throws {
        var count = 0
        if let limit, limit <= 0 { return }
        // The store judges the filters before it builds an item, and reads
        // only segments that can hold matches.
        try store.visitFeed(of: owner, matching: FeedQuery(unreadOnly: unreadOnly, filter: filter)) { item in
            try body(item)
            count += 1
            return limit.map { count < $0 } ?? true
        }
    }

    /// The one item whose ID is `query` or starts with it (at least 4 characters).
    public func find(_ query: String, of owner: EntityID) throws -> FeedItem {
        let lower = query.trimmingWhitespace().lowercased()
        guard lower.count >= 4, lower.count <= 36,
              lower.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) || $0 == UInt8(ascii: "-") }) else {
            throw LifeSignalError.invalid("\(quoted(query)) is not a notification ID (at least 4 characters of one)")
        }
        var matches: [FeedItem] = []
        if let indexed = try store.feedItems(of: owner, idPrefix: lower, limit: lower.count < 36 ? Int.max : 2) {
            matches = indexed
        } else {
            try store.visitFeed(of: owner) { item in
                if item.id.rawValue.hasPrefix(lower) { matches.append(item) }
                return matches.count < 2 || lower.count < 36
            }
        }
        switch matches.count {
        case 0: throw LifeSignalError.notFound("no notification has the ID \(quoted(query))", hint: "lifesignal notifications")
        case 1: return matches[0]
        default: throw LifeSignalError.ambiguous(query: query, candidates: matches.map(\.id.short))
        }
    }
}

/// Changes to the feed, under the write lock.
public struct NotificationEditor {
    let store: any StoreWriting

    public init(store: any StoreWriting) { self.store = store }

    /// Marks one item (or, with nil, every unread item) read, at `time`
    /// when given (the timeline shows the sender when it was read); returns
    /// how many changed.
    @discardableResult
    public func markRead(_ id: EntityID?, of owner: EntityID, at time: Date? = nil) throws -> Int {
        try store.updateFeed(of: owner, scope: id.map { .item($0) } ?? .unread) { item in
            guard !item.isRead else { return .keep }
            var read = item
            read.isRead = true
            read.readAt = time
            return .replace(read)
        }
    }

    /// Records that the owner's notify command took `item` at `time` (the
    /// delivery receipt a timeline shows); an item gone since is skipped.
    public func markDelivered(_ item: FeedItem, of owner: EntityID, at time: Date) throws {
        _ = try store.updateFeed(of: owner, scope: .itemAt(item.id, index: item.index)) { current in
            guard current.deliveredAt == nil else { return .keep }
            var delivered = current
            delivered.deliveredAt = time
            return .replace(delivered)
        }
    }

    /// One step of deleting every item older than `end` (the feed's next
    /// index when the deletion began, so items arriving meanwhile stay):
    /// at most `limit`, but those `kept` holds to; fewer means the deletion
    /// is complete.
    public func deleteStep(of owner: EntityID, below end: Int, limit: Int,
                           keeping kept: (FeedItem) -> Bool) throws -> (deleted: Int, kept: [EntityID]) {
        try store.deleteOldestFeedItems(of: owner, below: end, limit: limit, keeping: kept)
    }

    /// Deletes one item (or, with nil, all of them) but those `kept`
    /// holds to; returns how many went.
    @discardableResult
    public func delete(_ id: EntityID?, of owner: EntityID, keeping kept: (FeedItem) -> Bool = { _ in false }) throws -> Int {
        try store.updateFeed(of: owner, scope: id.map { .item($0) } ?? .all) { item in kept(item) ? .keep : .delete }
    }
}
