import Testing

@testable import DurableFiles
@testable import SystemFiles
import TestSupport

/// A checkpoint of many files (a catch-up, a copy) syncs the file system
/// once instead of each file and directory, on the model disk that can
/// lose power, and only where one sync covers every directory it touched.
@Suite("Whole-file-system sync at a checkpoint", .hangGuard)
struct WholeFileSystemSyncTests {
    /// Forty files in ten directories: a checkpoint at every commit.
    static let paths = (0..<40).map { "d\($0 % 10)/f\($0)" }
    static let configuration = PowerLossMachine.Configuration(id: "checkpoint at every commit", checkpointSize: 0, namesBoots: true)

    /// What `writeAll(_:"new ")` leaves at each path.
    static let newContents = Dictionary(uniqueKeysWithValues: paths.map { ($0, bytes("new " + $0)) })

    /// The paths the calls of `operation` named.
    static func called(_ operation: FileOperation, in injector: FaultInjectingFileSystem) -> [String] {
        injector.calls.filter { $0.operation == operation }.map(\.path)
    }

    /// Cuts the power, keeping nothing unsynced: every new file must be back.
    static func expectNewAfterPowerLoss(_ machine: PowerLossMachine) throws {
        machine.disk.powerLoss(.worstCase)
        #expect(try machine.read(paths) == newContents)
    }

    static func writeAll(_ store: DurableDirectory, _ text: String) throws {
        try store.write { tx in
            for path in paths { try tx.write(path, bytes(text + path)) }
        }
    }

    @Test("a checkpoint of many files syncs the file system once, not each file, and survives a power loss")
    func oneSyncForManyFiles() throws {
        let machine = PowerLossMachine(Self.configuration)
        let injector = machine.injector()
        let store = try machine.store(on: injector)
        try store.write { tx in try tx.write("first", bytes("0")) }
        injector.clearCalls()
        try Self.writeAll(store, "new ")
        let synced = Self.called(.fsync, in: injector)
        #expect(Self.called(.syncfs, in: injector) == [PowerLossMachine.root])
        // The journal's append (the commit point) and its emptying: no file, no directory.
        #expect(synced == [PowerLossMachine.root + "/journal", PowerLossMachine.root + "/journal"])
        try Self.expectNewAfterPowerLoss(machine)
    }

    @Test("few files are synced one by one")
    func fewFilesOneByOne() throws {
        let machine = PowerLossMachine(Self.configuration)
        let injector = machine.injector()
        let store = try machine.store(on: injector)
        injector.clearCalls()
        try store.write { tx in for path in Self.paths.prefix(3) { try tx.write(path, bytes("x")) } }
        #expect(!injector.calls.contains { $0.operation == .syncfs })
        #expect(Self.called(.fsync, in: injector).count > 3)
    }

    @Test("a directory on another device (a mount point) makes the checkpoint sync file by file")
    func mountPointFallsBack() throws {
        let machine = PowerLossMachine(Self.configuration)
        try Self.writeAll(try machine.store(), "old ")
        machine.disk.mount(at: PowerLossMachine.root + "/d3")
        let injector = machine.injector()
        let store = try machine.store(on: injector)
        injector.clearCalls()
        try Self.writeAll(store, "new ")
        #expect(!injector.calls.contains { $0.operation == .syncfs })
        let synced = Set(Self.called(.fsync, in: injector))
        #expect(Self.paths.allSatisfy { synced.contains(PowerLossMachine.root + "/" + $0) })
        try Self.expectNewAfterPowerLoss(machine)
    }

    @Test("a failed whole-file-system sync leaves the journal in charge: the commit stands, the next access checkpoints again")
    func failedSyncIsReplayed() throws {
        let machine = PowerLossMachine(Self.configuration)
        let injector = machine.injector()
        let store = try machine.store(on: injector)
        injector.setFault(.init(operation: .syncfs, occurrence: 1, errno: .ioError))
        do {
            try Self.writeAll(store, "new ")
            Issue.record("the failed sync was not reported")
        } catch let error as DurableFilesError {
            #expect(error.isCommitted, "\(error)")
            guard case .committedButIncomplete(.io(.syncfs, let path, .ioError)) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == PowerLossMachine.root)
        }
        #expect(try store.replayIsDue())
        injector.setFault(nil)
        injector.clearCalls()
        #expect(try machine.read(Self.paths) == Self.newContents)
        #expect(try !store.replayIsDue())
        try Self.expectNewAfterPowerLoss(machine)
    }

    @Test("syncfs reports a failed write-back from Linux 5.8 on", arguments: [
        ("6.18.44-fc-v595", true), ("5.8.0", true), ("5.15.0-91-generic", true), ("10.0", true),
        ("5.7.19", false), ("4.19.0-25-amd64", false), ("", false), ("linux", false),
    ])
    func kernelRelease(_ release: String, _ reports: Bool) {
        #expect(WholeFileSystemSync.kernelReportsErrors(release: release) == reports)
    }

    @Test("the live file system syncs whole where its type is trusted")
    func liveFileSystem() throws {
        let directory = TemporaryDirectory()
        let fileSystem = SystemFileSystem()
        let descriptor = try fileSystem.open(directory.path, access: .readOnly, options: [.directory, .closeOnExec],
                                             permissions: .ownerAll)
        defer { try? fileSystem.close(descriptor) }
        let expected = try wholeFileSystemSyncReportsErrors && WholeFileSystemSync.trusts(descriptor)
        #expect(try fileSystem.syncWholeFileSystem(descriptor) == expected)
    }
}
