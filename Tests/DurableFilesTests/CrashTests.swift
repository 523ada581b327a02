import Testing

@testable import DurableFiles

/// Stops a commit dead after each step, like `kill -9` at that instant, and
/// recovers with a new store object.
@Suite("Crash at every step of a commit", .timeLimit(.minutes(2)))
struct CrashTests {
    @Test("a new store recovers exactly the old or the new state", arguments: CommitScenario.all)
    func crashEverywhere(_ scenario: CommitScenario) throws {
        let reference = try scenario.referenceCalls()
        let commitPoint = try #require(Self.commitPoint(in: reference), "no commit point in \(reference)")
        for step in 1...reference.count {
            let context = "crash at step \(step) of \(reference.count) (\(reference[step - 1]))"
            let directory = TemporaryDirectory()
            try scenario.seed(directory.path)
            let committed: Bool
            do {
                let fileSystem = FaultInjectingFileSystem()
                let store = try DurableStore(root: directory.path, fileSystem: fileSystem)
                fileSystem.setFault(.crash(atCall: step))
                _ = try? store.write { tx in try scenario.apply(tx) }
                #expect(retriedFsyncs(fileSystem.calls).isEmpty, "\(context)")
                // Under load a lock can take one more poll than in the reference
                // run, shifting the steps by one; so judge by this run's own
                // calls: it committed exactly when its commit point succeeded.
                committed = Self.commitPoint(in: fileSystem.calls.filter { $0.failure == nil }) != nil
            }
            #expect(committed == (step > commitPoint) || step == commitPoint + 1 || step == commitPoint,
                    "the crash run diverged from the reference by more than one call: \(context)")
            let expected = committed ? scenario.new : scenario.old
            #expect(try scenario.observe(directory.path) == expected, "\(context)")

            try DurableStore(root: directory.path).recover()
            #expect(temporaryFiles(directory.path).isEmpty, "\(context)")
            #expect(snapshot(directory.path)["journal"] == nil, "\(context)")
            #expect(try scenario.observe(directory.path) == expected, "\(context)")
        }
    }

    @Test("a torn write leaves only debris that recovery removes")
    func tornWrite() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let store = try DurableStore(root: directory.path, fileSystem: fileSystem)
        try store.write { tx in try tx.write("a", bytes("old")) }
        // The first write of the next transaction is the lock file's record; the second is a.
        fileSystem.setFault(.init(operation: .write, occurrence: 2, afterwards: .failEverything, tearsWrites: true))
        _ = try? store.write { tx in try tx.write("a", bytes("new content")) }
        let debris = temporaryFiles(directory.path)
        #expect(debris.count == 1)
        #expect(debris.first.flatMap { snapshot(directory.path)[$0] } == bytes("new c"))
        try DurableStore(root: directory.path).write { _ in }
        #expect(temporaryFiles(directory.path).isEmpty)
        #expect(try DurableStore(root: directory.path).read { try $0.read("a") } == bytes("old"))
    }

    @Test("a crash while writing the lock file's record does not block the store")
    func tornRecord() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let store = try DurableStore(root: directory.path, fileSystem: fileSystem)
        fileSystem.setFault(.init(operation: .write, occurrence: 1, afterwards: .failEverything, tearsWrites: true))
        _ = try? store.write { tx in
            try tx.write("deep/dir/a", bytes("1"))
            try tx.write("deep/dir/b", bytes("2"))
        }
        #expect(snapshot(directory.path)["lock"]?.isEmpty == false)
        try DurableStore(root: directory.path).write { tx in try tx.write("c", bytes("3")) }
        #expect(snapshot(directory.path)["lock"] == [])
    }

    @Test("debris whose record was lost is found by a whole-tree recovery")
    func wholeTreeSweep() throws {
        let directory = TemporaryDirectory()
        let store = try DurableStore(root: directory.path)
        try store.write { tx in try tx.write("x/y/a", bytes("1")) }
        let stray = directory.path + "/x/y/.a.tmp-00112233445566ff"
        try createFile(stray)
        try store.recover()
        #expect(temporaryFiles(directory.path) == ["x/y/.a.tmp-00112233445566ff"])
        try store.recover(scanningWholeTree: true)
        #expect(temporaryFiles(directory.path).isEmpty)
        #expect(try store.read { try $0.read("x/y/a") } == bytes("1"))
    }

    /// The 1-based index of the call after which the transaction is committed.
    static func commitPoint(in calls: [FaultInjectingFileSystem.Call]) -> Int? {
        if let index = calls.firstIndex(where: { $0.operation == .rename && $0.path.hasSuffix("/journal") }) {
            return index + 1
        }
        let last = calls.lastIndex { $0.operation == .rename || ($0.operation == .unlink && $0.failure == nil) }
        return last.map { $0 + 1 }
    }
}
