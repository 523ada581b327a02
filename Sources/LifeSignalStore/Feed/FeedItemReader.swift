import FoundationEssentials
import LifeSignalCore
import StrictJSON

/// Feed items read by hand from a segment's JSON, as `FeedItem`'s
/// `Codable` conformance writes them: the same member names, the related
/// IDs and issue 14's fields optional (absent or null), unknown members ignored.
/// A whole feed is read for every listing, and this is many times faster
/// than `JSONDecoder`; the tests check that both agree.
enum FeedItemReader {
    /// `FeedItem.CodingKeys`, in declaration order.
    enum Field: String, CaseIterable {
        case id, index, type, title, message, timestamp, isRead
        case relatedContactID, relatedPingID, relatedAlertID, isCritical
        case duress, acknowledgedBy, readAt, deliveredAt
    }

    static let names = JSONNames(Field.allCases.map(\.rawValue))

    /// A segment's data: an array of items.
    static func items(_ reader: inout JSONReader) throws(JSONReadError) -> [FeedItem] {
        var items: [FeedItem] = []
        try reader.readArray { reader, _ throws(JSONReadError) in
            items.append(try item(&reader))
        }
        return items
    }

    static func item(_ reader: inout JSONReader) throws(JSONReadError) -> FeedItem {
        reader.skipWhitespace()
        let start = reader.offset
        var id: EntityID?, index: Int?, type: NotificationType?, title: String?, message: String?
        var timestamp: Date?, isRead: Bool?, isCritical: Bool?
        var relatedContactID: EntityID?, relatedPingID: EntityID?, relatedAlertID: EntityID?
        var duress: Bool?, acknowledgedBy: EntityID?, readAt: Date?, deliveredAt: Date?
        try reader.readObject(names: names) { reader, member throws(JSONReadError) in
            guard let member else { return try reader.skipValue() }
            switch Field.allCases[member] {
            case .id: id = try reader.readEntityID()
            case .index: index = try reader.readInt()
            case .type: type = try reader.readRawValue(NotificationType.self)
            case .title: title = try reader.readString()
            case .message: message = try reader.readString()
            case .timestamp: timestamp = try reader.readDate()
            case .isRead: isRead = try reader.readBool()
            case .relatedContactID: relatedContactID = try reader.readOptional { reader throws(JSONReadError) in try reader.readEntityID() }
            case .relatedPingID: relatedPingID = try reader.readOptional { reader throws(JSONReadError) in try reader.readEntityID() }
            case .relatedAlertID: relatedAlertID = try reader.readOptional { reader throws(JSONReadError) in try reader.readEntityID() }
            case .isCritical: isCritical = try reader.readBool()
            case .duress: duress = try reader.readOptional { reader throws(JSONReadError) in try reader.readBool() }
            case .acknowledgedBy: acknowledgedBy = try reader.readOptional { reader throws(JSONReadError) in try reader.readEntityID() }
            case .readAt: readAt = try reader.readOptional { reader throws(JSONReadError) in try reader.readDate() }
            case .deliveredAt: deliveredAt = try reader.readOptional { reader throws(JSONReadError) in try reader.readDate() }
            }
        }
        func missing(_ field: Field) -> JSONReadError { JSONReadError(kind: .missingField(field.rawValue), offset: start) }
        guard let id else { throw missing(.id) }
        guard let index else { throw missing(.index) }
        guard let type else { throw missing(.type) }
        guard let title else { throw missing(.title) }
        guard let message else { throw missing(.message) }
        guard let timestamp else { throw missing(.timestamp) }
        guard let isRead else { throw missing(.isRead) }
        guard let isCritical else { throw missing(.isCritical) }
        let draft = FeedDraft(type: type, title: title, message: message, relatedContactID: relatedContactID,
                              relatedPingID: relatedPingID, relatedAlertID: relatedAlertID, isCritical: isCritical,
                              duress: duress ?? false, acknowledgedBy: acknowledgedBy)
        var item = FeedItem(id: id, index: index, draft: draft, timestamp: timestamp)
        item.isRead = isRead
        item.readAt = readAt
        item.deliveredAt = deliveredAt
        return item
    }
}
