import FoundationEssentials
import LifeSignalCore
@testable import LifeSignalStore
@testable import StoreBackends
import StoreCodecKit
import TestSupport
import Testing

/// A command's cost follows what was asked, not how long the feed is: the
/// same listing or lookup on feeds of 1,000, 10,000 and 100,000 items reads
/// the same files, and as many bytes give or take the summary's longer
/// numbers. Counted through the files the store reads (no clocks), on
/// feeds written as segment files directly so that seeding stays quick.
/// `status` and appends cost the same even when a type is scattered over
/// the feed, so that its list (`feed/types.json`) grows with the feed.
struct FeedGrowthTests {
    static let sizes = [1_000, 10_000, 100_000]

    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        /// Whether the feed holds alerts in every other segment (`SeededFeed`).
        var scattered = false
        var action: @Sendable (SeededFeed) throws -> Void
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "list 20") { feed in
            let items = try NotificationService(store: feed.reader()).list(of: feed.owner, filter: nil, unreadOnly: false, limit: 20)
            try #require(items.map(\.index) == Array((feed.count - 20..<feed.count).reversed()))
        },
        Case(id: "list --unread 30 (the newest 25 and the oldest)") { feed in
            let items = try NotificationService(store: feed.reader()).list(of: feed.owner, filter: nil, unreadOnly: true, limit: 30)
            try #require(items.map(\.index) == Array((feed.count - 25..<feed.count).reversed()) + [0])
        },
        Case(id: "list --type sign-ins (a rare type: the newest and the oldest)") { feed in
            let items = try NotificationService(store: feed.reader()).list(of: feed.owner, filter: .signIns, unreadOnly: false, limit: 20)
            try #require(items.map(\.index) == [feed.count - SeededFeed.newestSignIn, 0])
        },
        Case(id: "list --type sign-ins --unread (the oldest only)") { feed in
            let items = try NotificationService(store: feed.reader()).list(of: feed.owner, filter: .signIns, unreadOnly: true, limit: 20)
            try #require(items.map(\.index) == [0])
        },
        Case(id: "list --type contacts 20 (common types: the newest segment)") { feed in
            let items = try NotificationService(store: feed.reader()).list(of: feed.owner, filter: .contacts, unreadOnly: false, limit: 20)
            try #require(items.count == 20 && items.allSatisfy { $0.type == .added || $0.type == .removed })
        },
        Case(id: "status (alerts in every other segment)", scattered: true) { feed in
            // What `status` reads of the feed (`StatusReport`).
            try #require(try feed.reader().feedSummary(of: feed.owner).total == feed.count)
        },
        Case(id: "append a second item to a new segment (alerts in every other segment)", scattered: true) { feed in
            let draft = FeedDraft(type: .ping, title: "t", message: "m")
            let time = ISO8601.parse("2026-03-02T09:00:00Z")!
            // The first item of a segment changes the type lists; the second,
            // of a type the segment holds, must not even read them. Retention
            // is not what is measured (100,000 items is its limit).
            let first = feed.writer()
            first.retentionLimit = .max
            _ = try first.appendFeed(draft, to: feed.owner, id: SeededFeed.id(segment: 99_999, position: 0), at: time)
            feed.reads.total = FileReads()
            let second = feed.writer()
            second.retentionLimit = .max
            let item = try second.appendFeed(draft, to: feed.owner, id: SeededFeed.id(segment: 99_999, position: 1), at: time)
            try #require(item.index == feed.count + 1)
        },
        Case(id: "list --json 200 (two segments or three)") { feed in
            let items = try NotificationService(store: feed.reader()).list(of: feed.owner, filter: nil, unreadOnly: false, limit: 200)
            try #require(items.count == 200)
        },
        Case(id: "show ID of the oldest item") { feed in
            let item = try NotificationService(store: feed.reader()).find(feed.oldestID.rawValue, of: feed.owner)
            try #require(item.index == 0)
        },
        Case(id: "read ID of the oldest item") { feed in
            let store = feed.writer()
            let id = try NotificationService(store: store).find(String(feed.oldestID.rawValue.prefix(8)), of: feed.owner).id
            try #require(try NotificationEditor(store: store).markRead(id, of: feed.owner) == 1)
        },
        Case(id: "delete ID of the oldest item") { feed in
            let store = feed.writer()
            let id = try NotificationService(store: store).find(feed.oldestID.rawValue, of: feed.owner).id
            try #require(try NotificationEditor(store: store).delete(id, of: feed.owner) == 1)
        },
    ]

    @Test(arguments: cases)
    func theSameWorkAtEverySize(_ test: Case) throws {
        var counts: [FileReads] = []
        for size in Self.sizes {
            let feed = try SeededFeed(count: size, scattered: test.scattered)
            try test.action(feed)
            counts.append(feed.reads.total)
        }
        let smallest = counts[0]
        for (size, count) in zip(Self.sizes, counts) {
            #expect(count.files == smallest.files, "\(test.id) at \(size) items: \(count) (1,000 items: \(smallest))")
            #expect(count.bytes <= smallest.bytes + smallest.bytes / 20,
                    "\(test.id) at \(size) items: \(count) (1,000 items: \(smallest))")
        }
    }
}

/// Files read and their bytes.
struct FileReads: Equatable, CustomStringConvertible {
    var files = 0
    var bytes = 0
    var description: String { "\(files) files, \(bytes) bytes" }
}

/// Counts what is read through it.
final class ReadCounter: @unchecked Sendable {
    var total = FileReads()
}

/// A transaction's files, counting every read.
final class CountingFiles: StoreTransaction {
    let inner: any StoreTransaction
    let counter: ReadCounter

