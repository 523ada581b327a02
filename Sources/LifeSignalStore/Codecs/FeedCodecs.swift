import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// An element of a feed segment, `feed/<n>.json`. A whole feed is read for
/// a full listing, so this is the hottest reader of all; an item appears
/// once in its segment.
extension FeedItem: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case acknowledgedBy, allClear, deliveredAt, duress, exitStatus, id, index, isCritical, isRead, job, message, readAt
        case relatedAlertID, relatedContactID, relatedPingID, timestamp, title, type
        @usableFromInline
        static let names = JSONNames(["acknowledgedBy", "allClear", "deliveredAt", "duress", "exitStatus", "id", "index", "isCritical",
                                    "isRead", "job", "message", "readAt", "relatedAlertID", "relatedContactID", "relatedPingID",
                                    "timestamp", "title", "type"])
    }

    /// Reads and checks the item (`CheckedFeedItem`), then builds it.
    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> FeedItem {
        try CheckedFeedItem.read(from: &reader).item
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.acknowledgedBy.name, ifPresent: acknowledgedBy)
        if allClear { writer.member(StoreField.allClear.name, allClear) }
        writer.member(StoreField.deliveredAt.name, ifPresent: deliveredAt)
        if duress { writer.member(StoreField.duress.name, duress) }
        if let exitStatus { writer.member(StoreField.exitStatus.name, exitStatus) }
        writer.member(StoreField.id.name, id)
        writer.member(StoreField.index.name, index)
        writer.member(StoreField.isCritical.name, isCritical)
        writer.member(StoreField.isRead.name, isRead)
        writer.member(StoreField.job.name, ifPresent: job)
        writer.member(StoreField.message.name, message)
        writer.member(StoreField.readAt.name, ifPresent: readAt)
        writer.member(StoreField.relatedAlertID.name, ifPresent: relatedAlertID)
        writer.member(StoreField.relatedContactID.name, ifPresent: relatedContactID)
        writer.member(StoreField.relatedPingID.name, ifPresent: relatedPingID)
        writer.member(StoreField.timestamp.name, timestamp)
        writer.member(StoreField.title.name, title)
        writer.member(StoreField.type.name, type.rawValue)
        writer.endObject()
    }

    @usableFromInline
    package var uniqueID: EntityID? { id }
}

/// `feed/summary.json`: the feed's counts and where its segments are.
extension FeedSummaryFile: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case firstSegment, idIndexDigits, segmentSize, summary, unreadSegments
        @usableFromInline
        static let names = JSONNames(["firstSegment", "idIndexDigits", "segmentSize", "summary", "unreadSegments"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> FeedSummaryFile {
        let start = reader.valueStart()
        var summary: FeedSummary?, segmentSize: Int?, firstSegment: Int?, unreadSegments: [Int]?, idIndexDigits: Int?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .firstSegment: firstSegment = try reader.readInt()
            case .idIndexDigits: idIndexDigits = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .segmentSize: segmentSize = try reader.readInt()
            case .summary: summary = try FeedSummary.read(from: &reader)
            case .unreadSegments: unreadSegments = try reader.readInts()
            }
        }
        var file = FeedSummaryFile()
        file.summary = try present(summary, StoreField.summary, start)
        file.segmentSize = try present(segmentSize, StoreField.segmentSize, start)
        file.firstSegment = try present(firstSegment, StoreField.firstSegment, start)
        file.unreadSegments = try present(unreadSegments, StoreField.unreadSegments, start)
        file.idIndexDigits = idIndexDigits
        return file
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.firstSegment.name, firstSegment)
        if let idIndexDigits { writer.member(StoreField.idIndexDigits.name, idIndexDigits) }
        writer.member(StoreField.segmentSize.name, segmentSize)
        writer.member(StoreField.summary.name, summary)
        writer.member(StoreField.unreadSegments.name, unreadSegments)
        writer.endObject()
    }

    /// Items a feed may span from its oldest kept segment to its newest.
    static let maximumSpan = 10_000_000

    @usableFromInline
    package var validationProblem: String? {
        let s = summary
        guard (1...10_000).contains(segmentSize) else { return "segmentSize \(segmentSize) is out of range" }
        guard s.nextIndex >= 0, firstSegment >= 0, s.total >= 0, (0...max(s.total, 0)).contains(s.unread),
              (0...s.nextIndex).contains(s.deliveredThrough) else { return "its counts are impossible" }
        guard s.retries.count <= s.deliveredThrough,
              Set(s.retries.map(\.index)).count == s.retries.count,
              s.retries.allSatisfy({ (0..<s.deliveredThrough).contains($0.index) && $0.attempts >= 0 }) else {
            return "its delivery retries are impossible"
        }
        guard firstSegment <= s.nextIndex / segmentSize + 1,
              s.nextIndex - firstSegment * segmentSize <= Self.maximumSpan else { return "nextIndex \(s.nextIndex) is out of range" }
        return nil
    }
}

