import Testing

@testable import DurableFiles
@testable import SystemFiles
import TestSupport

/// A transaction from a known old state to a known new state, used to check
/// that an interrupted commit leaves exactly one of the two.
struct CommitScenario: Sendable, CustomTestStringConvertible {
    var id: String
    /// Content of every watched path before; `nil` means absent.
    let old: [String: String?]
    /// Content of every watched path after.
    let new: [String: String?]
    /// The stores' `checkpointSize`: by default most commits only append to
    /// the journal; at 0 every commit checkpoints as well.
    var checkpointSize = DurableDirectory.defaultCheckpointSize

    var testDescription: String { id }

    /// Every scenario, appending only and checkpointing every commit.
    static let all: [CommitScenario] = base + base.map { scenario in
        var checkpointing = scenario
        checkpointing.id += ", checkpoint at every commit"
        checkpointing.checkpointSize = 0
        return checkpointing
    }

    static let base: [CommitScenario] = [
        CommitScenario(
            id: "multi-file: two replaced, one created in new directories, one deleted",
            old: ["a": "old-a", "dir/b": "old-b", "c": "old-c", "dir2/sub/d": nil],
            new: ["a": "new-a", "dir/b": "new-b", "c": nil, "dir2/sub/d": "new-d"]),
        CommitScenario(
            id: "multi-file, writes only: two replaced, one created",
            old: ["a": "old-a", "dir/b": nil, "dir/c": "old-c"],
            new: ["a": "new-a", "dir/b": "new-b", "dir/c": "new-c"]),
        CommitScenario(
            id: "single file replaced",
            old: ["dir/a": "old-a", "b": "old-b"],
            new: ["dir/a": "new-a", "b": "old-b"]),
        CommitScenario(
            id: "single file created in a new directory",
            old: ["x/y/a": nil, "b": "old-b"],
            new: ["x/y/a": "new-a", "b": "old-b"]),
        CommitScenario(
            id: "single delete",
            old: ["dir/a": "old-a", "b": "old-b"],
            new: ["dir/a": nil, "b": "old-b"]),
    ]

    /// A store at `root` as this scenario configures it.
    func store(_ root: String, _ fileSystem: any FileSystem = SystemFileSystem()) throws -> DurableDirectory {
        try DurableDirectory(root: root, fileSystem: fileSystem, checkpointSize: checkpointSize)
    }

    /// Creates the old state with a live store.
    func seed(_ root: String) throws {
        let store = try store(root)
        try store.write { tx in
            for (path, content) in old {
                if let content { try tx.write(path, bytes(content)) }
            }
        }
    }

    /// Stages the change from old to new.
    /// Whether `apply` writes a file (rather than only deleting).
    var writesAnything: Bool {
        new.contains { path, content in content != nil && content != old[path] }
    }

    func apply(_ tx: Transaction) throws {
        for (path, content) in new where content != old[path] {
            if let content { try tx.write(path, bytes(content)) } else { try tx.delete(path) }
        }
    }

    /// What a fresh live store reads now (recovering first if needed).
    func observe(_ root: String) throws -> [String: String?] {
        let store = try store(root)
        return try store.read { reader in
            var seen: [String: String?] = [:]
            for path in old.keys { seen[path] = text(try reader.read(path)) }
            return seen
        }
    }

    /// The calls a fault-free commit makes, from lock to unlock.
    ///
    /// A run whose lock was not free at the first try is made again: while
    /// another test thread spawns a process, the child shares this process's
    /// descriptors until its exec closes them, and with them a lock just
    /// released here. Such a retry is one call more than a commit makes.
    func referenceCalls() throws -> [FaultInjectingFileSystem.Call] {
        for _ in 1...20 {
            let directory = TemporaryDirectory()
            try seed(directory.path)
            let fileSystem = FaultInjectingFileSystem()
            let store = try store(directory.path, fileSystem)
            fileSystem.clearCalls()
            try store.write { tx in try apply(tx) }
            #expect(try observe(directory.path) == new, "reference run of \(id)")
            let calls = fileSystem.calls
            if !calls.contains(where: { $0.operation == .flock && $0.failure != nil }) { return calls }
        }
        Issue.record("reference run of \(id): the lock was never free at the first try")
        return []
    }
}

/// Failed fsyncs that were called again on the same path afterwards.
func retriedFsyncs(_ calls: [FaultInjectingFileSystem.Call]) -> [String] {
    var failed: Set<String> = []
    var retried: [String] = []
    for call in calls where call.operation == .fsync {
        if failed.contains(call.path) { retried.append(call.path) }
        if call.failure != nil { failed.insert(call.path) }
    }
    return retried
}
