import FoundationEssentials
import LifeSignalCore
import StoreBackends
import StoreCodecKit
import StrictJSON

extension LayoutStore {
    /// The feed's summary file (`feed/summary.json`): its counts, segments and
    /// delivery cursor. Named `feed` where it is held; an item's `index` is
    /// its number in the feed, and the ID index (`FeedIDIndex`) finds an item by ID.
    func feedSummaryFile(_ id: EntityID) throws -> FeedSummaryFile {
        try load(FeedSummaryFile.self, StorePaths.feedSummary(id)) ?? FeedSummaryFile()
    }

    /// A segment's items as values, for a change (the cached segment keeps
    /// them, so finding an item and then changing it builds them once).
    func segment(_ id: EntityID, _ number: Int) throws -> [FeedItem] {
        let segment = try loadedSegment(id, number)
        if segment.isBuilt { return try segment.items() }
        let items = try segment.items()
        recentSegment = (StorePaths.feedSegment(id, number), FeedSegment(values: items))
        return items
    }

    /// A segment read for a visit or a change; only the last one is kept
    /// (`recentSegment`), so streaming the whole feed keeps memory flat.
    func loadedSegment(_ id: EntityID, _ number: Int) throws -> FeedSegment {
        let path = StorePaths.feedSegment(id, number)
        if let recent = recentSegment, recent.path == path { return recent.segment }
        let segment: FeedSegment
        if let bytes = try files.read(path) {
            let check = { [unowned self] in _ = try self.checkedFeedSegment(bytes, path: path) }
            if let sealed = SealedSegment(bytes: bytes, fullPath: codec.fullPath(path), fullCheck: check) {
                segment = FeedSegment(sealed: sealed)
            } else {
                segment = FeedSegment(checked: try checkedFeedSegment(bytes, path: path))
            }
        } else {
            segment = FeedSegment(values: [])
        }
        recentSegment = (path, segment)
        return segment
    }

    /// The items of the segment file at `path`, nil when there is none.
    func feedSegment(at path: String) throws -> [FeedItem]? {
        try checkedFeedSegment(at: path)?.map(\.item)
    }

    /// The items of the segment file at `path`, each checked in full but
    /// not built; nil when there is none.
    func checkedFeedSegment(at path: String) throws -> [CheckedFeedItem]? {
        guard let bytes = try files.read(path) else { return nil }
        return try checkedFeedSegment(bytes, path: path)
    }

    /// The items of a feed segment file's bytes, read as every command reads
    /// them (`StoreFileData`); failures name the file at `path`.
    public func decodeFeedSegment(_ bytes: [UInt8], path: String) throws -> [FeedItem] {
        try checkedFeedSegment(bytes, path: path).map(\.item)
    }

    /// A segment's bytes read and checked exactly as decoding `[FeedItem]`
    /// checks them (each item by `CheckedFeedItem`, then no ID twice),
    /// without building the items.
    func checkedFeedSegment(_ bytes: [UInt8], path: String) throws -> [CheckedFeedItem] {
        let items = try codec.decodeChecked(from: bytes, path: path) { reader throws(JSONReadError) in
            var items: [CheckedFeedItem] = []
            try reader.readArray { reader, _ throws(JSONReadError) in items.append(try CheckedFeedItem.read(from: &reader)) }
            return items
        }
        if let problem = items.validationProblem { throw StoreError.damaged(path: codec.fullPath(path), reason: problem) }
        return items
    }

    func writeSegment(_ id: EntityID, _ number: Int, _ items: [FeedItem]) throws {
        let path = StorePaths.feedSegment(id, number)
        if items.isEmpty { try remove(path) } else { try writeFile(path, FeedSeal.seal(codec.encode(items))) }
        recentSegment = (path, FeedSegment(values: items))
    }

    public func feedSummary(of id: EntityID) throws -> FeedSummary {
        try feedSummaryFile(id).summary
    }

    public func visitFeed(of id: EntityID, _ visit: (FeedItem) throws -> Bool) throws {
        try visitFeed(of: id, matching: FeedQuery(), visit)
    }

