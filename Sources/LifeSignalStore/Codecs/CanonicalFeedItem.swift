import FoundationEssentials
import Glibc
import LifeSignalCore
import StoreCodecKit
import StrictJSON

extension CheckedFeedItem {
    /// Reads an item written exactly as `FeedItem.write` writes it: its
    /// members in that order, no whitespace between them, none unknown and
    /// none missing. Nil, with the reader where it was, for anything else,
    /// which `readMembers(from:)` then reads as strictly as ever (and reports).
    ///
    /// Every value is read by the same reader call `readMembers` makes for
    /// it, so an item read here is the one `readMembers` would give, and
    /// nothing it rejects is accepted here; only finding the members is
    /// cheaper: each name is compared where the writer puts it, instead of
    /// being looked up in the name table, checked for repeats and handed
    /// on through closures (most of what reading an item cost).
    static func readCanonical(from reader: inout JSONReader) -> CheckedFeedItem? {
        let start = reader.offset
        do throws(JSONReadError) {
            if let item = try canonical(&reader) { return item }
        } catch {}
        reader.offset = start
        return nil
    }

    private static func canonical(_ reader: inout JSONReader) throws(JSONReadError) -> CheckedFeedItem? {
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        // Members the writer leaves out when they have no value come first
        // and in between; every member but the last (`type`) ends in a comma.
        var acknowledgedBy: ArraySlice<UInt8>?, allClear: Bool?, deliveredAt: Date?, duress: Bool?
        var readAt: Date?, relatedAlertID: ArraySlice<UInt8>?, relatedContactID: ArraySlice<UInt8>?
        var relatedPingID: ArraySlice<UInt8>?, exitStatus: Int?, job: ArraySlice<UInt8>?
        let comma = UInt8(ascii: ",")
        if reader.consumeName("\"acknowledgedBy\":") {
            acknowledgedBy = try reader.readOptionalEntityIDUTF8()
            guard reader.consume(comma) else { return nil }
        }
        if reader.consumeName("\"allClear\":") {
            allClear = try reader.readOptionalBool()
            guard reader.consume(comma) else { return nil }
        }
        if reader.consumeName("\"deliveredAt\":") {
            deliveredAt = try reader.readOptionalDate()
            guard reader.consume(comma) else { return nil }
        }
        if reader.consumeName("\"duress\":") {
            duress = try reader.readOptionalBool()
            guard reader.consume(comma) else { return nil }
        }
        if reader.consumeName("\"exitStatus\":") {
            exitStatus = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            guard reader.consume(comma) else { return nil }
        }
        guard reader.consumeName("\"id\":") else { return nil }
        let id = try reader.readEntityIDUTF8()
        guard reader.consume(comma), reader.consumeName("\"index\":") else { return nil }
        let index = try reader.readInt()
        guard reader.consume(comma), reader.consumeName("\"isCritical\":") else { return nil }
        let isCritical = try reader.readBool()
        guard reader.consume(comma), reader.consumeName("\"isRead\":") else { return nil }
        let isRead = try reader.readBool()
        guard reader.consume(comma) else { return nil }
        if reader.consumeName("\"job\":") {
            job = try reader.readOptional { reader throws(JSONReadError) in try reader.readStringUTF8() }
            guard reader.consume(comma) else { return nil }
        }
        guard reader.consumeName("\"message\":") else { return nil }
        let message = try reader.readStringUTF8()
        guard reader.consume(comma) else { return nil }
        if reader.consumeName("\"readAt\":") {
            readAt = try reader.readOptionalDate()
            guard reader.consume(comma) else { return nil }
        }
        if reader.consumeName("\"relatedAlertID\":") {
            relatedAlertID = try reader.readOptionalEntityIDUTF8()
            guard reader.consume(comma) else { return nil }
        }
        if reader.consumeName("\"relatedContactID\":") {
            relatedContactID = try reader.readOptionalEntityIDUTF8()
            guard reader.consume(comma) else { return nil }
        }
        if reader.consumeName("\"relatedPingID\":") {
            relatedPingID = try reader.readOptionalEntityIDUTF8()
            guard reader.consume(comma) else { return nil }
        }
        guard reader.consumeName("\"timestamp\":") else { return nil }
        let timestamp = try reader.readDate()
        guard reader.consume(comma), reader.consumeName("\"title\":") else { return nil }
        let title = try reader.readStringUTF8()
        guard reader.consume(comma), reader.consumeName("\"type\":") else { return nil }
        let type = try reader.readNotificationType()
        guard reader.consume(UInt8(ascii: "}")) else { return nil }
        return CheckedFeedItem(id: id, index: index, type: type, title: title, message: message, timestamp: timestamp,
                               isRead: isRead, isCritical: isCritical, duress: duress ?? false,
                               relatedContactID: relatedContactID, relatedPingID: relatedPingID,
                               relatedAlertID: relatedAlertID, acknowledgedBy: acknowledgedBy,
                               readAt: readAt, deliveredAt: deliveredAt, job: job, exitStatus: exitStatus,
                               allClear: allClear ?? false)
    }
}

extension JSONReader {
    /// Steps over `name` (a member's quoted name and its colon, ASCII) if
    /// its bytes come next; compared in place, no array made of it.
    fileprivate mutating func consumeName(_ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard count <= bytes.count - offset else { return false }
        let same = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memcmp(base + offset, name.utf8Start, count) == 0
        }
        guard same else { return false }
        offset += count
        return true
    }
}
