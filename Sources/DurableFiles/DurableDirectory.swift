import SystemFiles

/// A directory of files changed only by atomic, durable, serialised
/// transactions.
///
/// Writers hold an exclusive `flock` on `<root>/lock` for the transaction and
/// its commit; readers hold a shared one, so they never see half of a
/// multi-file commit. Paths are relative to the root (see `StorePath` for the
/// rules: no hidden components; `lock`, `gate` and `journal` at the root are taken).
/// Every file the store creates is `0600` and every directory `0700`,
/// whatever the umask.
///
/// The value is cheap and `Sendable`; each call opens its own lock, so
/// threads sharing one `DurableDirectory` exclude each other like processes do.
/// For the same reason calls must not nest: a `read` or `write` inside
/// another's closure waits for the outer lock and fails with `.busy`.
public struct DurableDirectory: Sendable {
    /// The store directory.
    public let root: String
    public let fileSystem: any FileSystem
    /// How long `read` and `write` wait for the lock before failing with `.busy`.
    public let lockTimeout: Duration
    /// The journal length past which a commit checkpoints (see `Commit`).
    public let checkpointSize: Int
    /// Written files from which a checkpoint syncs the whole file system at
    /// once (`Checkpoint`): a test's choice, to take either way with few files.
    let wholeSyncFrom: Int

    /// The default `checkpointSize`: small enough to replay in moments
    /// after a power loss, large enough that most commits cost one fsync.
    public static let defaultCheckpointSize = 1 << 20

    /// The default `wholeSyncFrom`: below it, syncing each file costs less
    /// than flushing whatever else the file system holds dirty; a large
    /// checkpoint (a catch-up, a copy: thousands of files) costs one sync
    /// instead of two per file.
    public static let defaultWholeSyncFrom = 32

    /// Directories of this store found safe, shared by every call on it.
    private let safeDirectories = SafeDirectories()

    private var files: CommittedFiles {
        CommittedFiles(root: root, fileSystem: fileSystem, safeDirectories: safeDirectories, wholeSyncFrom: wholeSyncFrom)
    }

    /// Opens the store at `root`, creating the directory (and its missing
    /// parents, `0700`) if needed; with `creating` false, a missing `root`
    /// is an error (`ENOENT`, or `ENOTDIR` for something else there). A
    /// directory someone else could have changed is refused (`FileSafety`).
    public init(
        root: String, fileSystem: any FileSystem = SystemFileSystem(), lockTimeout: Duration = .seconds(5),
        checkpointSize: Int = DurableDirectory.defaultCheckpointSize, creating: Bool = true,
        wholeSyncFrom: Int = DurableDirectory.defaultWholeSyncFrom
    ) throws(DurableFilesError) {
        var trimmed = root
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.root = trimmed
        self.fileSystem = fileSystem
        self.lockTimeout = lockTimeout
        self.checkpointSize = checkpointSize
        self.wholeSyncFrom = wholeSyncFrom
        if creating {
            try fileSystem.ensureDirectory(trimmed)
            try fileSystem.requireSafeDirectory(trimmed, ancestors: true)
        } else {
            let status: FileStatus
            do { status = try fileSystem.stat(trimmed) } catch { throw error.failure(.stat, trimmed) }
            guard status.kind == .directory else { throw Errno.notDirectory.failure(.stat, trimmed) }
            try fileSystem.requireSafeDirectory(trimmed, ancestors: true, status: status)
        }
    }

    /// Runs `body` as one transaction under the exclusive lock and commits
    /// what it staged when it returns; if it throws, nothing changes.
    ///
    /// Errors: `DurableFilesError` (check `isCommitted` on
    /// `.committedButIncomplete`) or whatever `body` throws.
    /// Without `creatingLockFile`, a directory without its lock file (that
    /// no lifesignal has used) is left as it is: `.unused`.
    public func write<T>(creatingLockFile: Bool = true, _ body: (Transaction) throws -> T) throws -> T {
        let lock = try StoreLock(directory: root, mode: .exclusive, timeout: lockTimeout, fileSystem: fileSystem,
                                 creatingFiles: creatingLockFile)
        defer { lock.release() }
        let journalLength = try Recovery(files: files, lock: lock).run(scanningWholeTree: false)
        let transaction = Transaction(files: files)
        defer { transaction.isOpen = false }
        let result = try body(transaction)
        try Commit(files: files, lock: lock, checkpointSize: checkpointSize)
            .run(transaction.changes, journalLength: journalLength)
        return result
    }

