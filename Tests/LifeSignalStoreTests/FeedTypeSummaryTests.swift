import FoundationEssentials
import LifeSignalCore
@testable import LifeSignalStore
import TestSupport
import Testing

/// The per-segment lists (each type's in `FeedTypesFile`, the unread ones
/// in `FeedSummaryFile.unreadSegments`) stay exactly what the segments hold
/// through every change, so `--type` and `--unread` read only segments
/// that can hold a match and still answer as a scan of the whole feed would.
struct FeedTypeSummaryTests {
    /// One step of a random sequence, each run as a command is.
    enum Step: CaseIterable {
        case append, appendCritical, appendAboutSender, readOne, readAll, deleteOne, deleteAll, deliver
    }

    /// A feed with small segments (4 items) and small limits, so that
    /// retention and the per-sender limits trim it often.
    struct Feed {
        let world = World()
        let owner: EntityID
        let sender: EntityID

        init(keepingTypes: Bool = true) throws {
            owner = world.env.newID()
            sender = world.env.newID()
            var summary = FeedSummaryFile()
            summary.segmentSize = 4
            try world.store.store(summary, StorePaths.feedSummary(owner))
            if keepingTypes { try world.store.store(FeedTypesFile(), StorePaths.feedTypes(owner)) }
        }

        @discardableResult
        func command<T>(_ body: (LayoutStore) throws -> T) throws -> T {
            try world.command { store in
                store.retentionLimit = 24
                store.senderItemLimit = 6
                store.senderCriticalLimit = 2
                return try body(store)
            }
        }

        /// Every item, oldest first, read segment by segment from the files.
        func items() throws -> [FeedItem] {
            try command { store in
                let summary = try store.feedSummaryFile(owner)
                guard let last = summary.lastSegment, last >= summary.firstSegment else { return [] }
                return try (summary.firstSegment...last).flatMap { number in
                    try store.feedSegment(at: StorePaths.feedSegment(owner, number)) ?? []
                }
            }
        }

        func append(_ type: NotificationType, critical: Bool = false, aboutSender: Bool = false) throws {
            try command { store in
                let draft = FeedDraft(type: type, title: "t", message: "m", relatedContactID: aboutSender ? sender : nil,
                                      isCritical: critical)
                _ = try store.appendFeed(draft, to: owner, id: world.env.newID(), at: world.now)
            }
        }

        /// The kept lists against those counted from the segments, and
        /// every filtered listing against the whole feed filtered.
        func check(_ context: String) throws {
            let items = try items()
            let summary = try command { try $0.feedSummaryFile(owner) }
            let kept = try command { try $0.feedTypes(of: owner) }
            var types: [String: SegmentRanges] = [:]
            var unread = Set<Int>()
            for item in items {
                types[item.type.rawValue, default: SegmentRanges()].insert(item.index / summary.segmentSize)
                if !item.isRead { unread.insert(item.index / summary.segmentSize) }
            }
            #expect(kept?.segments == types, "\(context): types")
            #expect(Set(summary.unreadSegments.filter { $0 >= summary.firstSegment }) == unread, "\(context): unread")
            for filter in [nil] + NotificationFilter.allCases.map(Optional.some) {
                for unreadOnly in [false, true] {
                    let listed = try command {
                        try NotificationService(store: $0).list(of: owner, filter: filter, unreadOnly: unreadOnly, limit: nil)
                    }
                    let expected = items.reversed().filter { FeedQuery(unreadOnly: unreadOnly, filter: filter).admits(type: $0.type, isRead: $0.isRead) }
                    #expect(listed.map(\.id) == expected.map(\.id), "\(context): --type \(filter?.rawValue ?? "-") unread \(unreadOnly)")
                }
            }
        }
    }

    @Test(arguments: Array(UInt64(1)...UInt64(24)))
    func randomChangesKeepTheSummaryExact(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let feed = try Feed()
        for number in 0..<70 {
            let step = random.pick(Step.allCases)
            let items = try feed.items()
            let type = random.pick(NotificationType.allCases)
            switch step {
            case .append: try feed.append(type)
            case .appendCritical: try feed.append(type, critical: true)
            case .appendAboutSender: try feed.append(type, critical: Bool.random(using: &random), aboutSender: true)
            case .readOne:
                guard let item = items.randomElement(using: &random) else { continue }
                try feed.command { try NotificationEditor(store: $0).markRead(item.id, of: feed.owner) }
            case .readAll: try feed.command { try NotificationEditor(store: $0).markRead(nil, of: feed.owner) }
            case .deleteOne:
                guard let item = items.randomElement(using: &random) else { continue }
                try feed.command { try NotificationEditor(store: $0).delete(item.id, of: feed.owner) }
            case .deleteAll:
                // Rare, so that feeds grow long enough to be trimmed.
                guard random.next() % 4 == 0 else { continue }
                try feed.command { try NotificationEditor(store: $0).delete(nil, of: feed.owner) }
            case .deliver:
                guard let item = items.randomElement(using: &random) else { continue }
                try feed.command { try NotificationEditor(store: $0).markDelivered(item, of: feed.owner, at: feed.world.now) }
            }
            try feed.check("seed \(seed), step \(number) (\(step))")
        }
    }

