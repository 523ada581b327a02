import FoundationEssentials
import LifeSignalCore
@testable import LifeSignalStore
@testable import StoreBackends
import TestSupport
import Testing

/// `notifications read|delete|show ID` find the item through the feed's ID
/// index (`FeedIDIndex`): the same files are read whatever the feed's
/// length, the answers are the scan's, and a feed without an index (or
/// with a wrong one) is still answered right.
struct FeedIDIndexTests {
    /// A transaction that records the paths read through it.
    final class CountingFiles: StoreTransaction {
        let inner: any StoreTransaction
        var reads: [String] = []
        init(_ inner: any StoreTransaction) { self.inner = inner }
        func read(_ path: String) throws -> [UInt8]? {
            reads.append(path)
            return try inner.read(path)
        }
        func list(_ directory: String) throws -> [String] { try inner.list(directory) }
        func files(under directory: String) throws -> [String] { try inner.files(under: directory) }
        func write(_ path: String, _ bytes: [UInt8]) throws { try inner.write(path, bytes) }
        func delete(_ path: String) throws { try inner.delete(path) }
    }

    /// A feed of `count` items written as an older lifesignal left it (no
    /// ID index), then one append through the store, which builds the index.
    static func feed(_ count: Int) throws -> (World, Account) {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        var summary = FeedSummaryFile()
        var segment: [FeedItem] = []
        for index in 0..<count {
            let draft = FeedDraft(type: .ping, title: "item \(index)", message: "m")
            var item = FeedItem(id: world.env.newID(), index: index, draft: draft, timestamp: world.now)
            item.isRead = true
            segment.append(item)
            if segment.count == summary.segmentSize || index == count - 1 {
                try world.store.store(segment, StorePaths.feedSegment(ada.id, index / summary.segmentSize))
                segment = []
            }
        }
        summary.summary.total = count
        summary.summary.nextIndex = count
        summary.summary.deliveredThrough = count
        try world.store.store(summary, StorePaths.feedSummary(ada.id))
        #expect(try world.store.feedSummaryFile(ada.id).idIndexDigits == nil)
        _ = try world.store.appendFeed(FeedDraft(type: .ping, title: "newest", message: "m"), to: ada.id,
                                       id: world.env.newID(), at: world.now)
        #expect(try world.store.feedSummaryFile(ada.id).idIndexDigits == FeedIDIndex.digits)
        return (world, ada)
    }

    static func oldest(_ world: World, _ ada: Account) throws -> FeedItem {
        var first: FeedItem?
        try world.store.visitFeed(of: ada.id, from: 0) { item in
            first = item
            return false
        }
        return try #require(first)
    }

    /// The paths one lookup of `query` reads, on a store that caches nothing yet.
    static func readsOfFind(_ world: World, _ ada: Account, _ query: String) throws -> [String] {
        let counting = CountingFiles(world.files)
        _ = try NotificationService(store: LayoutStore(counting, name: world.backend.name)).find(query, of: ada.id)
        return counting.reads
    }

    @Test func findingTheOldestItemReadsTheSameFilesAtEverySize() throws {
        var shapes: [[String]] = []
        for count in [1_000, 10_000] {
            let (world, ada) = try Self.feed(count)
            let oldest = try Self.oldest(world, ada)
            let reads = try Self.readsOfFind(world, ada, String(oldest.id.rawValue.prefix(8)))
            #expect(reads.count == 3, "\(count) items: \(reads)")
            // Summary, the ID's index file, its segment: nothing else.
            shapes.append(reads.map { $0.split(separator: "/").dropFirst(2).joined(separator: "/") })
            #expect(reads.last == StorePaths.feedSegment(ada.id, 0))
        }
        #expect(shapes.map { $0.map { $0.hasPrefix("feed/ids/") } } == [[false, true, false], [false, true, false]])
    }

