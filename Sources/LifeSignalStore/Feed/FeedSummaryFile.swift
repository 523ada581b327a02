import LifeSignalCore

/// The small file beside a feed's segments, `feed/summary.json`: its
/// counts (the `FeedSummary` that `status` shows) and where its segments are.
///
/// Items live in numbered segment files of `segmentSize` items each
/// (item `index / segmentSize`), so the newest items are read without
/// decoding the history, an append rewrites one small file, and `status`
/// reads only this index.
struct FeedSummaryFile: Codable {
    static let defaultSegmentSize = 100

    var summary = FeedSummary()
    var segmentSize = FeedSummaryFile.defaultSegmentSize
    /// Segments below this one have all been dropped by retention.
    var firstSegment = 0
    /// Segments that hold at least one unread item, ascending.
    var unreadSegments: [Int] = []

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