    /// Visits the items `query` admits, newest first, building only those:
    /// only the segments the summary lists as holding unread items (for
    /// `unreadOnly`) and `feed/types.json` as holding a wanted type (for a
    /// filter) are read. Every segment read is checked in full.
    public func visitFeed(of id: EntityID, matching query: FeedQuery, _ visit: (FeedItem) throws -> Bool) throws {
        let types = query.filter == nil ? nil : try feedTypes(of: id)
        for number in try feedSummaryFile(id).segments(matching: query, types: types) {
            let segment = try loadedSegment(id, number)
            for position in stride(from: segment.count - 1, through: 0, by: -1) {
                guard let item = try segment.item(at: position, ifAdmittedBy: query) else { continue }
                guard try visit(item) else { return }
            }
        }
    }

    public func visitFeed(of id: EntityID, from start: Int, _ visit: (FeedItem) throws -> Bool) throws {
        let feed = try feedSummaryFile(id)
        guard let last = feed.lastSegment else { return }
        let first = max(feed.firstSegment, max(start, 0) / feed.segmentSize)
        guard first <= last else { return }
        for number in first...last {
            let segment = try loadedSegment(id, number)
            for position in 0..<segment.count where try segment.itemIndex(at: position) >= start {
                guard try visit(segment.item(at: position)) else { return }
            }
        }
    }

    public func feedItem(of id: EntityID, index: Int) throws -> FeedItem? {
        let feed = try feedSummaryFile(id)
        guard index >= 0, index < feed.summary.nextIndex, index / feed.segmentSize >= feed.firstSegment else { return nil }
        let segment = try loadedSegment(id, index / feed.segmentSize)
        for position in 0..<segment.count where try segment.itemIndex(at: position) == index {
            return try segment.item(at: position)
        }
        return nil
    }

    public func appendFeed(_ draft: FeedDraft, to id: EntityID, id itemID: EntityID, at time: Date) throws -> FeedItem {
        var feed = try feedSummaryFile(id)
        var book = SenderBook(owner: id)
        var types = FeedTypeBook(owner: id)
        let item = FeedItem(id: FeedIDIndex.placed(itemID, owner: id, in: files), index: feed.summary.nextIndex, draft: draft,
                            timestamp: time)
        if SenderTally.sender(of: item, owner: id) != nil { try book.load(self, feed) }
        let number = item.index / feed.segmentSize
        let before = try segment(id, number)
        let items = before + [item]
        try writeSegment(id, number, items)
        feed.summary.nextIndex += 1
        feed.summary.total += 1
        feed.summary.unread += 1
        feed.setUnread(number, true)
        try types.describe(number, was: before, holding: items, self, feed)
        try indexIDs([item], of: id, &feed)
        if let sender = SenderTally.sender(of: item, owner: id) {
            try book.count(item, 1, self, feed)
            try enforceSenderLimits(id, sender: sender, &feed, &book, &types)
        }
        try applyRetention(id, &feed, &book, &types)
        try book.save(self)
        try types.save(self)
        try store(feed, StorePaths.feedSummary(id))
        return item
    }

