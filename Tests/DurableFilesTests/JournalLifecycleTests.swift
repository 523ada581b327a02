import Foundation
import Testing

@testable import DurableFiles
@testable import SystemFiles
import TestSupport

/// How the journal grows, is vouched for by the applied mark, and is
/// emptied by checkpoints.
@Suite("Journal lifecycle")
struct JournalLifecycleTests {
    /// The fsyncs of one transaction, by the path they sync.
    static func fsyncs(_ fileSystem: FaultInjectingFileSystem, _ body: () throws -> Void) rethrows -> [String] {
        fileSystem.clearCalls()
        try body()
        return fileSystem.calls.filter { $0.operation == .fsync }.map(\.path)
    }

    @Test("a commit of many files costs one fsync, of the journal")
    func oneFsync() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let store = try DurableDirectory(root: directory.path, fileSystem: fileSystem)
        try store.write { tx in try tx.write("first", bytes("0")) }
        let synced = try Self.fsyncs(fileSystem) {
            try store.write { tx in
                for name in ["a", "b/c", "b/d/e", "f"] { try tx.write(name, bytes(name)) }
                try tx.delete("first")
            }
        }
        #expect(synced == [directory.path + "/journal"])
        #expect(try store.read { try $0.list("b") } == ["c", "d"])
        #expect(try !store.replayIsDue())
    }

    @Test("the journal grows until it passes checkpointSize, then a checkpoint syncs the files and empties it")
    func checkpoint() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let store = try DurableDirectory(root: directory.path, fileSystem: fileSystem, checkpointSize: 200)
        var lengths: [Int] = []
        var synced: [String] = []
        for round in 0..<6 {
            synced = try Self.fsyncs(fileSystem) {
                try store.write { tx in try tx.write("dir/sub/file\(round % 2)", Array(repeating: 0x41, count: 40)) }
            }
            lengths.append(snapshot(directory.path)["journal"]?.count ?? -1)
            if lengths.last == 0 { break }
        }
        // 80-byte records: 80, 160, then 240 passes 200 and is checkpointed.
        #expect(lengths == [80, 160, 0])
        #expect(synced == [
            directory.path + "/journal",
            directory.path + "/dir/sub/file0", directory.path + "/dir/sub/file1",
            directory.path + "/dir/sub", directory.path + "/dir", directory.path,
            directory.path + "/journal",
        ])
        #expect(try !store.replayIsDue())
        #expect(try store.read { try $0.read("dir/sub/file1") } == Array(repeating: 0x41, count: 40))
    }

    @Test("after a reboot the journal is replayed once, into fresh files, then emptied")
    func reboot() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let store = try DurableDirectory(root: directory.path, fileSystem: fileSystem)
        try store.write { tx in try tx.write("a", bytes("1")) }
        try store.write { tx in
            try tx.write("a", bytes("2"))
            try tx.write("b", bytes("3"))
        }
        #expect(try !store.replayIsDue())
        fileSystem.setBootIdentifier("a later boot")
        #expect(try store.replayIsDue())
        fileSystem.clearCalls()
        #expect(try store.read { (try $0.read("a"), try $0.read("b")) } == (bytes("2"), bytes("3")))
        #expect(fileSystem.calls.filter { $0.operation == .rename }.count == 2)
        #expect(snapshot(directory.path)["journal"] == [])
        #expect(try !store.replayIsDue())
    }

    @Test("without boot identifiers every commit is made durable in full")
    func noBootIdentifier() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultInjectingFileSystem()
        fileSystem.setBootIdentifier(nil)
        let store = try DurableDirectory(root: directory.path, fileSystem: fileSystem)
        let synced = try Self.fsyncs(fileSystem) { try store.write { tx in try tx.write("d/a", bytes("1")) } }
        // The first commit also makes the new journal's name durable, first.
        #expect(synced == [directory.path, directory.path + "/journal", directory.path + "/d/a",
                           directory.path + "/d", directory.path, directory.path + "/journal"])
        #expect(snapshot(directory.path)["journal"] == [])
        #expect(try !store.replayIsDue())
    }

    @Test("a process killed after its commit point leaves a replay that completes it")
    func killedAfterCommitPoint() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let store = try DurableDirectory(root: directory.path, fileSystem: fileSystem)
        try store.write { tx in try tx.write("a", bytes("old")) }
        // Dies at its first rename: a temporary file written, nothing applied, no mark.
        fileSystem.setFault(.init(operation: .rename, occurrence: 1, afterwards: .failEverything))
        #expect(throws: DurableFilesError.self) {
            try store.write { tx in
                try tx.write("a", bytes("new"))
                try tx.write("b", bytes("new"))
            }
        }
        #expect(snapshot(directory.path)["a"] == bytes("old"))
        #expect(temporaryFiles(directory.path).count == 1)
        let fresh = try DurableDirectory(root: directory.path)
        #expect(try fresh.replayIsDue())
        #expect(try fresh.read { (try $0.read("a"), try $0.read("b")) } == (bytes("new"), bytes("new")))
        #expect(temporaryFiles(directory.path).isEmpty)
    }

    /// Three commits applied in this boot, the journal then changed by
    /// `damage`: no crash leaves that, so reads, writes and recovery stop
    /// with the journal named as damaged, and nothing changes (a replay of
    /// what is left would put older contents back over the newer files).
    private func expectDamagedInThisBoot(_ damage: ([UInt8]) -> [UInt8], reason: String) throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        for round in 1...3 {
            try store.write { tx in
                try tx.write("history", bytes(String(repeating: "check-in\n", count: round)))
                try tx.write("feed/\(round)", bytes("item \(round)"))
            }
        }
        let journalPath = directory.path + "/journal"
        let journal = try #require(snapshot(directory.path)["journal"])
        #expect(FileManager.default.createFile(atPath: journalPath, contents: Data(damage(journal)),
                                               attributes: [.posixPermissions: 0o600]))
        let before = snapshot(directory.path)
        func expectDamage(_ label: String, _ body: () throws -> Void) {
            do {
                try body()
                Issue.record("\(label): went on with a damaged journal")
            } catch let error as DurableFilesError {
                guard case .damaged(let path, let why) = error else {
                    Issue.record("\(label): \(error)")
                    return
                }
                #expect(path == journalPath && why.contains(reason), "\(label): \(why)")
            } catch {
                Issue.record("\(label): \(error)")
            }
        }
        expectDamage("read") { _ = try store.read { try $0.read("history") } }
        expectDamage("write") { try store.write { tx in try tx.write("other", bytes("x")) } }
        expectDamage("recover") { try store.recover(scanningWholeTree: true) }
        expectDamage("a fresh process") { _ = try DurableDirectory(root: directory.path).read { try $0.list("feed") } }
        #expect(snapshot(directory.path) == before, "something changed")
        #expect(snapshot(directory.path)["history"] == bytes(String(repeating: "check-in\n", count: 3)))
        // Moved aside (the doctor's advice), the store goes on with every commit.
        try FileManager.default.moveItem(atPath: journalPath, toPath: directory.path + "/journal.damaged")
        #expect(try store.read { try $0.list("feed") } == ["1", "2", "3"])
        try store.write { tx in try tx.write("feed/4", bytes("item 4")) }
        #expect(try store.read { try $0.read("history") } == bytes(String(repeating: "check-in\n", count: 3)))
    }

    @Test("a journal cut short in the boot that applied it is damage, never a replay that rolls the files back")
    func cutInThisBoot() throws {
        try expectDamagedInThisBoot({ Array($0.prefix($0.count / 2)) }, reason: "it was cut or replaced")
        try expectDamagedInThisBoot({ _ in [] }, reason: "it was cut or replaced")
        // A whole record cut off (no torn tail): the files are newer than any replay.
        try expectDamagedInThisBoot({ journal in
            let first = (try? Journal.decode(journal, path: "j"))?.records.first?.encoded().count ?? 0
            return Array(journal.prefix(first))
        }, reason: "it was cut or replaced")
    }

    @Test("a record changed inside what this boot applied is damage, even as the journal's last")
    func changedInThisBoot() throws {
        // The last record's checksum broken, the length unchanged, then a torn
        // tail after it: a crash tears only what comes after the applied mark.
        try expectDamagedInThisBoot({ journal in
            var changed = journal
            changed[changed.count - 3] ^= 0xFF
            return changed + JournalRecord(entries: [.delete("nothing")]).encoded().prefix(10)
        }, reason: "inside the")
    }

    @Test("a torn record after what this boot applied is still a crash's: it is dropped, and the rest stands")
    func tornAfterTheMark() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        try store.write { tx in try tx.write("a", bytes("1")) }
        try store.write { tx in try tx.write("a", bytes("2")) }
        let journalPath = directory.path + "/journal"
        let torn = JournalRecord(entries: [.write("a", bytes("3"))]).encoded().dropLast(4)
        let handle = try #require(FileHandle(forWritingAtPath: journalPath))
        handle.seekToEndOfFile()
        handle.write(Data(torn))
        handle.closeFile()
        #expect(try store.replayIsDue())
        #expect(try store.read { try $0.read("a") } == bytes("2"))
        #expect(try !store.replayIsDue())
    }
}
