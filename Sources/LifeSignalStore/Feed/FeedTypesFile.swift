import LifeSignalCore

/// The segments that hold each type of item, `feed/types.json`, kept exact
/// by every change of the feed beside its summary rather than in it: a
/// type scattered over a long feed takes two numbers a segment, and
/// `status` and every change read and rewrite the summary, while only
/// listings filtered by `--type` need these lists. A change writes the
/// file only when a segment gains its first item of a type or loses its
/// last, so most appends do not read it at all.
///
/// A feed without the file (written before the lists were kept) is
/// listed by type from every segment, and its next change of a list
/// counts the lists from the segments.
package struct FeedTypesFile: Codable, Equatable {
    /// By `NotificationType` name; a type with no item has no entry.
    var segments: [String: SegmentRanges] = [:]

    /// Records that segment `number` holds exactly the types `held`.
    mutating func describe(_ number: Int, holding held: Set<NotificationType>) {
        for type in NotificationType.allCases {
            var ranges = segments[type.rawValue] ?? SegmentRanges()
            if held.contains(type) { ranges.insert(number) } else { ranges.remove(number) }
            segments[type.rawValue] = ranges.isEmpty ? nil : ranges
        }
    }

    /// The segments that hold a type `filter` admits.
    func segments(admittedBy filter: NotificationFilter) -> SegmentRanges {
        NotificationType.allCases.filter(filter.matches).reduce(SegmentRanges()) { found, type in
            segments[type.rawValue].map(found.union) ?? found
        }
    }
}

/// A feed's type lists for one change of the feed: read (or, for a feed
/// from before they were kept, counted from its segments) only when a
/// segment's set of types changes, and written back once at the end.
struct FeedTypeBook {
    let owner: EntityID
    private var types: FeedTypesFile?

    init(owner: EntityID) { self.owner = owner }

    /// Notes that segment `number`, which held `before`, now holds `after`
    /// (as written): the lists change only if the set of types does.
    mutating func describe(_ number: Int, was before: [FeedItem], holding after: [FeedItem], _ store: LayoutStore,
                           _ feed: FeedSummaryFile) throws {
        let held = Set(after.map(\.type))
        guard Set(before.map(\.type)) != held else { return }
        if types == nil {
            // Counted after the segments changed so far were written, so a
            // count is of the feed as it now is; `describe` is idempotent.
            types = try store.feedTypes(of: owner) ?? store.countTypes(owner, feed)
        }
        types?.describe(number, holding: held)
    }

    /// Writes the lists back if any changed.
    func save(_ store: LayoutStore) throws {
        guard let types else { return }
        try store.store(types, StorePaths.feedTypes(owner))
    }
}

extension LayoutStore {
    /// A feed's type lists as kept, nil when the feed has none yet.
    func feedTypes(of id: EntityID) throws -> FeedTypesFile? {
        try load(FeedTypesFile.self, StorePaths.feedTypes(id))
    }

    /// The type lists of a feed from before they were kept, counted from
    /// its segments (their types only; once: they are kept from then on).
    func countTypes(_ id: EntityID, _ feed: FeedSummaryFile) throws -> FeedTypesFile {
        var types = FeedTypesFile()
        guard let last = feed.lastSegment, last >= feed.firstSegment else { return types }
        for number in feed.firstSegment...last {
            let segment = try loadedSegment(id, number)
            for position in 0..<segment.count {
                types.segments[try segment.type(at: position).rawValue, default: SegmentRanges()].insert(number)
            }
        }
        return types
    }
}