    @Test func theIndexAnswersAsTheScanDoes() throws {
        let (world, ada) = try Self.feed(700)
        let items = try world.feed(ada)
        var random = SeededGenerator(seed: 31)
        for item in items.shuffled(using: &random).prefix(60) {
            for length in [4, 8, 36] {
                let prefix = String(item.id.rawValue.prefix(length))
                let scanned = items.filter { $0.id.rawValue.hasPrefix(prefix) }
                let indexed = try #require(try world.store.feedItems(of: ada.id, idPrefix: prefix, limit: .max))
                #expect(Set(indexed.map(\.id)) == Set(scanned.map(\.id)), "\(prefix)")
            }
        }
        #expect(try world.store.feedItems(of: ada.id, idPrefix: "zzzz", limit: 2) == [])
        #expect(try world.store.feedItems(of: ada.id, idPrefix: "ab-c", limit: 2) == [])
    }

    @Test func readAndDeleteGoStraightToTheSegmentAndKeepTheIndexRight() throws {
        let (world, ada) = try Self.feed(1_000)
        var target = try Self.oldest(world, ada)
        target.isRead = false
        // Marking it read: only the summary, its index file and its segment are read.
        let counting = CountingFiles(world.files)
        let store = LayoutStore(counting, name: world.backend.name)
        #expect(try NotificationEditor(store: store).markRead(target.id, of: ada.id) == 0)
        #expect(Set(counting.reads).count == 3, "\(counting.reads)")
        #expect(try NotificationEditor(store: world.store).delete(target.id, of: ada.id) == 1)
        // Gone from the index: only a scan can say it is gone from the feed.
        #expect(try world.store.feedItems(of: ada.id, idPrefix: target.id.rawValue, limit: 2) == nil)
        #expect(throws: LifeSignalError.self) { try NotificationService(store: world.store).find(target.id.rawValue, of: ada.id) }
    }

    @Test func retentionForgetsTheItemsItDrops() throws {
        let (world, ada) = try Self.feed(300)
        let oldest = try Self.oldest(world, ada)
        world.store.retentionLimit = 150
        _ = try world.store.appendFeed(FeedDraft(type: .ping, title: "one more", message: "m"), to: ada.id,
                                       id: world.env.newID(), at: world.now)
        #expect(try world.store.feedItems(of: ada.id, idPrefix: oldest.id.rawValue, limit: 2) == nil)
        #expect(throws: LifeSignalError.self) { try NotificationService(store: world.store).find(oldest.id.rawValue, of: ada.id) }
        for item in try world.feed(ada) {
            #expect(try world.store.feedItems(of: ada.id, idPrefix: item.id.rawValue, limit: 2)?.map(\.id) == [item.id], "\(item.index) \(item.title)")
        }
    }

    @Test func aWrongIndexCostsTimeNeverAnAnswer() throws {
        let (world, ada) = try Self.feed(500)
        let oldest = try Self.oldest(world, ada)
        let path = try #require(FeedIDIndex.path(ada.id, prefix: oldest.id.rawValue[...]))
        // The entry now points to the newest segment, which does not hold the item.
        let entries = try #require(try world.store.load([FeedIDEntry].self, path)).map { entry in
            entry.id == oldest.id ? FeedIDEntry(id: entry.id, index: 450) : entry
        }
        try world.store.store(entries, path)
        let fresh = LayoutStore(world.files, name: world.backend.name)
        #expect(try fresh.feedItems(of: ada.id, idPrefix: oldest.id.rawValue, limit: 2) == nil)
        #expect(try NotificationService(store: fresh).find(oldest.id.rawValue, of: ada.id) == oldest)
        #expect(try NotificationEditor(store: fresh).delete(oldest.id, of: ada.id) == 1)
    }

    @Test func doctorFindsAHealthyIndexHealthyAndAWrongEntryWrong() throws {
        let (world, ada) = try Self.feed(300)
        #expect(try StoreDoctor(store: SharedStore(backend: world.backend)).examine().isHealthy)
        let oldest = try Self.oldest(world, ada)
        let path = try #require(FeedIDIndex.path(ada.id, prefix: oldest.id.rawValue[...]))
        let entries = try #require(try world.store.load([FeedIDEntry].self, path)).map { entry in
            entry.id == oldest.id ? FeedIDEntry(id: entry.id, index: 250) : entry
        }
        try world.store.store(entries, path)
        let report = try StoreDoctor(store: SharedStore(backend: world.backend)).examine()
        #expect(!report.isHealthy)
        #expect(report.findings.contains { $0.path.hasSuffix(path) && $0.problem.contains("at 250") }, "\(report.findings)")
    }
}