    public func updateFeed(of id: EntityID, scope: FeedScope, _ change: (FeedItem) -> FeedChange) throws -> Int {
        var feed = try feedSummaryFile(id)
        var book = SenderBook(owner: id)
        var types = FeedTypeBook(owner: id)
        guard let last = feed.lastSegment, last >= feed.firstSegment else { return 0 }
        let numbers: SegmentNumbers
        switch scope {
        case .all: numbers = SegmentNumbers(from: last, through: feed.firstSegment)
        case .unread: numbers = SegmentNumbers(listed: feed.unreadSegments)
        case .item(let wanted):
            // The segment the item was just found in, else the indexed one,
            // first; the rest only if that was wrong.
            let found = recentFind.flatMap { $0.owner == id && $0.item == wanted ? $0.segment : nil }
            numbers = SegmentNumbers(first: try found ?? indexedSegment(of: wanted, in: id, feed),
                                     from: last, through: feed.firstSegment)
        case .itemAt(_, let position):
            // Where the caller saw it first; the rest only if it moved (it never does).
            numbers = SegmentNumbers(first: position / feed.segmentSize, from: last, through: feed.firstSegment)
        }
        var changed = 0
        var deleted: [EntityID] = []
        segments: for number in numbers {
            // One item: only it is built to ask what changes; the rest of
            // its segment only when the segment must be written again.
            var decided: FeedChange?
            if let wanted = scope.itemID {
                let loaded = try loadedSegment(id, number)
                guard let position = try loaded.position(of: wanted) else { continue }
                decided = change(try loaded.item(at: position))
                if decided == .keep { break segments }
            }
            let items = try segment(id, number)
            var kept: [FeedItem] = []
            var touched = false
            var found = false
            for item in items {
                if let wanted = scope.itemID, item.id != wanted {
                    kept.append(item)
                    continue
                }
                found = found || scope.itemID == item.id
                switch decided ?? change(item) {
                case .keep:
                    kept.append(item)
                case .replace(let updated):
                    kept.append(updated)
                    touched = true
                    changed += 1
                    if item.isRead != updated.isRead { feed.summary.unread += updated.isRead ? -1 : 1 }
                    if FeedRetention.mustKeep(item) != FeedRetention.mustKeep(updated) {
                        try book.count(item, -1, self, feed)
                        try book.count(updated, 1, self, feed)
                    }
                case .delete:
                    touched = true
                    changed += 1
                    deleted.append(item.id)
                    feed.summary.total -= 1
                    if !item.isRead { feed.summary.unread -= 1 }
                    try book.count(item, -1, self, feed)
                }
            }
            if touched {
                try writeSegment(id, number, kept)
                feed.setUnread(number, kept.contains { !$0.isRead })
                try types.describe(number, was: items, holding: kept, self, feed)
            }
            if found { break }
        }
        try unindexIDs(deleted, of: id, feed)
        if changed > 0 {
            try book.save(self)
            try types.save(self)
            try store(feed, StorePaths.feedSummary(id))
        }
        return changed
    }

    public func setDeliveredThrough(_ position: Int, of id: EntityID) throws {
        var feed = try feedSummaryFile(id)
        guard position > feed.summary.deliveredThrough else { return }
        feed.summary.deliveredThrough = min(position, feed.summary.nextIndex)
        try store(feed, StorePaths.feedSummary(id))
    }

    public func setDeliveryState(_ state: DeliveryState, of id: EntityID) throws {
        var feed = try feedSummaryFile(id)
        let cursor = min(max(state.deliveredThrough, feed.summary.deliveredThrough), feed.summary.nextIndex)
        let retries = state.retries.filter { $0.index < cursor }
        guard cursor != feed.summary.deliveredThrough || retries != feed.summary.retries else { return }
        feed.summary.deliveredThrough = cursor
        feed.summary.retries = retries
        try store(feed, StorePaths.feedSummary(id))
    }

    /// Drops the oldest items beyond `retentionLimit`, keeping what the
    /// rule says must stay (`FeedRetention.mustKeep`).
    private func applyRetention(_ id: EntityID, _ feed: inout FeedSummaryFile, _ book: inout SenderBook,
                                _ types: inout FeedTypeBook) throws {
        guard feed.summary.total > retentionLimit, let last = feed.lastSegment else { return }
        var number = feed.firstSegment
        while feed.summary.total > retentionLimit, number < last {
            let items = try segment(id, number)
            let kept = items.filter(FeedRetention.mustKeep)
            for item in items where !FeedRetention.mustKeep(item) { try book.count(item, -1, self, feed) }
            let droppedUnread = items.filter { !$0.isRead }.count - kept.count
            try unindexIDs(items.filter { !FeedRetention.mustKeep($0) }.map(\.id), of: id, feed)
            feed.summary.total -= items.count - kept.count
            feed.summary.unread -= droppedUnread
            try writeSegment(id, number, kept)
            feed.setUnread(number, !kept.isEmpty)
            try types.describe(number, was: items, holding: kept, self, feed)
            if kept.isEmpty, number == feed.firstSegment { feed.firstSegment = number + 1 }
            number += 1
        }
    }
}
