import FoundationEssentials
import LifeSignalCore
import StrictJSON

extension LayoutStore {
    func feedIndex(_ id: EntityID) throws -> FeedSummaryFile {
        try load(FeedSummaryFile.self, StoreLayout.feedSummary(id)) ?? FeedSummaryFile()
    }

    /// A segment read for a visit; not cached, so streaming the whole feed
    /// keeps memory flat.
    func segment(_ id: EntityID, _ number: Int) throws -> [FeedItem] {
        try feedSegment(at: StoreLayout.feedSegment(id, number)) ?? []
    }

    /// The items of the segment file at `path`, nil when there is none.
    func feedSegment(at path: String) throws -> [FeedItem]? {
        guard let bytes = try files.read(path) else { return nil }
        return try decodeFeedSegment(bytes, path: path)
    }

    /// The items of a feed segment file's bytes, read as every command reads
    /// them (`FeedItemReader`); failures name the file at `path`.
    public func decodeFeedSegment(_ bytes: [UInt8], path: String) throws -> [FeedItem] {
        try codec.decode(from: bytes, path: path) { reader throws(JSONReadError) in try FeedItemReader.items(&reader) }
    }

    func writeSegment(_ id: EntityID, _ number: Int, _ items: [FeedItem]) throws {
        let path = StoreLayout.feedSegment(id, number)
        if items.isEmpty { try remove(path) } else { try writeFile(path, try codec.encode(items)) }
    }

    public func feedSummary(of id: EntityID) throws -> FeedSummary {
        try feedIndex(id).summary
    }

    public func visitFeed(of id: EntityID, _ visit: (FeedItem) throws -> Bool) throws {
        let index = try feedIndex(id)
        guard let last = index.lastSegment, last >= index.firstSegment else { return }
        for number in stride(from: last, through: index.firstSegment, by: -1) {
            for item in try segment(id, number).reversed() {
                guard try visit(item) else { return }
            }
        }
    }

    public func visitFeed(of id: EntityID, from start: Int, _ visit: (FeedItem) throws -> Bool) throws {
        let index = try feedIndex(id)
        guard let last = index.lastSegment else { return }
        let first = max(index.firstSegment, max(start, 0) / index.segmentSize)
        guard first <= last else { return }
        for number in first...last {
            for item in try segment(id, number) where item.index >= start {
                guard try visit(item) else { return }
            }
        }
    }

    public func feedItem(of id: EntityID, index: Int) throws -> FeedItem? {
        let feed = try feedIndex(id)
        guard index >= 0, index < feed.summary.nextIndex, index / feed.segmentSize >= feed.firstSegment else { return nil }
        return try segment(id, index / feed.segmentSize).first { $0.index == index }
    }

    public func appendFeed(_ draft: FeedDraft, to id: EntityID, id itemID: EntityID, at time: Date) throws -> FeedItem {
        var index = try feedIndex(id)
        var book = SenderBook(owner: id)
        let item = FeedItem(id: itemID, index: index.summary.nextIndex, draft: draft, timestamp: time)
        if SenderTally.sender(of: item, owner: id) != nil { try book.load(self, index) }
        let number = item.index / index.segmentSize
        var items = try segment(id, number)
        items.append(item)
        try writeSegment(id, number, items)
        index.summary.nextIndex += 1
        index.summary.total += 1
        index.summary.unread += 1
        index.setUnread(number, true)
        if let sender = SenderTally.sender(of: item, owner: id) {
            try book.count(item, 1, self, index)
            try enforceSenderLimits(id, sender: sender, &index, &book)
        }
        try applyRetention(id, &index, &book)
        try book.save(self)
        try store(index, StoreLayout.feedSummary(id))
        return item
    }

    public func updateFeed(of id: EntityID, scope: FeedScope, _ change: (FeedItem) -> FeedChange) throws -> Int {
        var index = try feedIndex(id)
        var book = SenderBook(owner: id)
        guard let last = index.lastSegment, last >= index.firstSegment else { return 0 }
        let numbers: [Int]
        switch scope {
        case .all, .item: numbers = Array(stride(from: last, through: index.firstSegment, by: -1))
        case .unread: numbers = index.unreadSegments
        }
        var changed = 0
        for number in numbers {
            let items = try segment(id, number)
            var kept: [FeedItem] = []
            var touched = false
            var found = false
            for item in items {
                if case .item(let wanted) = scope, item.id != wanted {
                    kept.append(item)
                    continue
                }
                found = found || scope == .item(item.id)
                switch change(item) {
                case .keep:
                    kept.append(item)
                case .replace(let updated):
                    kept.append(updated)
                    touched = true
                    changed += 1
                    if item.isRead != updated.isRead { index.summary.unread += updated.isRead ? -1 : 1 }
                    if FeedRetention.mustKeep(item) != FeedRetention.mustKeep(updated) {
                        try book.count(item, -1, self, index)
                        try book.count(updated, 1, self, index)
                    }
                case .delete:
                    touched = true
                    changed += 1
                    index.summary.total -= 1
                    if !item.isRead { index.summary.unread -= 1 }
                    try book.count(item, -1, self, index)
                }
            }
            if touched {
                try writeSegment(id, number, kept)
                index.setUnread(number, kept.contains { !$0.isRead })
            }
            if found { break }
        }
        if changed > 0 {
            try book.save(self)
            try store(index, StoreLayout.feedSummary(id))
        }
        return changed
    }

    public func setDeliveredThrough(_ position: Int, of id: EntityID) throws {
        var index = try feedIndex(id)
        guard position > index.summary.deliveredThrough else { return }
        index.summary.deliveredThrough = min(position, index.summary.nextIndex)
        try store(index, StoreLayout.feedSummary(id))
    }

    public func setDeliveryState(_ state: DeliveryState, of id: EntityID) throws {
        var index = try feedIndex(id)
        let cursor = min(max(state.deliveredThrough, index.summary.deliveredThrough), index.summary.nextIndex)
        let retries = state.retries.filter { $0.index < cursor }
        guard cursor != index.summary.deliveredThrough || retries != index.summary.retries else { return }
        index.summary.deliveredThrough = cursor
        index.summary.retries = retries
        try store(index, StoreLayout.feedSummary(id))
    }

    /// Drops the oldest items beyond `retentionLimit`, keeping what the
    /// rule says must stay (`FeedRetention.mustKeep`).
    private func applyRetention(_ id: EntityID, _ index: inout FeedSummaryFile, _ book: inout SenderBook) throws {
        guard index.summary.total > retentionLimit, let last = index.lastSegment else { return }
        var number = index.firstSegment
        while index.summary.total > retentionLimit, number < last {
            let items = try segment(id, number)
            let kept = items.filter(FeedRetention.mustKeep)
            for item in items where !FeedRetention.mustKeep(item) { try book.count(item, -1, self, index) }
            let droppedUnread = items.filter { !$0.isRead }.count - kept.count
            index.summary.total -= items.count - kept.count
            index.summary.unread -= droppedUnread
            try writeSegment(id, number, kept)
            index.setUnread(number, !kept.isEmpty)
            if kept.isEmpty, number == index.firstSegment { index.firstSegment = number + 1 }
            number += 1
        }
    }
}
