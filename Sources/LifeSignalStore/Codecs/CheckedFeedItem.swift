import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// A feed item read and checked exactly as `FeedItem.read` reads it, whose
/// text is still the bytes of its segment: the value is built only when
/// asked for (`item`).
///
/// A listing of 20 reads the newest segment (up to 100 items) and must
/// report damage anywhere in it, as it always has; building all of them
/// (a dozen Strings each) was most of what a listing cost. `FeedItem.read`
/// is this reader followed by `item`, so the checks cannot drift apart.
struct CheckedFeedItem {
    var id: ArraySlice<UInt8>
    var index: Int
    var type: NotificationType
    var title: ArraySlice<UInt8>
    var message: ArraySlice<UInt8>
    var timestamp: Date
    var isRead: Bool
    var isCritical: Bool
    var duress: Bool
    var relatedContactID: ArraySlice<UInt8>?
    var relatedPingID: ArraySlice<UInt8>?
    var relatedAlertID: ArraySlice<UInt8>?
    var acknowledgedBy: ArraySlice<UInt8>?
    var readAt: Date?
    var deliveredAt: Date?
    var job: ArraySlice<UInt8>?
    var exitStatus: Int?
    var allClear: Bool

    typealias StoreField = FeedItem.StoreField

    /// Reads and checks an item: as the writer writes them (`readCanonical`)
    /// when it is so, else member by member in any order (`readMembers`).
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> CheckedFeedItem {
        if let item = readCanonical(from: &reader) { return item }
        return try readMembers(from: &reader)
    }

    /// Reads an item's members in any order, each name looked up in the
    /// table, every rule checked: what reports a damaged item.
    static func readMembers(from reader: inout JSONReader) throws(JSONReadError) -> CheckedFeedItem {
        let start = reader.valueStart()
        var id: ArraySlice<UInt8>?, index: Int?, type: NotificationType?, title: ArraySlice<UInt8>?
        var message: ArraySlice<UInt8>?, timestamp: Date?, isRead: Bool?, isCritical: Bool?
        var relatedContactID: ArraySlice<UInt8>?, relatedPingID: ArraySlice<UInt8>?, relatedAlertID: ArraySlice<UInt8>?
        var duress: Bool?, acknowledgedBy: ArraySlice<UInt8>?, readAt: Date?, deliveredAt: Date?
        var job: ArraySlice<UInt8>?, exitStatus: Int?, allClear: Bool?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .acknowledgedBy: acknowledgedBy = try reader.readOptionalEntityIDUTF8()
            case .allClear: allClear = try reader.readOptionalBool()
            case .deliveredAt: deliveredAt = try reader.readOptionalDate()
            case .duress: duress = try reader.readOptionalBool()
            case .exitStatus: exitStatus = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .job: job = try reader.readOptional { reader throws(JSONReadError) in try reader.readStringUTF8() }
            case .readAt: readAt = try reader.readOptionalDate()
            case .id: id = try reader.readEntityIDUTF8()
            case .index: index = try reader.readInt()
            case .isCritical: isCritical = try reader.readBool()
            case .isRead: isRead = try reader.readBool()
            case .message: message = try reader.readStringUTF8()
            case .relatedAlertID: relatedAlertID = try reader.readOptionalEntityIDUTF8()
            case .relatedContactID: relatedContactID = try reader.readOptionalEntityIDUTF8()
            case .relatedPingID: relatedPingID = try reader.readOptionalEntityIDUTF8()
            case .timestamp: timestamp = try reader.readDate()
            case .title: title = try reader.readStringUTF8()
            case .type: type = try reader.readNotificationType()
            }
        }
        // Missing members are reported in the order the value is built in.
        let checkedType = try present(type, StoreField.type, start)
        let checkedTitle = try present(title, StoreField.title, start)
        let checkedMessage = try present(message, StoreField.message, start)
        let checkedCritical = try present(isCritical, StoreField.isCritical, start)
        let checkedID = try present(id, StoreField.id, start)
        let checkedIndex = try present(index, StoreField.index, start)
        let checkedTimestamp = try present(timestamp, StoreField.timestamp, start)
        let checkedRead = try present(isRead, StoreField.isRead, start)
        return CheckedFeedItem(id: checkedID, index: checkedIndex, type: checkedType, title: checkedTitle,
                               message: checkedMessage, timestamp: checkedTimestamp, isRead: checkedRead,
                               isCritical: checkedCritical, duress: duress ?? false,
                               relatedContactID: relatedContactID, relatedPingID: relatedPingID,
                               relatedAlertID: relatedAlertID, acknowledgedBy: acknowledgedBy,
                               readAt: readAt, deliveredAt: deliveredAt, job: job, exitStatus: exitStatus,
                               allClear: allClear ?? false)
    }

    /// The item as a value.
    var item: FeedItem {
        FeedItem(id: EntityID(checkedUTF8: id), index: index, type: type, title: Self.text(title), message: Self.text(message),
                 timestamp: timestamp, isRead: isRead, relatedContactID: relatedContactID.map(EntityID.init(checkedUTF8:)),
                 relatedPingID: relatedPingID.map(EntityID.init(checkedUTF8:)),
                 relatedAlertID: relatedAlertID.map(EntityID.init(checkedUTF8:)), isCritical: isCritical, duress: duress,
                 acknowledgedBy: acknowledgedBy.map(EntityID.init(checkedUTF8:)), readAt: readAt, deliveredAt: deliveredAt,
                 job: job.map(Self.text), exitStatus: exitStatus, allClear: allClear)
    }

    /// Text the reader checked already (well-formed UTF-8).
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// The ID as 128 bits (its 32 hexadecimal digits), a key that tells
    /// IDs apart exactly as their text does.
    var idKey: FeedIDKey {
        id.withUnsafeBufferPointer { bytes in
            var high: UInt64 = 0, low: UInt64 = 0
            var digits = 0
            for byte in bytes where byte != UInt8(ascii: "-") {
                let value = UInt64(byte <= UInt8(ascii: "9") ? byte &- UInt8(ascii: "0") : byte &- UInt8(ascii: "a") &+ 10)
                if digits < 16 { high = high << 4 | value } else { low = low << 4 | value }
                digits += 1
            }
            return FeedIDKey(high: high, low: low)
        }
    }
}

/// An item ID as 128 bits, for finding one given twice in a segment
/// without building its text.
struct FeedIDKey: Equatable {
    var high: UInt64
    var low: UInt64
}

extension [CheckedFeedItem] {
    /// `[FeedItem].validationProblem` for the items these would build: an
    /// ID given twice (the first repeat, named as it reads).
    var validationProblem: String? {
        var seen = FeedIDSet(capacity: count)
        for item in self where !seen.insert(item.idKey) {
            return "\(EntityID(checkedUTF8: item.id)) appears twice"
        }
        return nil
    }
}

/// A set of item IDs for one segment: open addressing in a table at least
/// twice as large as the segment, so a lookup is a probe or two (a
/// `Set<EntityID>` hashed each ID's text).
struct FeedIDSet {
    private var slots: [FeedIDKey?]
    private let mask: Int

    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        slots = Array(repeating: nil, count: size)
        mask = size - 1
    }

    /// Adds `key`; false when it was there already.
    mutating func insert(_ key: FeedIDKey) -> Bool {
        // Seeded per process (SipHash), so no file can make IDs collide on purpose.
        var hasher = Hasher()
        hasher.combine(key.high)
        hasher.combine(key.low)
        var slot = hasher.finalize() & mask
        while let present = slots[slot] {
            if present == key { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = key
        return true
    }
}
