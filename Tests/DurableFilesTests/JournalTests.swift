import Testing

@testable import DurableFiles
import TestSupport

@Suite("Journal")
struct JournalTests {
    static let first = JournalRecord(entries: [.write("d/a.json", bytes("{\"a\":1}")), .delete("old/c")])
    static let second = JournalRecord(entries: [.write("b", []), .write("d/a.json", bytes("{\"a\":2}\n"))])
    static let both = first.encoded() + second.encoded()

    @Test("records encode, decode, and add up to each path's last change")
    func roundTrip() throws {
        let journal = try Journal.decode(Self.both, path: "/j")
        #expect(journal.records == [Self.first, Self.second])
        #expect(journal.validLength == Self.both.count)
        #expect(journal.finalEntries == [.write("b", []), .write("d/a.json", bytes("{\"a\":2}\n")), .delete("old/c")])
        #expect(try Journal.decode([], path: "/j") == Journal(records: [], validLength: 0))
        let encoded = Self.first.encoded()
        #expect(Array(encoded.prefix(4)) == bytes("DFJ2"))
        #expect(encoded.count == 12 + (1 + 2 + 8 + 4 + 7) + (1 + 2 + 5) + 8)
    }

    @Test("a last record cut short at any byte is a torn tail, ignored")
    func cutShort() throws {
        let firstLength = Self.first.encoded().count
        for length in firstLength..<Self.both.count {
            let journal = try Journal.decode(Array(Self.both.prefix(length)), path: "/j")
            #expect(journal.records == [Self.first], "cut at \(length)")
            #expect(journal.validLength == firstLength, "cut at \(length)")
        }
    }

    @Test("a last record with blocks a power loss never wrote is a torn tail, ignored")
    func zeroFilled() throws {
        let firstLength = Self.first.encoded().count
        for start in firstLength..<Self.both.count {
            for length in [1, 4, 512] {
                var torn = Self.both
                for index in start..<min(start + length, torn.count) { torn[index] = 0 }
                if torn == Self.both { continue }  // those bytes were zeros already
                let journal = try Journal.decode(torn, path: "/j")
                #expect(journal.records == [Self.first], "zeros at \(start), \(length) bytes")
            }
        }
    }