    init(_ inner: any StoreTransaction, counter: ReadCounter) {
        self.inner = inner
        self.counter = counter
    }

    func read(_ path: String) throws -> [UInt8]? {
        let bytes = try inner.read(path)
        counter.total.files += 1
        counter.total.bytes += bytes?.count ?? 0
        return bytes
    }

    func list(_ directory: String) throws -> [String] {
        counter.total.files += 1
        return try inner.list(directory)
    }

    func files(under directory: String) throws -> [String] {
        counter.total.files += 1
        return try inner.files(under: directory)
    }

    func write(_ path: String, _ bytes: [UInt8]) throws { try inner.write(path, bytes) }
    func delete(_ path: String) throws { try inner.delete(path) }
}

/// A feed of `count` items (the oldest and the newest 25 unread; the
/// oldest and one in the newest segment, read, are the only sign-ins)
/// written as files directly: a summary, its type lists, full segments of
/// 100, and the ID index entry of the oldest item. The segments between the
/// first and the last two hold the same 100 read items (IDs need to differ
/// only within a segment), so seeding 100,000 items is quick; `scattered`,
/// the even ones of them hold an alert first instead, so that the alerts'
/// list has a range for each.
struct SeededFeed: @unchecked Sendable {
    static let segmentSize = FeedSummaryFile.defaultSegmentSize
    static let unread = 25
    static let name = "/store"
    /// How far from the end the newest sign-in is.
    static let newestSignIn = 50

    let count: Int
    let owner = EntityID(validating: "0a1b2c3d-0000-4000-8000-0000000000aa")!
    let files: StepByStep
    let reads = ReadCounter()

    /// The oldest item's ID.
    var oldestID: EntityID { Self.id(segment: 0, position: 0) }

    init(count: Int, scattered: Bool = false) throws {
        precondition(count % Self.segmentSize == 0 && count > 2 * Self.segmentSize, "whole segments, three or more")
        self.count = count
        files = StepByStep(MemoryBackend(name: Self.name))
        let codec = StoreCodec(root: Self.name)
        let time = ISO8601.parse("2026-03-01T09:00:00Z")!
        let types: [NotificationType] = [.ping, .role, .added, .removed, .checkIn]
        func segment(_ number: Int, idFrom idSegment: Int) -> [FeedItem] {
            (0..<Self.segmentSize).map { position in
                let index = number * Self.segmentSize + position
                let type = index == 0 || index == count - Self.newestSignIn ? NotificationType.signIn : types[index % types.count]
                var item = FeedItem(id: Self.id(segment: idSegment, position: position), index: index,
                                    draft: FeedDraft(type: type, title: "Item \(index)",
                                                     message: "Notification \(index), about as long as a real one."),
                                    timestamp: time.addingTimeInterval(Double(index)))
                item.isRead = index != 0 && index < count - Self.unread
                return item
            }
        }
        let last = count / Self.segmentSize - 1
        let middle = codec.encode(segment(1, idFrom: 1))
        var withAlert = segment(1, idFrom: 1)
        withAlert[0].type = .alert
        let middleWithAlert = codec.encode(withAlert)
        let alerts = scattered ? Array(stride(from: 2, to: last - 1, by: 2)) : []
        let owner = self.owner
        try files.backend.write { store in
            // The middle segments all hold the bytes of the second (their items' positions
            // say 100 to 199, which nothing here reads).
            for number in 1..<(last - 1) {
                try store.write(StorePaths.feedSegment(owner, number), alerts.contains(number) ? middleWithAlert : middle)
            }
            for number in [0, last - 1, last] {
                try store.write(StorePaths.feedSegment(owner, number), codec.encode(segment(number, idFrom: number)))
            }
            var summary = FeedSummaryFile()
            summary.summary.nextIndex = count
            summary.summary.total = count
            summary.summary.unread = Self.unread + 1
            summary.summary.deliveredThrough = count
            summary.unreadSegments = [0, last]
            summary.idIndexDigits = FeedIDIndex.digits
            try store.write(StorePaths.feedSummary(owner), codec.encode(summary))
            var everySegment = SegmentRanges()
            for number in 0...last { everySegment.insert(number) }
            var lists = FeedTypesFile()
            lists.segments = Dictionary(uniqueKeysWithValues: types.map { ($0.rawValue, everySegment) })
            lists.segments[NotificationType.signIn.rawValue] = SegmentRanges(bounds: [0, 0, last, last])
            if !alerts.isEmpty {
                var scatteredAlerts = SegmentRanges()
                for number in alerts { scatteredAlerts.insert(number) }
                lists.segments[NotificationType.alert.rawValue] = scatteredAlerts
            }
            try store.write(StorePaths.feedTypes(owner), codec.encode(lists))
            let oldest = Self.id(segment: 0, position: 0)
            let indexPath = try #require(FeedIDIndex.path(owner, prefix: oldest.rawValue[...]))
            try store.write(indexPath, codec.encode([FeedIDEntry(id: oldest, index: 0)]))
        }
    }

    /// A distinct ID for each segment number and position.
    static func id(segment: Int, position: Int) -> EntityID {
        let hex = String(segment, radix: 16)
        let tail = String(repeating: "0", count: 8 - hex.count) + hex
        let positionHex = String(position, radix: 16)
        let head = String(repeating: "0", count: 8 - positionHex.count) + positionHex
        return EntityID(validating: "\(head)-0000-4000-8000-0000\(tail)")!
    }

    /// A store for one command's reads, counted.
    func reader() -> LayoutStore {
        LayoutStore(CountingFiles(files, counter: reads), name: Self.name)
    }

    /// A store for one command's changes, its reads counted.
    func writer() -> LayoutStore { reader() }
}
