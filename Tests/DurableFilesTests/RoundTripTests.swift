import Testing

@testable import DurableFiles
import TestSupport

@Suite("Round trips")
struct RoundTripTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let files: [String: String]
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "one file at the root", files: ["a.json": "{}"]),
        Case(id: "empty file", files: ["empty": ""]),
        Case(id: "two files, one nested", files: ["a": "1", "dir/b": "2"]),
        Case(id: "deeply nested new directories", files: ["x/y/z/w/file.json": "deep", "x/top": "t"]),
        Case(
            id: "many files in one directory",
            files: Dictionary(uniqueKeysWithValues: (0..<20).map { ("feed/\($0)", "item \($0)") })),
        Case(id: "large file", files: ["big": String(repeating: "0123456789abcdef", count: 8192)]),
    ]

    @Test("written files read back", arguments: cases)
    func roundTrip(_ testCase: Case) throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.child("store"))
        try store.write { tx in
            for (path, content) in testCase.files { try tx.write(path, bytes(content)) }
        }
        let fresh = try DurableDirectory(root: directory.child("store"))
        let read = try fresh.read { reader in
            try testCase.files.keys.map { try (path: $0, content: text(reader.read($0))) }
        }
        for entry in read {
            #expect(entry.content == testCase.files[entry.path], "\(entry.path)")
        }
        #expect(temporaryFiles(store.root).isEmpty)
        #expect(try !fresh.replayIsDue())
    }

    @Test("a transaction sees its own writes and deletes; list merges them")
    func ownChanges() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        try store.write { tx in
            try tx.write("d/a", bytes("a"))
            try tx.write("d/b", bytes("b"))
        }
        try store.write { tx in
            #expect(try text(tx.read("d/a")) == "a")
            try tx.write("d/a", bytes("A"))
            try tx.delete("d/b")
            try tx.write("d/sub/c", bytes("c"))
            #expect(try text(tx.read("d/a")) == "A")
            #expect(try tx.read("d/b") == nil)
            #expect(try tx.list("d") == ["a", "sub"])
            #expect(try tx.list("") == ["d"])
            #expect(try tx.list("missing") == [])
        }
        let seen = try store.read { reader in
            (try text(reader.read("d/a")), try reader.read("d/b"), try reader.list("d"), try reader.list(""))
        }
        #expect(seen.0 == "A")
        #expect(seen.1 == nil)
        #expect(seen.2 == ["a", "sub"])
        #expect(seen.3 == ["d"])
    }

    @Test("single delete, delete of a missing file, and an empty transaction")
    func deletes() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        try store.write { tx in try tx.write("a", bytes("1")) }
        try store.write { tx in try tx.delete("a") }
        try store.write { tx in try tx.delete("never-existed") }
        try store.write { tx in _ = try tx.read("a") }
        #expect(try store.read { reader in try reader.read("a") } == nil)
        #expect(Set(snapshot(directory.path).keys) == ["lock", "gate", "journal"])
    }

    struct Failure: Error {}

    @Test("a throwing closure changes nothing")
    func throwingBody() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        try store.write { tx in try tx.write("a", bytes("old")) }
        #expect(throws: Failure.self) {
            try store.write { tx in
                try tx.write("a", bytes("new"))
                try tx.write("b", bytes("new"))
                throw Failure()
            }
        }
        let seen = try store.read { reader in (try text(reader.read("a")), try reader.read("b")) }
        #expect(seen.0 == "old")
        #expect(seen.1 == nil)
    }

    @Test("the closure's result is returned")
    func result() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        let written = try store.write { tx in
            try tx.write("n", bytes("41"))
            return 41
        }
        let read = try store.read { reader in try text(reader.read("n")).flatMap { Int($0) } }
        #expect(written == 41 && read == 41)
    }

    @Test("invalid paths are refused", arguments: [
        ("", "empty"), ("/abs", "absolute"), ("a//b", "empty component"), ("a/", "trailing slash"),
        ("../x", "parent"), ("a/./b", "dot"), (".hidden", "hidden"), ("d/.x.tmp-0123456789abcdef", "temporary name"),
        ("lock", "the lock file"), ("gate", "the gate"), ("journal", "the journal"),
        ("a\tb", "tab"), ("a\nb", "newline"),
    ])
    func invalidPaths(path: String, id: String) throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        #expect(throws: DurableFilesError.self, "\(id)") {
            try store.write { tx in try tx.write(path, bytes("x")) }
        }
        #expect(throws: DurableFilesError.self, "\(id)") {
            try store.read { reader in _ = try reader.read(path) }
        }
    }

    @Test("lock, gate and journal below the root are ordinary names")
    func reservedOnlyAtRoot() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        try store.write { tx in
            try tx.write("d/lock", bytes("l"))
            try tx.write("d/journal", bytes("j"))
        }
        let seen = try store.read { reader in (try reader.list("d"), try reader.list("")) }
        #expect(seen.0 == ["journal", "lock"])
        #expect(seen.1 == ["d"])
    }

    @Test("a directory where a file should be is damage, named by its full path")
    func readErrorNamesPath() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        try store.write { tx in try tx.write("dir/file", bytes("x")) }
        do {
            try store.read { reader in _ = try reader.read("dir") }
            Issue.record("reading a directory succeeded")
        } catch let error as DurableFilesError {
            #expect(error == .damaged(path: directory.path + "/dir", reason: "it is not a regular file"))
            #expect(error.description == "'\(directory.path)/dir' is damaged: it is not a regular file; it was left as it is")
        }
    }
}

/// A file written and then deleted in one transaction, in a directory that
/// did not exist, leaves nothing behind and the store usable.
@Suite struct WriteThenDeleteTests {
    @Test func writeThenDeleteInANewDirectoryLeavesTheStoreUsable() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        try store.write { tx in
            try tx.write("other", Array("kept".utf8))
            try tx.write("fresh/dir/file", Array("short-lived".utf8))
            try tx.delete("fresh/dir/file")
        }
        #expect(try store.read { try $0.read("other") } == Array("kept".utf8))
        #expect(try store.read { try $0.read("fresh/dir/file") } == nil)
        try store.write { tx in try tx.write("other", Array("again".utf8)) }
        #expect(try store.read { try $0.read("other") } == Array("again".utf8))
    }
}

/// What the journal could not hold, or the store could not read back, is
/// refused when it is staged.
@Suite struct LimitTests {
    @Test func aFileLargerThanTheReadLimitOrAPathLongerThanPathMaxIsRefusedAndNothingChanges() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        try store.write { tx in try tx.write("a", bytes("1")) }
        let before = snapshot(directory.path)
        #expect(throws: DurableFilesError.io(.write, path: directory.path + "/big", .fileTooLarge)) {
            try store.write { tx in
                try tx.write("a", bytes("2"))
                try tx.write("big", [UInt8](repeating: 0, count: Int(DataFileLimit.bytes) + 1))
            }
        }
        let long = String(repeating: "d/", count: 2100) + "f"
        #expect(throws: DurableFilesError.self) { try store.write { tx in try tx.write(long, bytes("x")) } }
        #expect(snapshot(directory.path) == before)
    }
}
