import LifeSignalCore
import StoreBackends
import StoreCodecKit
import StrictJSON

/// Where each item of a feed is, by ID: `feed/ids/<abc>.json` holds the
/// items whose ID starts with `abc` (4,096 small files at most, ~25 items
/// each at 100,000 items), each with its position, so `notifications
/// read|delete|show ID` read one of these and one segment however long the
/// feed is, instead of decoding segments until the item turns up.
///
/// The index is complete only when the summary says so
/// (`FeedSummaryFile.idIndexDigits`): a feed written before it existed (or
/// by an older lifesignal, which drops the mark when it rewrites the
/// summary) is found by scanning, as before, and gets its index at its
/// next append. A lookup that finds no entry, or an entry pointing to a
/// segment without the item, also falls back to the scan, so a wrong or
/// incomplete index costs time, never an answer; `doctor` reports it.
enum FeedIDIndex {
    /// Hexadecimal digits of the ID that name its file.
    static let digits = 3

    /// The file of the IDs starting like `id`, nil when the first digits are
    /// not lowercase hexadecimal (no item ID starts so).
    static func path(_ owner: EntityID, prefix: Substring) -> String? {
        let shard = prefix.prefix(digits)
        guard shard.utf8.count == digits, shard.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            return nil
        }
        return StorePaths.feedDirectory(owner) + "/ids/" + shard + ".json"
    }

    /// `id` made to start like the ID-index file of `owner`'s feed that
    /// this snapshot read already (`StoreSnapshot.pickedFile`, picked at
    /// random with the feed's other files), so that recording a new item
    /// reads nothing more; `id` itself when none was picked. The digits it
    /// replaces are random, as are the picked ones, so IDs stay as random
    /// and as evenly spread over the files as ever.
    static func placed(_ id: EntityID, owner: EntityID, in files: any StoreSnapshot) -> EntityID {
        guard let picked = files.pickedFile(in: StorePaths.feedDirectory(owner) + "/ids"),
              let name = picked.split(separator: "/").last, name.hasSuffix(".json") else { return id }
        let shard = name.dropLast(".json".count)
        guard path(owner, prefix: shard) == picked else { return id }
        return EntityID(validating: String(shard) + id.rawValue.dropFirst(digits)) ?? id
    }
}

/// One entry of a `feed/ids` file: an item's ID and position in its feed.
package struct FeedIDEntry: Codable, Equatable, Sendable {
    var id: EntityID
    var index: Int
}

extension LayoutStore {
    /// The items whose ID starts with `prefix` (lowercase, 4 or more
    /// characters), at most `limit`, found through the index; nil when the
    /// feed has no complete index, the index has no such entry, or it
    /// disagrees with a segment (the caller scans then).
    public func feedItems(of owner: EntityID, idPrefix prefix: String, limit: Int) throws -> [FeedItem]? {
        let summary = try feedSummaryFile(owner)
        guard summary.idIndexDigits == FeedIDIndex.digits else { return nil }
        guard let path = FeedIDIndex.path(owner, prefix: prefix[...]) else { return [] }
        var found: [FeedItem] = []
        for entry in try idEntries(path, idPrefix: prefix) {
            guard found.count < limit else { break }
            guard let item = try segmentHolding(entry, of: owner, summary) else { return nil }
            found.append(item)
        }
        // No entry: the item is gone or the index lacks it (damage); only a
        // scan can tell, and a mistyped ID is the rare case that pays for it.
        return found.isEmpty ? nil : found
    }

    /// The segment the index puts `id` in, nil when it has no entry (or no index).
    func indexedSegment(of id: EntityID, in owner: EntityID, _ summary: FeedSummaryFile) throws -> Int? {
        guard summary.idIndexDigits == FeedIDIndex.digits,
              let path = FeedIDIndex.path(owner, prefix: id.rawValue[...]) else { return nil }
        return try idEntries(path, idPrefix: id.rawValue).first { $0.id == id }.map { $0.index / summary.segmentSize }
    }

    /// Records new items (at append); builds the whole index first when
    /// the feed has none yet.
    func indexIDs(_ items: [FeedItem], of owner: EntityID, _ summary: inout FeedSummaryFile) throws {
        if summary.idIndexDigits != FeedIDIndex.digits {
            summary.idIndexDigits = nil
            try buildIDIndex(of: owner, &summary, adding: items)
            return
        }
        try changeIDs(of: owner, adding: items.map { FeedIDEntry(id: $0.id, index: $0.index) }, removing: [])
    }

