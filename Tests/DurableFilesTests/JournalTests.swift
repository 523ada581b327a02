import Testing

@testable import DurableFiles

@Suite("Journal")
struct JournalTests {
    static let sample = Journal(
        renames: [
            .init(temporary: "d/.a.json.tmp-0123456789abcdef", target: "d/a.json"),
            .init(temporary: ".b.tmp-fedcba9876543210", target: "b"),
        ],
        deletes: ["old/c"])

    @Test("encodes and decodes")
    func roundTrip() throws {
        let encoded = Self.sample.encoded()
        #expect(try Journal.decode(encoded, path: "/j") == Self.sample)
        #expect(String(decoding: encoded, as: UTF8.self).hasPrefix(
            "durablefiles-journal 1\nrename\td/.a.json.tmp-0123456789abcdef\td/a.json\n"))
        #expect(Self.sample.touchedDirectories == ["", "d", "old"])
    }

    /// A journal with the given body lines and a correct trailer.
    static func sealed(_ lines: [String], count: Int? = nil) -> [UInt8] {
        let body = Array(lines.map { $0 + "\n" }.joined().utf8)
        let digits = String(Journal.checksum(body), radix: 16)
        let checksum = String(repeating: "0", count: 16 - digits.count) + digits
        return body + Array("end\t\(count ?? (lines.count - 1))\t\(checksum)\n".utf8)
    }

    struct Damage: Sendable, CustomTestStringConvertible {
        let id: String
        let bytes: [UInt8]
        let reason: String
        var testDescription: String { id }
    }

    static let damages: [Damage] = {
        let good = sample.encoded()
        var flipped = good
        flipped[30] ^= 0x01
        let header = "durablefiles-journal 1"
        return [
            Damage(id: "empty", bytes: [], reason: "it does not end with a complete line"),
            Damage(id: "cut short", bytes: Array(good.dropLast(5)), reason: "it does not end with a complete line"),
            Damage(id: "no trailer", bytes: Array("just one line\n".utf8), reason: "it has no trailer"),
            Damage(id: "a flipped bit", bytes: flipped, reason: "its checksum does not match"),
            Damage(id: "trailer missing", bytes: Array(good.prefix(60)) + [0x0A],
                   reason: "its last line is not a valid trailer"),
            Damage(id: "wrong header", bytes: sealed(["durablefiles-journal 2", "delete\tx"]),
                   reason: "it does not start with 'durablefiles-journal 1'"),
            Damage(id: "unknown entry", bytes: sealed([header, "copy\ta\tb"]),
                   reason: "line 2 is not a rename or delete entry"),
            Damage(id: "count mismatch", bytes: sealed([header, "delete\tx"], count: 2),
                   reason: "it lists 1 entries, its trailer says 2"),
            Damage(id: "escape from the root", bytes: sealed([header, "delete\t../etc/passwd"]),
                   reason: "line 2 names an invalid path '../etc/passwd': components starting with '.' are reserved"),
            Damage(id: "rename of a non-temporary file", bytes: sealed([header, "rename\ta\tb"]),
                   reason: "line 2 names an invalid path 'a': it is not a temporary sibling of 'b'"),
            Damage(id: "rename across directories", bytes: sealed([header, "rename\tx/.b.tmp-0123456789abcdef\ty/b"]),
                   reason: "line 2 names an invalid path 'x/.b.tmp-0123456789abcdef': "
                       + "it is not a temporary sibling of 'y/b'"),
            Damage(id: "rename onto the lock", bytes: sealed([header, "rename\t.lock.tmp-0123456789abcdef\tlock"]),
                   reason: "line 2 names an invalid path 'lock': 'lock' at the root is reserved for the store"),
        ]
    }()

    @Test("damage is reported, never guessed at", arguments: damages)
    func damaged(_ damage: Damage) {
        #expect(throws: DurableFilesError.damaged(path: "/s/journal", reason: damage.reason)) {
            try Journal.decode(damage.bytes, path: "/s/journal")
        }
    }

    @Test("a store with a damaged journal refuses to work and leaves every file as it was")
    func storeRefuses() throws {
        let directory = TemporaryDirectory()
        let store = try DurableStore(root: directory.path)
        try store.write { tx in try tx.write("a", bytes("1")) }
        let journalPath = directory.path + "/journal"
        try createFile(journalPath, bytes("durablefiles-journal 1\ndelete\ta\n"))
        let before = snapshot(directory.path)

        let expected = DurableFilesError.damaged(path: journalPath, reason: "its last line is not a valid trailer")
        #expect(throws: expected) { try store.write { tx in try tx.write("b", bytes("2")) } }
        #expect(throws: expected) { try store.read { try $0.read("a") } }
        #expect(throws: expected) { try store.recover() }
        #expect(snapshot(directory.path) == before)
        #expect(expected.description
            == "'\(journalPath)' is damaged: its last line is not a valid trailer; it was left as it is")
    }

    @Test("the lock file's record: torn last line ignored, foreign content refused")
    func record() throws {
        #expect(try Recovery.decodeRecord(Recovery.encodeRecord(["", "a/b"]), path: "/l") == ["", "a/b"])
        #expect(try Recovery.decodeRecord(bytes(".\na/b\nc/"), path: "/l") == ["", "a/b"])
        let foreign = DurableFilesError.damaged(
            path: "/l", reason: "its record of pending temporary files names '../x'")
        #expect(throws: foreign) {
            try Recovery.decodeRecord(bytes("../x\n"), path: "/l")
        }
    }
}
