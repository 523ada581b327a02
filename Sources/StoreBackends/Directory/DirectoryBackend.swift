import DurableFiles
import SystemFiles

/// A store in a local directory: one JSON file per path, changed only by
/// atomic, durable transactions under an `flock` (`DurableDirectory`'s
/// write-ahead journal). The first conformer of `StoreBackend`.
///
/// Transactions are serialised by the lock, so a body runs exactly once.
public struct DirectoryBackend: StoreBackend {
    /// The store directory, absolute.
    public let root: String
    let directory: DurableDirectory

    public var name: String { root }
    var fileSystem: any FileSystem { directory.fileSystem }

    /// Opens the store at `root`, creating the directory when `creating`;
    /// otherwise a missing directory is "no store there".
    /// - Parameter lockTimeout: how long to wait for another process before "store is busy".
    public init(root: String, fileSystem: any FileSystem = SystemFileSystem(), lockTimeout: Duration = .seconds(5),
                creating: Bool = true) throws {
        do {
            directory = try DurableDirectory(root: root, fileSystem: fileSystem, lockTimeout: lockTimeout, creating: creating)
        } catch .io(.stat, _, .noSuchFile) {
            throw StoreError.missing(store: root)
        } catch .io(.stat, _, .notDirectory) {
            throw StoreError.io("cannot use \(root) as a store: it is not a directory")
        } catch {
            throw StoreError(error)
        }
        self.root = directory.root
    }

    /// A look makes nothing: a directory no lifesignal has used (no lock
    /// file) is read as it is, when it is empty or a store (which then gets
    /// its lock file), and refused when it holds anything else.
    public func read<T>(_ body: (any StoreSnapshot) throws -> T) throws -> T {
        try StoreError.mapping {
            do {
                return try directory.read(creatingLockFile: false) { reader in try body(DirectorySnapshot(reader)) }
            } catch DurableFilesError.unused {
                guard try unusedShape() == .store else { return try body(EmptySnapshot()) }
                return try directory.read { reader in try body(DirectorySnapshot(reader)) }
            }
        }
    }

    /// A write makes a store's lock file only where nothing is yet, or in a
    /// store that has none (restored without it); it refuses to make
    /// anything among someone else's files.
    public func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        do {
            return try commit(creatingLockFile: false, body)
        } catch DurableFilesError.unused {
            _ = try unusedShape()
            return try commit(creatingLockFile: true, body)
        }
    }

    private func commit<T>(creatingLockFile: Bool, _ body: (any StoreTransaction) throws -> T) throws -> T {
        var result: T?
        do {
            try directory.write(creatingLockFile: creatingLockFile) { transaction in
                result = try body(DirectoryTransaction(transaction))
            }
        } catch let error as DurableFilesError where error.isCommitted {
            // The change is the store's state; the next access finishes
            // applying it, so this transaction succeeded.
        } catch DurableFilesError.unused(let directory) {
            throw DurableFilesError.unused(directory: directory)
        } catch let error as DurableFilesError {
            throw StoreError(error)
        }
        guard let result else { throw StoreError.io("internal error: the transaction produced no result") }
        return result
    }

    /// What a directory without a lock file holds: a store or nothing;
    /// anything else is refused (`StoreShape`), before anything is made.
    private func unusedShape() throws -> StoreShape {
        let shape = StoreShape(topLevel: try StoreError.mapping { try directory.namesInRoot() })
        try shape.require(at: root)
        return shape
    }

    /// A doctor's look makes nothing either: a directory without a lock
    /// file that is not a store is examined as it is, with no lock (no
    /// writer has used it), and the doctor says what it holds.
    public func inspect<T>(_ body: (any StoreSnapshot) throws -> T) throws -> (T, [BackendFinding]) {
        let (value, condition) = try StoreError.mapping { () throws -> (T, DirectoryCondition?) in
            do {
                return try directory.inspect(creatingLockFile: false) { reader in try body(DirectorySnapshot(reader)) }
            } catch DurableFilesError.unused {
                switch StoreShape(topLevel: try directory.namesInRoot()) {
                case .empty: return (try body(EmptySnapshot()), nil)
                case .store: return try directory.inspect { reader in try body(DirectorySnapshot(reader)) }
                case .partialCopy, .other: return (try directory.readUnused { reader in try body(DirectorySnapshot(reader)) }, nil)
                }
            }
        }
        guard let condition else { return (value, []) }
        var findings: [BackendFinding] = []
        if let problem = condition.journalProblem {
            let advice = condition.filesHoldJournal
                ? "the files already hold every commit this journal recorded (they were applied before it was changed): "
                    + "if nothing else is wrong, move the journal aside and lifesignal starts a new one; "
                    + "else restore the store from a backup"
                : "restore the store from a backup: the commits in this journal cannot be replayed"
            findings.append(BackendFinding(isProblem: true, path: condition.journalPath, problem: problem, advice: advice))
        } else if condition.replayIsDue {
            findings.append(BackendFinding(
                isProblem: false, path: condition.journalPath, problem: "commits waiting to be replayed",
                advice: "a crash or power loss interrupted the store: the next lifesignal command replays its journal; "
                    + "everything else here is judged as that replay will leave the store"))
        }
        for path in condition.temporaryFiles {
            findings.append(BackendFinding(isProblem: false, path: root + "/" + path, problem: "leftover temporary file",
                                           advice: "a temporary file from an interrupted write: the next write to that directory removes it"))
        }
        return (value, findings)
    }

    /// An `flock` on `<root>/.leases/<name>/lock`: the kernel frees it when
    /// its holder dies, so `duration` needs no enforcing here.
    public func lease(_ name: String, for duration: Duration) throws -> (any StoreLease)? {
        try BackendPath.check(name, BackendPath.fileProblem)
        let path = root + "/" + Self.leaseDirectory + "/" + name
        do {
            // Leases need not survive a power loss, so their directories are
            // not fsynced; a link planted on the way is never followed.
            try fileSystem.requireSafeDirectories(root: root, toward: Self.leaseDirectory + "/" + name + "/lock")
            try fileSystem.ensureDirectory(path, durable: false)
            return DirectoryLease(lock: try StoreLock(directory: path, mode: .exclusive, timeout: .zero, fileSystem: fileSystem))
        } catch .busy {
            return nil
        } catch {
            throw StoreError(error)
        }
    }

    /// Where leases live: hidden, so no listing or copy of the data sees them.
    static let leaseDirectory = ".leases"

    public func changes(under directory: String) throws -> any StoreChangeSignal {
        try changes(under: [directory])
    }

    public func changes(under directories: [String], mattering filter: StoreChangeFilter?) throws -> any StoreChangeSignal {
        for directory in directories { try BackendPath.check(directory, BackendPath.directoryProblem) }
        return DirectoryChangeSignal(root: root, directories: directories, mattering: filter)
    }
}

/// A lease held as an `flock`.
final class DirectoryLease: StoreLease {
    let lock: StoreLock
    init(lock: StoreLock) { self.lock = lock }

    /// An `flock` lasts until released; nobody can have taken it meanwhile.
    func renew(for duration: Duration) throws -> Bool { true }
    func release() { lock.release() }
}