    @Test("a bad record followed by a good one is damage, wherever the damage is")
    func damageBeforeAGoodRecord() {
        let firstLength = Self.first.encoded().count
        for index in 0..<firstLength {
            var damaged = Self.both
            damaged[index] ^= 0x20
            #expect(throws: DurableFilesError.self, "flipped byte \(index)") {
                try Journal.decode(damaged, path: "/j")
            }
            var shifted = Self.both
            shifted.insert(0, at: index)
            #expect(throws: DurableFilesError.self, "NUL inserted at \(index)") {
                try Journal.decode(shifted, path: "/j")
            }
        }
        var flipped = Self.both
        flipped[20] ^= 0x01
        #expect(throws: DurableFilesError.damaged(path: "/j", reason: "the record at byte 0 fails its checksum")) {
            try Journal.decode(flipped, path: "/j")
        }
        var header = Self.both
        header[5] ^= 0x01
        #expect(throws: DurableFilesError.damaged(path: "/j", reason: "the record at byte 0 has a damaged header")) {
            try Journal.decode(header, path: "/j")
        }
    }

    @Test("nested headers after a bad record end the scan as damage, in linear time")
    func nestedHeaders() {
        // 20,000 well-formed headers, each claiming everything after it as its body.
        var tail: [UInt8] = []
        for remaining in (1...20_000).reversed() {
            tail = JournalRecord.header(bodyLength: UInt32(remaining * 12 - 12)) + tail
        }
        let hostile = bytes("junk") + tail + [UInt8](repeating: 0, count: 8)
        #expect(throws: DurableFilesError.self) { try Journal.decode(hostile, path: "/j") }
    }

    /// A record whose checksum holds around the given body.
    static func sealed(_ body: [UInt8]) -> [UInt8] {
        var record = JournalRecord.header(bodyLength: UInt32(body.count)) + body
        JournalRecord.append(JournalRecord.checksum(record[...]), to: &record)
        return record
    }

    struct Damage: Sendable, CustomTestStringConvertible {
        let id: String
        let body: [UInt8]
        let reason: String
        var testDescription: String { id }
    }

    static let damages: [Damage] = [
        Damage(id: "unknown kind", body: [UInt8(ascii: "x"), 1, 0, UInt8(ascii: "a")],
               reason: "the record at byte 0 has an entry of unknown kind 120"),
        Damage(id: "path cut short", body: [UInt8(ascii: "d"), 9, 0, UInt8(ascii: "a")],
               reason: "the record at byte 0 ends inside an entry"),
        Damage(id: "content cut short", body: [UInt8(ascii: "w"), 1, 0, UInt8(ascii: "a"), 5, 0, 0, 0, 1],
               reason: "the record at byte 0 ends inside the content of 'a'"),
        Damage(id: "not UTF-8", body: [UInt8(ascii: "d"), 1, 0, 0xFF],
               reason: "the record at byte 0 names a path that is not UTF-8"),
        Damage(id: "escape from the root", body: [UInt8(ascii: "d"), 13, 0] + bytes("../etc/passwd"),
               reason: "the record at byte 0 names an invalid path '../etc/passwd'"),
        Damage(id: "the lock file", body: [UInt8(ascii: "w"), 4, 0] + bytes("lock") + [0, 0, 0, 0],
               reason: "the record at byte 0 names an invalid path 'lock'"),
    ]

    @Test("a sealed record with a bad entry is damage, never guessed at", arguments: damages)
    func damaged(_ damage: Damage) {
        #expect(throws: DurableFilesError.damaged(path: "/s/journal", reason: damage.reason)) {
            try Journal.decode(Self.sealed(damage.body), path: "/s/journal")
        }
        #expect(Self.problem(in: Self.sealed(damage.body)) == damage.reason)
    }

    /// Why `bytes` cannot be replayed as a journal, or nil.
    static func problem(in bytes: [UInt8]) -> String? {
        do {
            _ = try Journal.decode(bytes, path: "/j")
            return nil
        } catch .damaged(_, let reason) {
            return reason
        } catch {
            return error.description
        }
    }

    @Test("a torn tail is no problem, whatever it holds")
    func check() {
        #expect(Self.problem(in: Array(Self.both.dropLast(3))) == nil)
        #expect(Self.problem(in: Self.first.encoded() + [0, 0, 0, 0, 0]) == nil)
        #expect(Self.problem(in: Self.first.encoded() + bytes("DF")) == nil)
        // Stale blocks a power loss exposed (ext4 with data=writeback).
        #expect(Self.problem(in: Self.first.encoded() + bytes("junk")) == nil)
        #expect(Self.problem(in: bytes("garbage") + Self.first.encoded())
            == "the record at byte 0 does not start with a record marker")
    }

    @Test("a store with a damaged journal refuses to work and leaves every file as it was")
    func storeRefuses() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        try store.write { tx in try tx.write("a", bytes("1")) }
        let journalPath = directory.path + "/journal"
        try createFile(journalPath, bytes("junk") + Self.first.encoded())
        let before = snapshot(directory.path)

        let expected = DurableFilesError.damaged(
            path: journalPath, reason: "the record at byte 0 does not start with a record marker")
        #expect(throws: expected) { try store.write { tx in try tx.write("b", bytes("2")) } }
        #expect(throws: expected) { try store.read { try $0.read("a") } }
        #expect(throws: expected) { try store.recover() }
        #expect(snapshot(directory.path) == before)
        #expect(expected.description
            == "'\(journalPath)' is damaged: the record at byte 0 does not start with a record marker; it was left as it is")
    }

    @Test("the applied mark: round trip; anything else means nothing is known to be applied")
    func mark() {
        let mark = AppliedMark(boot: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", journalLength: 4096)
        #expect(AppliedMark.decode(mark.encoded()) == mark)
        #expect(String(decoding: mark.encoded(), as: UTF8.self) == "applied 0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0 4096\n")
        for foreign in ["", "applied x 1", "applied x -1\n", "applied  1\n", "applied x 1 2\n", ".\na/b\n"] {
            #expect(AppliedMark.decode(bytes(foreign)) == nil, "\(foreign)")
        }
    }
}

/// Hostile journals: whatever the bytes, decoding ends, and what it accepts
/// is exactly a run of whole records that re-encode to the bytes read.
@Suite("Journal against random damage")
struct JournalRandomDamageTests {
    static func randomRecord(_ random: inout SeededGenerator) -> JournalRecord {
        JournalRecord(entries: (0..<Int.random(in: 1...4, using: &random)).map { number in
            let path = "d\(Int.random(in: 0...3, using: &random))/f\(number)"
            if Bool.random(using: &random) { return .delete(path) }
            return .write(path, (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        })
    }

    @Test("5,000 damaged journals: no crash, no hang, only whole records accepted")
    func randomDamage() {
        var random = SeededGenerator(seed: 0x5EED_0F_10_0A_1)
        for round in 0..<5_000 {
            let records = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.randomRecord(&random) }
            var bytes = records.flatMap { $0.encoded() }
            switch Int.random(in: 0...4, using: &random) {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
            case 1: for _ in 0...Int.random(in: 0...3, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: Int.random(in: 0...bytes.count, using: &random))
            case 3: bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &random)...)
                bytes += (0..<Int.random(in: 0...64, using: &random)).map { _ in 0 }
            default: bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            }
            guard let journal = try? Journal.decode(bytes, path: "/j") else { continue }
            let accepted = journal.records.flatMap { $0.encoded() }
            #expect(accepted == Array(bytes.prefix(journal.validLength)), "round \(round)")
            if accepted != Array(bytes.prefix(journal.validLength)) { return }
        }
    }
}
