import FoundationEssentials
import LifeSignalCore
import StrictJSON

/// An element of a feed segment, `feed/<n>.json`. A whole feed is read for
/// a full listing, so this is the hottest reader of all; an item appears
/// once in its segment.
extension FeedItem: StoreFileElement {
    enum StoreField: String, CaseIterable {
        case acknowledgedBy, deliveredAt, duress, id, index, isCritical, isRead, message, readAt
        case relatedAlertID, relatedContactID, relatedPingID, timestamp, title, type
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    /// Reads and checks the item (`CheckedFeedItem`), then builds it.
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> FeedItem {
        try CheckedFeedItem.read(from: &reader).item
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.acknowledgedBy.rawValue, ifPresent: acknowledgedBy)
        writer.member(StoreField.deliveredAt.rawValue, ifPresent: deliveredAt)
        if duress { writer.member(StoreField.duress.rawValue, duress) }
        writer.member(StoreField.id.rawValue, id)
        writer.member(StoreField.index.rawValue, index)
        writer.member(StoreField.isCritical.rawValue, isCritical)
        writer.member(StoreField.isRead.rawValue, isRead)
        writer.member(StoreField.message.rawValue, message)
        writer.member(StoreField.readAt.rawValue, ifPresent: readAt)
        writer.member(StoreField.relatedAlertID.rawValue, ifPresent: relatedAlertID)
        writer.member(StoreField.relatedContactID.rawValue, ifPresent: relatedContactID)
        writer.member(StoreField.relatedPingID.rawValue, ifPresent: relatedPingID)
        writer.member(StoreField.timestamp.rawValue, timestamp)
        writer.member(StoreField.title.rawValue, title)
        writer.member(StoreField.type.rawValue, type.rawValue)
        writer.endObject()
    }

    package var uniqueID: EntityID? { id }
}

/// `feed/summary.json`: the feed's counts and where its segments are.
extension FeedSummaryFile: StoreFileData {
    enum StoreField: String, CaseIterable {
        case firstSegment, idIndexDigits, segmentSize, summary, typeSegments, unreadSegments
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> FeedSummaryFile {
        let start = reader.valueStart()
        var summary: FeedSummary?, segmentSize: Int?, firstSegment: Int?, unreadSegments: [Int]?, idIndexDigits: Int?
        var typeSegments: [String: SegmentRanges]?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .firstSegment: firstSegment = try reader.readInt()
            case .idIndexDigits: idIndexDigits = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .segmentSize: segmentSize = try reader.readInt()
            case .summary: summary = try FeedSummary.read(from: &reader)
            case .typeSegments:
                typeSegments = try reader.readOptional { reader throws(JSONReadError) in
                    var types: [String: SegmentRanges] = [:]
                    try reader.readDictionary { reader, name throws(JSONReadError) in
                        types[name] = SegmentRanges(bounds: try reader.readInts())
                    }
                    return types
                }
            case .unreadSegments: unreadSegments = try reader.readInts()
            }
        }
        var file = FeedSummaryFile()
        file.summary = try present(summary, StoreField.summary, start)
        file.segmentSize = try present(segmentSize, StoreField.segmentSize, start)
        file.firstSegment = try present(firstSegment, StoreField.firstSegment, start)
        file.unreadSegments = try present(unreadSegments, StoreField.unreadSegments, start)
        file.idIndexDigits = idIndexDigits
        file.typeSegments = typeSegments
        return file
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.firstSegment.rawValue, firstSegment)
        if let idIndexDigits { writer.member(StoreField.idIndexDigits.rawValue, idIndexDigits) }
        writer.member(StoreField.segmentSize.rawValue, segmentSize)
        writer.member(StoreField.summary.rawValue, summary)
        if let typeSegments {
            writer.key(StoreField.typeSegments.rawValue)
            writer.beginObject()
            for name in typeSegments.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                writer.member(name, typeSegments[name]?.bounds ?? [])
            }
            writer.endObject()
        }
        writer.member(StoreField.unreadSegments.rawValue, unreadSegments)
        writer.endObject()
    }

    /// Items a feed may span from its oldest kept segment to its newest.
    static let maximumSpan = 10_000_000

    package var validationProblem: String? {
        let s = summary
        guard (1...10_000).contains(segmentSize) else { return "segmentSize \(segmentSize) is out of range" }
        guard s.nextIndex >= 0, firstSegment >= 0, s.total >= 0, (0...max(s.total, 0)).contains(s.unread),
              (0...s.nextIndex).contains(s.deliveredThrough) else { return "its counts are impossible" }
        guard s.retries.count <= s.deliveredThrough,
              Set(s.retries.map(\.index)).count == s.retries.count,
              s.retries.allSatisfy({ (0..<s.deliveredThrough).contains($0.index) && $0.attempts >= 1 }) else {
            return "its delivery retries are impossible"
        }
        for (name, segments) in typeSegments ?? [:] {
            guard NotificationType(rawValue: name) != nil else { return "it lists segments of an unknown type \"\(name)\"" }
            if let problem = segments.problem { return "its segments of \(name) items have \(problem)" }
        }
        guard firstSegment <= s.nextIndex / segmentSize + 1,
              s.nextIndex - firstSegment * segmentSize <= Self.maximumSpan else { return "nextIndex \(s.nextIndex) is out of range" }
        return nil
    }
}

/// An entry of `feed/ids/<abc>.json`: where one item of the feed is.
extension FeedIDEntry: StoreFileElement {
    enum StoreField: String, CaseIterable {
        case id, index
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> FeedIDEntry {
        let start = reader.valueStart()
        var id: EntityID?, index: Int?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .id: id = try reader.readEntityID()
            case .index: index = try reader.readInt()
            }
        }
        return FeedIDEntry(id: try present(id, StoreField.id, start), index: try present(index, StoreField.index, start))
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.id.rawValue, id)
        writer.member(StoreField.index.rawValue, index)
        writer.endObject()
    }

    package var uniqueID: EntityID? { id }

    package var validationProblem: String? { index >= 0 ? nil : "item \(id) has a negative position" }
}

/// The counts `status` shows; `retries` may be absent and is written only when not empty.
extension FeedSummary: StoreFileData {
    enum StoreField: String, CaseIterable {
        case deliveredThrough, nextIndex, retries, total, unread
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> FeedSummary {
        let start = reader.valueStart()
        var total: Int?, unread: Int?, nextIndex: Int?, deliveredThrough: Int?, retries: [DeliveryRetry]?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
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

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.deliveredThrough.rawValue, deliveredThrough)
        writer.member(StoreField.nextIndex.rawValue, nextIndex)
        if !retries.isEmpty { writer.member(StoreField.retries.rawValue, retries) }
        writer.member(StoreField.total.rawValue, total)
        writer.member(StoreField.unread.rawValue, unread)
        writer.endObject()
    }
}

extension DeliveryRetry: StoreFileElement {
    enum StoreField: String, CaseIterable {
        case attempts, command, index, nextAttempt
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> DeliveryRetry {
        let start = reader.valueStart()
        var index: Int?, attempts: Int?, nextAttempt: Date?, command: String?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
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

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.attempts.rawValue, attempts)
        writer.member(StoreField.command.rawValue, command)
        writer.member(StoreField.index.rawValue, index)
        writer.member(StoreField.nextAttempt.rawValue, nextAttempt)
        writer.endObject()
    }
}
