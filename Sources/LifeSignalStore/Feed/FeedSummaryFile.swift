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
}

extension FeedSummaryFile {
    /// The segments that can hold items `query` admits, newest first: the
    /// unread ones for `unreadOnly`, those `types` lists as holding a
    /// wanted type for a filter (every segment when the lists are not kept).
    func segments(matching query: FeedQuery, types: FeedTypesFile?) -> SegmentNumbers {
        guard let last = lastSegment, last >= firstSegment else { return SegmentNumbers(listed: []) }
        let wanted = query.filter.flatMap { filter in types?.segments(admittedBy: filter) }
        if query.unreadOnly {
            return SegmentNumbers(listed: unreadSegments.reversed().filter { $0 >= firstSegment && wanted?.contains($0) != false })
        }
        if let wanted { return SegmentNumbers(listed: wanted.descending(from: last, through: firstSegment)) }
        return SegmentNumbers(from: last, through: firstSegment)
    }
}
