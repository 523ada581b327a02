import LifeSignalCore

/// The small file beside a feed's segments, `feed/summary.json`: its
/// counts (the `FeedSummary` that `status` shows) and where its segments are.
///
/// Items live in numbered segment files of `segmentSize` items each
/// (item `index / segmentSize`), so the newest items are read without
/// decoding the history, an append rewrites one small file, and `status`
/// reads only this index.
package struct FeedSummaryFile: Codable, Equatable {
    static let defaultSegmentSize = 100

    var summary = FeedSummary()
    var segmentSize = FeedSummaryFile.defaultSegmentSize
    /// Segments below this one have all been dropped by retention.
    var firstSegment = 0
    /// Segments that hold at least one unread item, ascending.
    var unreadSegments: [Int] = []
    /// `FeedIDIndex.digits` once the feed's ID index (`feed/ids`) is
    /// complete; absent for a feed without one, which is scanned instead.
    var idIndexDigits: Int?
    /// The segments that hold each type of item, by `NotificationType`
    /// name, kept exact by every change; nil for a feed written before
    /// they were kept (or by an older lifesignal, which drops them when it
    /// rewrites the summary): then `--type` reads every segment, and the
    /// next append counts them.
    var typeSegments: [String: SegmentRanges]?

    /// The segment the newest item is in, or nil for an empty feed.
    var lastSegment: Int? {
        summary.nextIndex == 0 ? nil : (summary.nextIndex - 1) / segmentSize
    }

    mutating func setUnread(_ segment: Int, _ hasUnread: Bool) {
        if hasUnread {
            if !unreadSegments.contains(segment) {
                unreadSegments.append(segment)
                unreadSegments.sort()
            }
        } else {
            unreadSegments.removeAll { $0 == segment }
        }
    }

    /// Records what segment `number` holds once `items` are written to it:
    /// whether any is unread, and (when they are kept) their types.
    mutating func describe(_ number: Int, holding items: [FeedItem]) {
        setUnread(number, items.contains { !$0.isRead })
        guard var types = typeSegments else { return }
        for type in NotificationType.allCases {
            let holds = items.contains { $0.type == type }
            var segments = types[type.rawValue] ?? SegmentRanges()
            if holds { segments.insert(number) } else { segments.remove(number) }
            types[type.rawValue] = segments.isEmpty ? nil : segments
        }
        typeSegments = types
    }

    /// The segments that can hold items `query` admits, newest first: the
    /// unread ones for `unreadOnly`, those holding a wanted type for a
    /// filter (every segment when the types are not kept).
    func segments(matching query: FeedQuery) -> [Int] {
        guard let last = lastSegment, last >= firstSegment else { return [] }
        var wanted: SegmentRanges?
        if let filter = query.filter, let typeSegments {
            wanted = NotificationType.allCases.filter(filter.matches).reduce(SegmentRanges()) { found, type in
                typeSegments[type.rawValue].map(found.union) ?? found
            }
        }
        if query.unreadOnly {
            return unreadSegments.reversed().filter { $0 >= firstSegment && wanted?.contains($0) != false }
        }
        if let wanted { return wanted.descending(from: last, through: firstSegment) }
        return Array(stride(from: last, through: firstSegment, by: -1))
    }
}