/// `feed/types.json`: the segments each type of item is in, as ranges
/// (`SegmentRanges`), by type name.
extension FeedTypesFile: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case segments
        @usableFromInline
        static let names = JSONNames(["segments"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> FeedTypesFile {
        let start = reader.valueStart()
        var segments: [String: SegmentRanges]?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .segments:
                var types: [String: SegmentRanges] = [:]
                try reader.readDictionary { reader, name throws(JSONReadError) in
                    types[name] = SegmentRanges(bounds: try reader.readInts())
                }
                segments = types
            }
        }
        var file = FeedTypesFile()
        file.segments = try present(segments, StoreField.segments, start)
        return file
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(StoreField.segments.name)
        writer.beginObject()
        for name in segments.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            writer.member(name, segments[name]?.bounds ?? [])
        }
        writer.endObject()
        writer.endObject()
    }

    @usableFromInline
    package var validationProblem: String? {
        for (name, ranges) in segments.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            guard NotificationType(rawValue: name) != nil else { return "it lists segments of an unknown type \"\(name)\"" }
            if let problem = ranges.problem { return "its segments of \(name) items have \(problem)" }
        }
        return nil
    }
}

/// An entry of `feed/ids/<abc>.json`: where one item of the feed is.
extension FeedIDEntry: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case id, index
        @usableFromInline
        static let names = JSONNames(["id", "index"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> FeedIDEntry {
        let start = reader.valueStart()
        var id: EntityID?, index: Int?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .id: id = try reader.readEntityID()
            case .index: index = try reader.readInt()
            }
        }
        return FeedIDEntry(id: try present(id, StoreField.id, start), index: try present(index, StoreField.index, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.id.name, id)
        writer.member(StoreField.index.name, index)
        writer.endObject()
    }

    @usableFromInline
    package var uniqueID: EntityID? { id }

    @usableFromInline
    package var validationProblem: String? { index >= 0 ? nil : "item \(id) has a negative position" }
}

/// The counts `status` shows; `retries` may be absent and is written only when not empty.
extension FeedSummary: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case deliveredThrough, nextIndex, retries, total, unread
        @usableFromInline
        static let names = JSONNames(["deliveredThrough", "nextIndex", "retries", "total", "unread"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> FeedSummary {
        let start = reader.valueStart()
        var total: Int?, unread: Int?, nextIndex: Int?, deliveredThrough: Int?, retries: [DeliveryRetry]?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .deliveredThrough: deliveredThrough = try reader.readInt()
            case .nextIndex: nextIndex = try reader.readInt()
            case .retries: retries = try reader.readOptional { reader throws(JSONReadError) in try [DeliveryRetry].read(from: &reader) }
            case .total: total = try reader.readInt()
            case .unread: unread = try reader.readInt()
            }
        }
        var summary = FeedSummary()
        summary.total = try present(total, StoreField.total, start)
        summary.unread = try present(unread, StoreField.unread, start)
        summary.nextIndex = try present(nextIndex, StoreField.nextIndex, start)
        summary.deliveredThrough = try present(deliveredThrough, StoreField.deliveredThrough, start)
        summary.retries = retries ?? []
        return summary
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.deliveredThrough.name, deliveredThrough)
        writer.member(StoreField.nextIndex.name, nextIndex)
        if !retries.isEmpty { writer.member(StoreField.retries.name, retries) }
        writer.member(StoreField.total.name, total)
        writer.member(StoreField.unread.name, unread)
        writer.endObject()
    }
}

extension DeliveryRetry: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case attempts, command, index, nextAttempt
        @usableFromInline
        static let names = JSONNames(["attempts", "command", "index", "nextAttempt"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> DeliveryRetry {
        let start = reader.valueStart()
        var index: Int?, attempts: Int?, nextAttempt: Date?, command: String?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .attempts: attempts = try reader.readInt()
            case .command: command = try reader.readString()
            case .index: index = try reader.readInt()
            case .nextAttempt: nextAttempt = try reader.readDate()
            }
        }
        return DeliveryRetry(index: try present(index, StoreField.index, start),
                             attempts: try present(attempts, StoreField.attempts, start),
                             nextAttempt: try present(nextAttempt, StoreField.nextAttempt, start),
                             command: try present(command, StoreField.command, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.attempts.name, attempts)
        writer.member(StoreField.command.name, command)
        writer.member(StoreField.index.name, index)
        writer.member(StoreField.nextAttempt.name, nextAttempt)
        writer.endObject()
    }
}
