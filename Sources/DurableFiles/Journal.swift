import ByteKeyed

/// The write-ahead journal, `<root>/journal`: the records of the
/// transactions committed since the last checkpoint, oldest first.
///
/// A commit appends its record and fsyncs the journal; that fsync is the
/// commit point. The files themselves are then replaced without waiting for
/// the disk, so until a checkpoint has made them durable the journal is the
/// authority: replaying it in order rebuilds the committed state.
///
/// A crash can leave the last record incomplete: cut short, or (after a
/// power loss) with blocks never written, which read as zeros or, on some
/// file systems, as stale bytes. Such a tail was never acknowledged and is
/// ignored. A record that fails its checks with a valid record after
/// it cannot be that tail: it is damage, reported and never guessed around.
struct Journal: Hashable, Sendable {
    var records: [JournalRecord]
    /// Bytes of complete records; anything after them is a torn tail.
    var validLength: Int

    /// Parses a journal file; `path` names it in errors.
    static func decode(_ bytes: [UInt8], path: String) throws(DurableFilesError) -> Journal {
        do {
            return try parse(bytes)
        } catch {
            throw .damaged(path: path, reason: error.reason)
        }
    }

    private static func parse(_ bytes: [UInt8]) throws(JournalDamage) -> Journal {
        var records: [JournalRecord] = []
        var offset = 0
        while offset < bytes.count {
            var unlimited = Int.max
            switch frame(in: bytes, at: offset, budget: &unlimited) {
            case .record(let body, let end):
                records.append(try JournalRecord.decodeBody(body) { "the record at byte \(offset)" })
                offset = end
            case .invalid(let reason):
                // Only the last append can be torn; a valid record after
                // this one proves it was not the last.
                if hasRecord(in: bytes, after: offset) { throw JournalDamage("the record at byte \(offset) \(reason)") }
                return Journal(records: records, validLength: offset)
            case .unchecked:
                // Not with an unlimited budget; refused rather than guessed.
                throw JournalDamage("the record at byte \(offset) could not be checked")
            }
        }
        return Journal(records: records, validLength: offset)
    }

    private enum Frame {
        case record(body: ArraySlice<UInt8>, end: Int)
        case invalid(String)
        /// A well-formed header whose body was not checked: the scan's budget ran out.
        case unchecked
    }

    /// The record framed at `offset`, if its header and checksum hold.
    private static func frame(in bytes: [UInt8], at offset: Int, budget: inout Int) -> Frame {
        let rest = bytes[offset...]
        let marker = rest.prefix(JournalRecord.magic.count)
        guard marker.elementsEqual(JournalRecord.magic.prefix(marker.count)) else {
            return .invalid("does not start with a record marker")
        }
        guard rest.count >= JournalRecord.headerSize else { return .invalid("is cut short") }
        let header = rest.prefix(JournalRecord.headerSize)
        var reader = ByteReader(header.dropFirst(4))
        let bodyLength = reader.integer(UInt32.self) ?? 0
        guard JournalRecord.header(bodyLength: bodyLength)[...] == header else { return .invalid("has a damaged header") }
        let end = offset + JournalRecord.headerSize + Int(bodyLength) + JournalRecord.trailerSize
        guard end <= bytes.count else { return .invalid("is cut short") }
        budget -= end - offset
        if budget < 0 { return .unchecked }
        var trailer = ByteReader(bytes[(end - JournalRecord.trailerSize)..<end])
        let checksum = JournalRecord.checksum(bytes[offset..<(end - JournalRecord.trailerSize)])
        guard trailer.integer(UInt64.self) == checksum else { return .invalid("fails its checksum") }
        return .record(body: bytes[(offset + JournalRecord.headerSize)..<(end - JournalRecord.trailerSize)], end: end)
    }

    /// Whether a whole, valid record starts anywhere after `offset`.
    ///
    /// Candidates' checksums may overlap, so the bytes checksummed are
    /// capped at twice the file: a hostile file of nested headers ends the
    /// scan as damage instead of taking quadratic time.
    private static func hasRecord(in bytes: [UInt8], after offset: Int) -> Bool {
        var budget = 2 * bytes.count
        var candidate = offset + 1
        while candidate + JournalRecord.headerSize <= bytes.count {
            if bytes[candidate] == JournalRecord.magic[0] {
                switch frame(in: bytes, at: candidate, budget: &budget) {
                case .record, .unchecked: return true
                case .invalid: break
                }
            }
            candidate += 1
        }
        return false
    }

    /// The net effect of every record: each path's last write or delete.
    var finalEntries: [JournalRecord.Entry] {
        var last = ByteKeyedTable<JournalRecord.Entry>()
        for record in records {
            for entry in record.entries { last[entry.path] = entry }
        }
        return last.values
    }
}
