import TestSupport
import Testing

@testable import DurableFiles
@testable import SystemFiles

/// Stops a commit dead after each step, like `kill -9` at that instant, and
/// recovers with a new store object.
@Suite("Crash at every step of a commit", .hangGuard)
struct CrashTests {
    @Test("a new store recovers exactly the old or the new state", arguments: CommitScenario.all)
    func crashEverywhere(_ scenario: CommitScenario) throws {
        let reference = try scenario.referenceCalls()
        _ = try #require(Self.commitPoint(in: reference), "no commit point in \(reference)")
        var outcomes: Set<Bool> = []
        for step in 1...reference.count {
            let context = "crash at step \(step) of \(reference.count) (\(reference[step - 1]))"
            let directory = TemporaryDirectory()
            try scenario.seed(directory.path)
            let committed: Bool
            do {
                let fileSystem = FaultInjectingFileSystem()
                let store = try scenario.store(directory.path, fileSystem)
                fileSystem.clearCalls()
                fileSystem.setFault(.crash(atCall: step))
                _ = try? store.write { tx in try scenario.apply(tx) }
                let calls = fileSystem.calls
                #expect(retriedFsyncs(calls).isEmpty, "\(context)")
                // Judge by this run's own calls, not the reference's: a lock
                // that takes an extra poll under load shifts every later step.
                // The run committed exactly when its crash came after its own
                // commit point (the crashed call is the step-th one).
                committed = Self.commitPoint(in: calls.filter { $0.failure == nil }) != nil
                let ownPoint = Self.commitPoint(in: calls) ?? Int.max
                #expect(committed == (step > ownPoint),
                        "\(context): committed \(committed), own commit point \(ownPoint), calls \(calls)")
            }
            outcomes.insert(committed)
            let expected = committed ? scenario.new : scenario.old
            #expect(try scenario.observe(directory.path) == expected, "\(context)")

            let fresh = try scenario.store(directory.path)
            try fresh.recover()
            #expect(temporaryFiles(directory.path).isEmpty, "\(context)")
            #expect(try !fresh.replayIsDue(), "\(context)")
            #expect(try scenario.observe(directory.path) == expected, "\(context)")
        }
        #expect(outcomes == [false, true], "the sweep must crash both before and after the commit point")
    }

    @Test("a journal record torn by a crash is never replayed")
    func tornRecord() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let store = try DurableDirectory(root: directory.path, fileSystem: fileSystem)
        try store.write { tx in try tx.write("a", bytes("old")) }
        // The first write of a transaction is its journal record; it is cut in half.
        fileSystem.setFault(.init(operation: .write, occurrence: 1, afterwards: .failEverything, tearsWrites: true))
        _ = try? store.write { tx in try tx.write("a", bytes("new content")) }
        let journal = try #require(snapshot(directory.path)["journal"])
        #expect(try Journal.decode(journal, path: "journal").validLength < journal.count)

        let fresh = try DurableDirectory(root: directory.path)
        #expect(try fresh.replayIsDue())
        #expect(try fresh.read { try $0.read("a") } == bytes("old"))
        #expect(try !fresh.replayIsDue())
        #expect(snapshot(directory.path)["journal"] == [])
        #expect(temporaryFiles(directory.path).isEmpty)
    }

    @Test("a torn applied mark costs a replay, nothing else")
    func tornMark() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let store = try DurableDirectory(root: directory.path, fileSystem: fileSystem)
        // Writes of a one-file transaction: the record, the file, the mark.
        fileSystem.setFault(.init(operation: .write, occurrence: 3, afterwards: .failEverything, tearsWrites: true))
        #expect(throws: DurableFilesError.self) { try store.write { tx in try tx.write("a", bytes("1")) } }
        #expect(AppliedMark.decode(snapshot(directory.path)["lock"] ?? []) == nil)

        let fresh = try DurableDirectory(root: directory.path)
        #expect(try fresh.replayIsDue())
        #expect(try fresh.read { try $0.read("a") } == bytes("1"))
        #expect(try !fresh.replayIsDue())
    }

    @Test("debris whose record was lost is found by a whole-tree recovery")
    func wholeTreeSweep() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path)
        try store.write { tx in try tx.write("x/y/a", bytes("1")) }
        let stray = directory.path + "/x/y/.a.tmp-00112233445566ff"
        try createFile(stray)
        try store.recover()
        #expect(temporaryFiles(directory.path) == ["x/y/.a.tmp-00112233445566ff"])
        try store.recover(scanningWholeTree: true)
        #expect(temporaryFiles(directory.path).isEmpty)
        #expect(try store.read { try $0.read("x/y/a") } == bytes("1"))
    }

    /// The 1-based index of the call after which the transaction is
    /// committed: its whole record is in the journal. (After a power loss
    /// only the journal's fsync makes it so; see the power-loss tests.)
    static func commitPoint(in calls: [FaultInjectingFileSystem.Call]) -> Int? {
        calls.firstIndex { $0.operation == .write && $0.path.hasSuffix("/journal") }.map { $0 + 1 }
    }
}