    /// Runs `body` under a shared lock. If the files may lag behind the
    /// journal (after a crash or a power loss), the journal is first
    /// replayed under the exclusive lock, which `body` then keeps.
    /// Without `creatingLockFile`, a directory without its lock file (that
    /// no lifesignal has used) is left as it is: `.unused`.
    public func read<T>(creatingLockFile: Bool = true, _ body: (DirectoryReader) throws -> T) throws -> T {
        var lock = try StoreLock(directory: root, mode: .shared, timeout: lockTimeout, fileSystem: fileSystem,
                                 creatingFiles: creatingLockFile)
        defer { lock.release() }
        if try Recovery.isDue(files: files, lock: lock) {
            // flock cannot upgrade atomically; take the exclusive lock afresh.
            lock.release()
            lock = try StoreLock(directory: root, mode: .exclusive, timeout: lockTimeout, fileSystem: fileSystem)
            try Recovery(files: files, lock: lock).run(scanningWholeTree: false)
        }
        let reader = DirectoryReader(files: files)
        defer { reader.isOpen = false }
        return try body(reader)
    }

    /// Runs `body` under a shared lock without changing anything (not even
    /// replaying the journal when that is due), and reports the state of the
    /// directory's own machinery: for tools that must change nothing (a
    /// doctor). While a replay is due, `body` sees the store as the replay
    /// will leave it (the journal's commits over the files), which is what
    /// the next command will find; a journal that cannot be replayed leaves
    /// the files as they are.
    public func inspect<T>(creatingLockFile: Bool = true,
                           _ body: (DirectoryReader) throws -> T) throws -> (T, DirectoryCondition) {
        let lock = try StoreLock(directory: root, mode: .shared, timeout: lockTimeout, fileSystem: fileSystem,
                                 creatingFiles: creatingLockFile)
        defer { lock.release() }
        let condition = try DirectoryCondition(files: files, lock: lock)
        var pending: Transaction?
        if condition.replayIsDue, condition.journalProblem == nil {
            pending = Transaction.replaying(try JournalFile(files: files).read().finalEntries, over: files)
        }
        let reader = DirectoryReader(files: files, pending: pending)
        defer {
            reader.isOpen = false
            pending?.isOpen = false
        }
        return (try body(reader), condition)
    }

    /// Runs `body` on the files as they are, without any lock: only for a
    /// directory no lifesignal has used (`.unused`), where no writer has
    /// ever committed, to see what else is there.
    public func readUnused<T>(_ body: (DirectoryReader) throws -> T) throws -> T {
        let reader = DirectoryReader(files: files)
        defer { reader.isOpen = false }
        return try body(reader)
    }

    /// The names in the directory itself, exactly as they are: hidden ones
    /// and the store's own (`lock`, `gate`, `journal`) included.
    public func namesInRoot() throws(DurableFilesError) -> [String] {
        do { return try fileSystem.listDirectory(root) } catch { throw error.failure(.list, root) }
    }

    /// Whether the next access will replay the journal first (for tests and
    /// diagnostics; the answer may change as soon as the lock is released).
    func replayIsDue() throws(DurableFilesError) -> Bool {
        let lock = try StoreLock(directory: root, mode: .shared, timeout: lockTimeout, fileSystem: fileSystem)
        defer { lock.release() }
        return try Recovery.isDue(files: files, lock: lock)
    }

    /// Replays the journal if the files may lag behind it, removing the
    /// temporary files of interrupted commits in the directories it names;
    /// with `scanningWholeTree`, removes temporary files everywhere.
    public func recover(scanningWholeTree: Bool = false) throws(DurableFilesError) {
        let lock = try StoreLock(directory: root, mode: .exclusive, timeout: lockTimeout, fileSystem: fileSystem)
        defer { lock.release() }
        try Recovery(files: files, lock: lock).run(scanningWholeTree: scanningWholeTree)
    }
}