    /// A feed without type lists (written before they were kept) lists by
    /// type from every segment; an append that changes no list leaves it
    /// so, and the next that does (a segment's first item of a type) counts
    /// them from the segments.
    @Test func aFeedWithoutTypesIsScannedAndCountedWhenAListChanges() throws {
        let feed = try Feed()
        for index in 0..<18 { try feed.append(index % 7 == 0 ? .alert : .ping) }
        try feed.world.store.remove(StorePaths.feedTypes(feed.owner))
        let alerts = try feed.command { try NotificationService(store: $0).list(of: feed.owner, filter: .alerts, unreadOnly: false, limit: nil) }
        #expect(alerts.map(\.index) == [14, 7, 0])
        // Segment 4 holds a ping already.
        try feed.append(.ping)
        #expect(try feed.command { try $0.feedTypes(of: feed.owner) } == nil)
        try feed.append(.role)
        try feed.check("after the first append of a new type to a segment")
        #expect(try feed.command { try $0.feedTypes(of: feed.owner)?.segments["alert"] } == SegmentRanges(bounds: [0, 1, 3, 3]))
    }

    /// An append of a type its segment already holds, a read, and a
    /// delete that leaves every segment's types as they were do not write
    /// the type lists.
    @Test func changesThatKeepEverySegmentsTypesLeaveTheListsAlone() throws {
        let feed = try Feed()
        for _ in 0..<6 { try feed.append(.ping) }
        #expect(try feed.command { try $0.feedTypes(of: feed.owner)?.segments } == ["ping": SegmentRanges(bounds: [0, 1])])
        // Lists these changes would correct if they wrote them.
        try feed.world.store.store(FeedTypesFile(), StorePaths.feedTypes(feed.owner))
        try feed.append(.ping)
        try feed.command { try NotificationEditor(store: $0).markRead(nil, of: feed.owner) }
        let newest = try feed.items().last
        try feed.command { try NotificationEditor(store: $0).delete(newest?.id, of: feed.owner) }
        #expect(try feed.command { try $0.feedTypes(of: feed.owner) } == FeedTypesFile(), "the wrong, empty lists were left alone")
    }

    /// `doctor` finds a summary whose type or unread lists disagree with the segments.
    @Test(arguments: [
        ("a type's segment missing", "lists alert notifications in segments [0, 0, 2, 2] but the feed holds them in [0, 2]"),
        ("a type that is not there", "lists role notifications in segments [1, 1] but the feed holds them in []"),
        ("a segment with no unread item listed", "lists the segments with unread notifications wrongly (none unread in 0)"),
        ("a segment with unread items left out", "lists the segments with unread notifications wrongly (missing 2)"),
    ])
    func doctorFindsAWrongSummary(damage: String, finding: String) throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        for index in 0..<250 {
            _ = try world.store.appendFeed(FeedDraft(type: index % 100 == 0 ? .alert : .ping, title: "t", message: "m"),
                                           to: ada.id, id: world.env.newID(), at: world.now)
        }
        try NotificationEditor(store: world.store).markRead(nil, of: ada.id)
        // The one unread item, in segment 2.
        _ = try world.store.appendFeed(FeedDraft(type: .ping, title: "t", message: "m"), to: ada.id, id: world.env.newID(), at: world.now)
        #expect(try StoreDoctor(store: SharedStore(backend: world.backend)).examine().isHealthy)
        var summary = try world.store.feedSummaryFile(ada.id)
        var types = try #require(try world.store.feedTypes(of: ada.id))
        switch damage {
        case "a type's segment missing": types.segments["alert"]?.remove(1)
        case "a type that is not there": types.segments["role"] = SegmentRanges(bounds: [1, 1])
        case "a segment with no unread item listed": summary.unreadSegments = [0] + summary.unreadSegments
        default: summary.unreadSegments = []
        }
        try world.store.store(summary, StorePaths.feedSummary(ada.id))
        try world.store.store(types, StorePaths.feedTypes(ada.id))
        let file = damage.hasPrefix("a type") ? "feed/types.json" : "feed/summary.json"
        let report = try StoreDoctor(store: SharedStore(backend: world.backend)).examine()
        #expect(report.findings.contains { $0.path.hasSuffix(file) && $0.problem.contains(finding) }, "\(report.findings)")
    }

    /// `SegmentRanges` against a plain set of numbers, through random inserts and removals.
    @Test(arguments: Array(UInt64(1)...UInt64(20)))
    func segmentRangesActAsASet(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var ranges = SegmentRanges(), model = Set<Int>()
        for _ in 0..<200 {
            let number = Int(random.next() % 30)
            if random.next() % 3 == 0 {
                ranges.remove(number)
                model.remove(number)
            } else {
                ranges.insert(number)
                model.insert(number)
            }
            #expect(ranges.problem == nil, "seed \(seed): \(ranges.bounds)")
            #expect(ranges.descending(from: 29, through: 0) == model.sorted(by: >), "seed \(seed)")
            #expect((0..<30).allSatisfy { ranges.contains($0) == model.contains($0) }, "seed \(seed)")
        }
        var other = SegmentRanges()
        for number in [0, 5, 6, 7, 29] { other.insert(number) }
        #expect(ranges.union(other).descending(from: 29, through: 0) == model.union([0, 5, 6, 7, 29]).sorted(by: >))
    }

    @Test(arguments: [
        ([], nil), ([0, 0], nil), ([0, 2, 4, 9], nil),
        ([1], "an odd number of bounds"), ([3, 2], "ranges out of order"), ([0, 2, 3, 4], "ranges out of order"),
        ([-1, 2], "ranges out of order"), ([4, 5, 0, 1], "ranges out of order"),
    ] as [([Int], String?)])
    func segmentRangesReadFromAFileAreChecked(bounds: [Int], problem: String?) {
        #expect(SegmentRanges(bounds: bounds).problem == problem)
    }
}
