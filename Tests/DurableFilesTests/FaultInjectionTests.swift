import TestSupport
import Testing

@testable import DurableFiles
@testable import SystemFiles

/// Fails every step of a commit in turn and checks that the store always ends
/// up exactly old or exactly new, cleans its debris, and never retries fsync.
@Suite("Fault injection at every step of a commit", .hangGuard)
struct FaultInjectionTests {
    enum Mode: String, CaseIterable, Sendable {
        case failOnce = "fail call K once"
        case failSameOperation = "fail call K and every later call of its operation"
        case failEverything = "fail call K and every later call"
    }

    /// The fault that makes call `step` of `calls` fail in `mode`.
    static func fault(
        _ mode: Mode, step: Int, of calls: [FaultInjectingFileSystem.Call]
    ) -> FaultInjectingFileSystem.Fault {
        switch mode {
        case .failOnce:
            return .init(occurrence: step, errno: .ioError)
        case .failEverything:
            return .init(occurrence: step, errno: .ioError, afterwards: .failEverything)
        case .failSameOperation:
            let operation = calls[step - 1].operation
            let occurrence = calls[..<step].filter { $0.operation == operation }.count
            return .init(operation: operation, occurrence: occurrence, errno: .ioError, afterwards: .failSameOperation)
        }
    }

    @Test("old or new, never mixed", arguments: CommitScenario.all, Mode.allCases)
    func everyStep(_ scenario: CommitScenario, mode: Mode) throws {
        let reference = try scenario.referenceCalls()
        #expect(reference.contains { $0.operation == .fsync })
        for step in 1...reference.count {
            let context = "step \(step) of \(reference.count) (\(reference[step - 1]))"
            let directory = TemporaryDirectory()
            try scenario.seed(directory.path)
            let fileSystem = FaultInjectingFileSystem()
            let store = try scenario.store(directory.path, fileSystem)
            fileSystem.clearCalls()
            fileSystem.setFault(Self.fault(mode, step: step, of: reference))

            var committed = true
            do {
                try store.write { tx in try scenario.apply(tx) }
            } catch let error as DurableFilesError {
                committed = error.isCommitted
                if !committed, case .busy = error { Issue.record("busy at \(context)") }
            }

            let seen = try scenario.observe(directory.path)
            #expect(seen == (committed ? scenario.new : scenario.old), "\(context)")
            #expect(retriedFsyncs(fileSystem.calls).isEmpty, "\(context)")
            #expect(fileSystem.calls.contains { $0.injected }, "\(context): the fault was not reached")

            // The next successful writer removes whatever the failure left.
            let next = try scenario.store(directory.path)
            try next.write { tx in try tx.write("after", bytes("x")) }
            #expect(temporaryFiles(directory.path).isEmpty, "\(context)")
            #expect(try !next.replayIsDue(), "\(context)")
            #expect(try scenario.observe(directory.path) == seen, "\(context)")
        }
    }

    @Test("a failure before the commit point reports the operation, path and errno")
    func errorBeforeCommit() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let store = try DurableDirectory(root: directory.path, fileSystem: fileSystem)
        try store.write { tx in try tx.write("a", bytes("0")) }
        let before = snapshot(directory.path)
        fileSystem.setFault(.init(operation: .fsync, occurrence: 1, errno: .noSpace))
        do {
            try store.write { tx in
                try tx.write("a", bytes("1"))
                try tx.write("b", bytes("2"))
            }
            Issue.record("the write succeeded")
        } catch let error as DurableFilesError {
            guard case .io(.fsync, let path, .noSpace) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == directory.path + "/journal")
            #expect(!error.isCommitted)
        }
        // The record was cut off again: the journal is as it was.
        #expect(snapshot(directory.path) == before)
    }

    @Test("a failure after the commit point is reported as committed and finished by the next reader")
    func errorAfterCommit() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let store = try DurableDirectory(root: directory.path, fileSystem: fileSystem)
        // Renames only happen after the commit point, as files are applied.
        fileSystem.setFault(.init(operation: .rename, occurrence: 2, errno: .ioError))
        do {
            try store.write { tx in
                try tx.write("a", bytes("1"))
                try tx.write("b", bytes("2"))
            }
            Issue.record("the write succeeded")
        } catch let error as DurableFilesError {
            #expect(error.isCommitted)
            #expect(error.description.hasPrefix("the changes were committed but not fully applied"))
        }
        #expect(snapshot(directory.path)["journal"] != nil)
        let seen = try DurableDirectory(root: directory.path).read { reader in
            (text(try reader.read("a")), text(try reader.read("b")))
        }
        #expect(seen.0 == "1" && seen.1 == "2")
        #expect(snapshot(directory.path)["journal"] == [])
        #expect(temporaryFiles(directory.path).isEmpty)
    }

    @Test("the injector counts one operation and records paths of descriptors")
    func injectorBasics() throws {
        let directory = TemporaryDirectory()
        let fault = FaultInjectingFileSystem.Fault(operation: .unlink, occurrence: 2, errno: .permissionDenied)
        let fileSystem = FaultInjectingFileSystem(fault: fault)
        let path = directory.path + "/f"
        for name in ["1", "2", "3"] {
            let descriptor = try fileSystem.open(
                path + name, access: .writeOnly, options: [.create], permissions: .ownerReadWrite)
            try fileSystem.close(descriptor)
        }
        try fileSystem.unlink(path + "1")
        #expect(throws: Errno.permissionDenied) { try fileSystem.unlink(path + "2") }
        try fileSystem.unlink(path + "3")
        let summary = fileSystem.calls.map(\.description)
        #expect(summary == [
            "open \(path)1", "close \(path)1", "open \(path)2", "close \(path)2", "open \(path)3", "close \(path)3",
            "unlink \(path)1", "unlink \(path)2 -> EACCES (injected)", "unlink \(path)3",
        ])
    }
}
