import Testing

@testable import DurableFiles
@testable import SystemFiles

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
}
