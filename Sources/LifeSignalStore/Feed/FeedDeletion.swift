import LifeSignalCore

/// Deleting a feed of any size in steps (`StoreWriting.deleteOldestFeedItems`).
extension LayoutStore {
    public func deleteOldestFeedItems(of id: EntityID, below end: Int, limit: Int,
                                      keeping keep: (FeedItem) -> Bool) throws -> (deleted: Int, kept: [EntityID]) {
        var index = try feedIndex(id)
        var book = SenderBook(owner: id)
        var types = FeedTypeBook(owner: id)
        guard limit > 0, let last = index.lastSegment, last >= index.firstSegment else { return (0, []) }
        var deleted: [EntityID] = []
        var keptIDs: [EntityID] = []
        var number = index.firstSegment
        while number <= last, number * index.segmentSize < end, deleted.count < limit {
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
                index.summary.total -= 1
                if !item.isRead { index.summary.unread -= 1 }
                try book.count(item, -1, self, index)
            }
            if kept.count != items.count {
                try writeSegment(id, number, kept)
                index.setUnread(number, kept.contains { !$0.isRead })
                try types.describe(number, was: items, holding: kept, self, index)
            }
            // A segment emptied for good (items are only ever appended to the
            // last one) is no longer visited: the next step starts after it.
            if kept.isEmpty, number == index.firstSegment, number < last { index.firstSegment = number + 1 }
            number += 1
        }
        guard !deleted.isEmpty else { return (0, keptIDs) }
        try unindexIDs(deleted, of: id, index)
        try book.save(self)
        try types.save(self)
        try store(index, StorePaths.feedSummary(id))
        return (deleted.count, keptIDs)
    }
}
