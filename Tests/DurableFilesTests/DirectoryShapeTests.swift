import Foundation
import Testing

@testable import DurableFiles
@testable import SystemFiles
import TestSupport

/// A directory lasts while a file is in it: a delete removes the
/// directories it empties, and a transaction's listings agree before the
/// commit. Plus the read-only look (`inspect`) and opening without creating.
@Suite("Directory shape")
struct DirectoryShapeTests {
    func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }

    @Test func deletingTheLastFileRemovesTheDirectoriesItEmpties() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.child("store"))
        try store.write { tx in
            try tx.write("a/b/c/only", bytes("1"))
            try tx.write("a/kept", bytes("2"))
        }
        try store.write { tx in try tx.delete("a/b/c/only") }
        #expect(!isDirectory(store.root + "/a/b"), "a/b was left empty")
        #expect(isDirectory(store.root + "/a"), "a still holds a file")
        try store.write { tx in try tx.delete("a/kept") }
        #expect(!isDirectory(store.root + "/a"))
        #expect(isDirectory(store.root), "the root itself stays")
        #expect(try store.read { try $0.list("") }.isEmpty)
    }

    @Test func aDirectoryEmptiedAndFilledInOneCommitStays() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.child("store"))
        try store.write { tx in try tx.write("d/a", bytes("1")) }
        try store.write { tx in
            try tx.delete("d/a")
            try tx.write("d/b", bytes("2"))
        }
        #expect(try store.read { try $0.list("d") } == ["b"])
    }

    @Test func aTransactionListsAsTheCommitWillLeaveIt() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.child("store"))
        try store.write { tx in
            try tx.write("s/1/x", bytes("1"))
            try tx.write("s/2/y", bytes("2"))
        }
        try store.write { tx in
            try tx.delete("s/1/x")
            #expect(try tx.list("s") == ["2"], "an hour emptied by this transaction is still listed")
            try tx.write("s/3/z", bytes("3"))
            #expect(try tx.list("s") == ["2", "3"])
            #expect(try tx.files(under: "") == ["s/2/y", "s/3/z"])
            #expect(try tx.files(under: "s/2") == ["s/2/y"])
        }
        #expect(try store.read { try $0.files(under: "") } == ["s/2/y", "s/3/z"])
    }

    @Test func theFirstFileSkipsADirectoryAnOlderVersionLeftEmpty() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.child("store"))
        try store.write { tx in
            try tx.write("s/2/b", bytes("1"))
            try tx.write("s/3/a", bytes("2"))
        }
        try FileManager.default.createDirectory(atPath: store.root + "/s/1", withIntermediateDirectories: true)
        #expect(try store.read { try $0.firstFile(under: "s") } == "s/2/b")
        #expect(try store.read { try $0.firstFile(under: "none") } == nil)
    }

    @Test func theFirstFileLeavesOutHiddenNamesAndTheStoresOwnFiles() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.child("store"))
        try store.write { tx in
            try tx.write("m", bytes("1"))
            try tx.write("s/b", bytes("2"))
        }
        // Smaller than every real name: temporary files, and at the root the journal, lock and gate.
        try createFile(store.root + "/.a.tmp-0123456789abcdef")
        try createFile(store.root + "/s/.a.tmp-0123456789abcdef")
        try Data().write(to: URL(fileURLWithPath: store.root + "/gate"))
        #expect(try store.read { try $0.firstFile(under: "") } == "m")
        #expect(try store.read { try $0.firstFile(under: "s") } == "s/b")
    }

    @Test func filesUnderLeavesOutTheStoresOwnFiles() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.child("store"))
        try store.write { tx in try tx.write("a", bytes("1")) }
        try createFile(store.root + "/.a.tmp-0123456789abcdef")
        #expect(try store.read { try $0.files(under: "") } == ["a"])
    }

    /// A doctor judges the store as the next command's replay will leave
    /// it, without making the replay.
    @Test func inspectSeesWhatTheReplayWillLeaveWithoutReplaying() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.child("store"))
        try store.write { tx in try tx.write("a", bytes("old")) }
        // A commit whose files never changed, as after a crash at its commit point.
        let record = JournalRecord(entries: [.write("a", bytes("new"))]).encoded()
        try Data(record).write(to: URL(fileURLWithPath: store.root + "/journal"))
        try Data().write(to: URL(fileURLWithPath: store.root + "/lock"))
        try createFile(store.root + "/.a.tmp-0123456789abcdef")
        let before = snapshot(store.root)

        let (seen, condition) = try store.inspect { reader in (try reader.read("a"), try reader.files(under: "")) }
        #expect(seen.0 == bytes("new") && seen.1 == ["a"])
        #expect(snapshot(store.root)["a"] == bytes("old"))
        #expect(condition.replayIsDue)
        #expect(condition.journalProblem == nil)
        #expect(condition.temporaryFiles == [".a.tmp-0123456789abcdef"])
        #expect(snapshot(store.root) == before, "inspect changed the directory")

        #expect(try store.read { try $0.read("a") } == bytes("new"), "a read replays")
        let (_, after) = try store.inspect { _ in () }
        #expect(!after.replayIsDue)
    }

    @Test func inspectNamesAJournalThatCannotBeReplayed() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.child("store"))
        let record = JournalRecord(entries: [.write("a", bytes("x"))]).encoded()
        try Data(bytes("garbage") + record).write(to: URL(fileURLWithPath: store.root + "/journal"))
        chmod(store.root + "/journal", 0o600)
        let (_, condition) = try store.inspect { _ in () }
        #expect(condition.journalProblem != nil)
        #expect(condition.journalPath == store.root + "/journal")
    }

    @Test func openingWithoutCreatingNeedsTheDirectory() throws {
        let directory = TemporaryDirectory()
        #expect(throws: DurableFilesError.io(.stat, path: directory.child("none"), .noSuchFile)) {
            try DurableDirectory(root: directory.child("none"), creating: false)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.child("none")))
        try createFile(directory.child("file"))
        #expect(throws: DurableFilesError.io(.stat, path: directory.child("file"), .notDirectory)) {
            try DurableDirectory(root: directory.child("file"), creating: false)
        }
        _ = try DurableDirectory(root: directory.path, creating: false)
    }
}
