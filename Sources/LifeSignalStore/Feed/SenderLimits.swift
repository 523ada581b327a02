import LifeSignalCore

/// The per-sender limits of `FeedRetention`, on the feed's segments: no
/// other account can make a feed grow without bound, and the newest item
/// is never the one that goes.
extension LayoutStore {
    /// The tallies of a feed from before they were kept, counted from its
    /// items (once: they are kept from then on).
    func countSenders(_ id: EntityID, _ feed: FeedSummaryFile) throws -> FeedSenders {
        var senders = FeedSenders()
        guard feed.summary.total > 0, let last = feed.lastSegment, last >= feed.firstSegment else { return senders }
        for number in feed.firstSegment...last {
            for item in try segment(id, number) {
                guard let sender = SenderTally.sender(of: item, owner: id) else { continue }
                var tally = senders.tallies[sender] ?? SenderTally(from: item.index)
                tally.count(item, 1)
                senders.tallies[sender] = tally
            }
        }
        return senders
    }

    /// Brings the items about `sender` back within the limits after one
    /// arrived: the oldest unread critical ones past `senderCriticalLimit`
    /// become ordinary unread items, and the oldest past `senderItemLimit`
    /// go (never an unread critical one, of which there are fewer).
    func enforceSenderLimits(_ id: EntityID, sender: String, _ feed: inout FeedSummaryFile,
                             _ book: inout SenderBook, _ types: inout FeedTypeBook) throws {
        while let tally = try book.tally(sender, self, feed), tally.unreadCritical > senderCriticalLimit {
            guard try demoteOldestCritical(id, sender: sender, from: tally.from, feed, &book) else { break }
        }
        while let tally = try book.tally(sender, self, feed), tally.items > senderItemLimit {
            guard try dropOldest(id, sender: sender, from: tally.from, &feed, &book, &types) else { break }
        }
    }

    /// Makes the oldest unread critical item about `sender` an ordinary one.
    private func demoteOldestCritical(_ id: EntityID, sender: String, from: Int, _ feed: FeedSummaryFile,
                                      _ book: inout SenderBook) throws -> Bool {
        for number in feed.unreadSegments where number >= from / feed.segmentSize {
            var items = try segment(id, number)
            guard let position = items.firstIndex(where: {
                SenderTally.sender(of: $0, owner: id) == sender && FeedRetention.mustKeep($0)
            }) else { continue }
            items[position].isCritical = false
            try writeSegment(id, number, items)
            book.update(sender) { $0.unreadCritical -= 1 }
            return true
        }
        return false
    }

    /// Removes the oldest item about `sender` that is not unread critical.
    private func dropOldest(_ id: EntityID, sender: String, from: Int, _ feed: inout FeedSummaryFile,
                            _ book: inout SenderBook, _ types: inout FeedTypeBook) throws -> Bool {
        guard let last = feed.lastSegment else { return false }
        let start = max(feed.firstSegment, from / feed.segmentSize)
        guard start <= last else { return false }
        var foundAny = false
        for number in start...last {
            var items = try segment(id, number)
            let about = items.indices.filter { SenderTally.sender(of: items[$0], owner: id) == sender }
            guard let first = about.first else { continue }
            if !foundAny {
                // Nothing about the sender comes before its first item found here.
                let oldest = items[first].index
                book.update(sender) { $0.from = oldest }
                foundAny = true
            }
            guard let position = about.first(where: { !FeedRetention.mustKeep(items[$0]) }) else { continue }
            let before = items
            let item = items.remove(at: position)
            try writeSegment(id, number, items)
            try unindexIDs([item.id], of: id, feed)
            feed.summary.total -= 1
            if !item.isRead { feed.summary.unread -= 1 }
            feed.setUnread(number, items.contains { !$0.isRead })
            try types.describe(number, was: before, holding: items, self, feed)
            if items.isEmpty, number == feed.firstSegment, number < last { feed.firstSegment = number + 1 }
            try book.count(item, -1, self, feed)
            return true
        }
        return false
    }
}
