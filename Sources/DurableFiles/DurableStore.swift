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
/// threads sharing one `DurableStore` exclude each other like processes do.
/// For the same reason calls must not nest: a `read` or `write` inside
/// another's closure waits for the outer lock and fails with `.busy`.
public struct DurableStore: Sendable {
    /// The store directory.
    public let root: String
    public let fileSystem: any FileSystem
    /// How long `read` and `write` wait for the lock before failing with `.busy`.
    public let lockTimeout: Duration

    private var files: StoreFiles { StoreFiles(root: root, fileSystem: fileSystem) }

    /// Opens the store at `root`, creating the directory (and its missing
    /// parents, `0700`) if needed.
    public init(
        root: String, fileSystem: any FileSystem = SystemFileSystem(), lockTimeout: Duration = .seconds(5)
    ) throws(DurableFilesError) {
        var trimmed = root
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.root = trimmed
        self.fileSystem = fileSystem
        self.lockTimeout = lockTimeout
        try fileSystem.ensureDirectory(trimmed)
    }

    /// Runs `body` as one transaction under the exclusive lock and commits
    /// what it staged when it returns; if it throws, nothing changes.
    ///
    /// Errors: `DurableFilesError` (check `isCommitted` on
    /// `.committedButIncomplete`) or whatever `body` throws.
    public func write<T>(_ body: (Transaction) throws -> T) throws -> T {
        let lock = try StoreLock(directory: root, mode: .exclusive, timeout: lockTimeout, fileSystem: fileSystem)
        defer { lock.release() }
        try Recovery(files: files, lock: lock).run(scanningWholeTree: false)
        let transaction = Transaction(files: files)
        defer { transaction.isOpen = false }
        let result = try body(transaction)
        try Commit(files: files, lock: lock).run(transaction.changes)
        return result
    }

    /// Runs `body` under a shared lock. If an interrupted commit is pending,
    /// it is first rolled forward under the exclusive lock, which `body` then
    /// keeps.
    public func read<T>(_ body: (StoreReader) throws -> T) throws -> T {
        var lock = try StoreLock(directory: root, mode: .shared, timeout: lockTimeout, fileSystem: fileSystem)
        defer { lock.release() }
        if try files.hasJournal() {
            // flock cannot upgrade atomically; take the exclusive lock afresh.
            lock.release()
            lock = try StoreLock(directory: root, mode: .exclusive, timeout: lockTimeout, fileSystem: fileSystem)
            try Recovery(files: files, lock: lock).run(scanningWholeTree: false)
        }
        let reader = StoreReader(files: files)
        defer { reader.isOpen = false }
        return try body(reader)
    }

    /// Rolls a pending commit forward and removes temporary files left by
    /// interrupted transactions: in the directories the lock file's record
    /// names, or in every directory when `scanningWholeTree` is set (for
    /// debris whose record a power loss erased).
    public func recover(scanningWholeTree: Bool = false) throws(DurableFilesError) {
        let lock = try StoreLock(directory: root, mode: .exclusive, timeout: lockTimeout, fileSystem: fileSystem)
        defer { lock.release() }
        try Recovery(files: files, lock: lock).run(scanningWholeTree: scanningWholeTree)
    }
}
