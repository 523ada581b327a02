import LifeSignalCore

/// Deleting a feed of any size in steps (`StoreWriting.deleteOldestFeedItems`).
extension LayoutStore {
    public func deleteOldestFeedItems(of id: EntityID, below end: Int, limit: Int,
                                      keeping keep: (FeedItem) -> Bool) throws -> (deleted: Int, kept: [EntityID]) {
        var feed = try feedSummaryFile(id)
        var book = SenderBook(owner: id)
        var types = FeedTypeBook(owner: id)
        guard limit > 0, let last = feed.lastSegment, last >= feed.firstSegment else { return (0, []) }
        var deleted: [EntityID] = []
        var keptIDs: [EntityID] = []
        var number = feed.firstSegment
        while number <= last, number * feed.segmentSize < end, deleted.count < limit {
            let items = try segment(id, number)
            var kept: [FeedItem] = []
            for item in items {
                guard item.index < end, deleted.count < limit else {
                    kept.append(item)
                    continue
                }
                guard !keep(item) else {
                    kept.append(item)
                    keptIDs.append(item.id)
                    continue
                }
                deleted.append(item.id)
                feed.summary.total -= 1
                if !item.isRead { feed.summary.unread -= 1 }
                try book.count(item, -1, self, feed)
            }
            if kept.count != items.count {
                try writeSegment(id, number, kept)
                feed.setUnread(number, kept.contains { !$0.isRead })
                try types.describe(number, was: items, holding: kept, self, feed)
            }
            // A segment emptied for good (items are only ever appended to the
            // last one) is no longer visited: the next step starts after it.
            if kept.isEmpty, number == feed.firstSegment, number < last { feed.firstSegment = number + 1 }
            number += 1
        }
        guard !deleted.isEmpty else { return (0, keptIDs) }
        try unindexIDs(deleted, of: id, feed)
        try book.save(self)
        try types.save(self)
        try store(feed, StorePaths.feedSummary(id))
        return (deleted.count, keptIDs)
    }
}