    /// Forgets items that were deleted or dropped.
    func unindexIDs(_ ids: [EntityID], of owner: EntityID, _ summary: FeedSummaryFile) throws {
        guard summary.idIndexDigits == FeedIDIndex.digits, !ids.isEmpty else { return }
        try changeIDs(of: owner, adding: [], removing: Set(ids))
    }

    /// Indexes every item of the segments, and `items` (which may be among them already).
    private func buildIDIndex(of owner: EntityID, _ summary: inout FeedSummaryFile, adding items: [FeedItem]) throws {
        var entries: [FeedIDEntry] = []
        if let last = summary.lastSegment, last >= summary.firstSegment {
            for number in summary.firstSegment...last {
                for item in try feedSegment(at: StorePaths.feedSegment(owner, number)) ?? [] {
                    entries.append(FeedIDEntry(id: item.id, index: item.index))
                }
            }
        }
        entries += items.map { FeedIDEntry(id: $0.id, index: $0.index) }
        try changeIDs(of: owner, adding: entries, removing: [])
        summary.idIndexDigits = FeedIDIndex.digits
    }

    private func changeIDs(of owner: EntityID, adding: [FeedIDEntry], removing: Set<EntityID>) throws {
        var byPath: [String: (add: [FeedIDEntry], remove: Set<EntityID>)] = [:]
        for entry in adding {
            guard let path = FeedIDIndex.path(owner, prefix: entry.id.rawValue[...]) else { continue }
            byPath[path, default: ([], [])].add.append(entry)
        }
        for id in removing {
            guard let path = FeedIDIndex.path(owner, prefix: id.rawValue[...]) else { continue }
            byPath[path, default: ([], [])].remove.insert(id)
        }
        for (path, change) in byPath {
            // One entry an ID (the newest word on it wins), none for removed IDs.
            var byID: [EntityID: FeedIDEntry] = [:]
            for entry in try idEntries(path) + change.add { byID[entry.id] = entry }
            for id in change.remove { byID[id] = nil }
            let entries = byID.values.sorted { $0.id.rawValue < $1.id.rawValue }
            if entries.isEmpty { try remove(path) } else { try storeSealed(entries, path) }
        }
    }

    private func idEntries(_ path: String) throws -> [FeedIDEntry] {
        try load([FeedIDEntry].self, path) ?? []
    }

    /// The entries of the file at `path` whose ID starts with `prefix`
    /// (lowercase). A sealed file (`FeedSeal`) is read only where such
    /// entries are, each as strictly as ever: at 100,000 items a file holds
    /// ~25 entries and a lookup wants one. Anything unexpected there, and
    /// any file without a seal, is read in full as `load` reads it, so
    /// damage is reported as before.
    private func idEntries(_ path: String, idPrefix prefix: String) throws -> [FeedIDEntry] {
        if cached([FeedIDEntry].self, path) == nil, let bytes = try files.read(path),
           let entries = Self.sealedEntries(bytes, idPrefix: Array(prefix.utf8)) {
            return entries
        }
        return try idEntries(path).filter { $0.id.rawValue.hasPrefix(prefix) }
    }

    /// The entries starting with `prefix` of a sealed ID index file's
    /// bytes, read where they are; nil when the file is not sealed or is
    /// not as lifesignal writes it (each entry `{"id":"…","index":…}`).
    static func sealedEntries(_ bytes: [UInt8], idPrefix prefix: [UInt8]) -> [FeedIDEntry]? {
        guard let array = FeedSeal.sealedArray(in: bytes), let starts = SealedSegment.itemStarts(bytes, array) else {
            return nil
        }
        let head = Array(#"{"id":""#.utf8)
        var found: [FeedIDEntry] = []
        for (position, start) in starts.enumerated() {
            let idStart = start + head.count
            guard idStart + prefix.count <= bytes.count, bytes[start..<idStart].elementsEqual(head) else { return nil }
            guard bytes[idStart..<idStart + prefix.count].elementsEqual(prefix) else { continue }
            var reader = JSONReader(bytes)
            reader.offset = start
            reader.depth = 2
            let end = position + 1 < starts.count ? starts[position + 1] - 1 : array.upperBound - 1
            guard let entry = try? FeedIDEntry.read(from: &reader), reader.offset == end,
                  entry.validationProblem == nil else { return nil }
            found.append(entry)
        }
        return found
    }

    /// The item `entry` points to, nil when its segment does not hold it.
    private func segmentHolding(_ entry: FeedIDEntry, of owner: EntityID, _ summary: FeedSummaryFile) throws -> FeedItem? {
        let number = entry.index / summary.segmentSize
        let segment = try loadedSegment(owner, number)
        guard let position = try segment.position(of: entry.id) else { return nil }
        recentFind = (owner, entry.id, number)
        return try segment.item(at: position)
    }
}
