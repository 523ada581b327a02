import ByteKeyed
import FoundationEssentials
import Synchronization

/// A store in memory, for service tests, property tests and tools: the
/// same `LayoutStore` and the same contract as a directory or a cluster,
/// without a disk.
///
/// Transactions are optimistic, as on etcd: a body runs on a snapshot
/// without holding anything, and its commit checks that nothing in its
/// read set (what it read or listed, but for the reads outside the read
/// set) changed since; if something did, the body runs again on a fresh snapshot. So the
/// shared conformance suite proves on this backend that a body run twice
/// changes nothing twice.
public final class MemoryBackend: StoreBackend {
    /// One file's bytes and the commit that last wrote it.
    struct Entry {
        var bytes: [UInt8]
        var revision: Int
    }

    struct State {
        var files: [String: Entry] = [:]
        /// The paths of `files` in order, so that a listing visits only the
        /// paths below its directory: a crowd of 10,000 accounts made in
        /// one store listed every file of it at each look (hours in a
        /// debug build).
        var paths = ByteKeyedTable<Void>()
        /// The number of commits so far.
        var revision = 0
        /// The last commit that wrote or removed anything below each
        /// directory that ever held something (the root is `""`), for list
        /// checks.
        var directoryChanges = ByteKeyedTable<Int>()
        var leases: [String: (token: Int, expiry: Date)] = [:]
        var nextToken = 1

        /// The last commit that changed anything below `directory`.
        func lastChange(under directory: String) -> Int {
            directoryChanges[directory] ?? 0
        }

        /// Writes `bytes` to `path` (removes it, for nil) in commit `revision`.
        mutating func change(_ path: String, to bytes: [UInt8]?) {
            if let bytes {
                files[path] = Entry(bytes: bytes, revision: revision)
                paths.insert(path)
            } else if files.removeValue(forKey: path) != nil {
                paths.removeValue(forKey: path)
            } else {
                return
            }
            var directory = Substring(path)
            while let slash = directory.lastIndex(of: "/") {
                directory = directory[..<slash]
                directoryChanges[String(directory)] = revision
            }
            directoryChanges[""] = revision
        }
    }

    public let name: String
    let state: Mutex<State>
    /// The store's clock, which judges lease expiry.
    let clock: @Sendable () -> Date
    /// Runs of a body after which a still-conflicting transaction gives up ("busy").
    static let maximumAttempts = 64
    /// The most files one commit may change (nil: any number), to stand in
    /// for a store that bounds its transactions, as etcd does.
    public let maximumChanges: Int?

    /// An empty store.
    /// - Parameter name: prefixed to paths in messages.
    /// - Parameter maximumChanges: the most files one commit may change.
    public init(name: String = "memory:", clock: @escaping @Sendable () -> Date = { Date() }, maximumChanges: Int? = nil) {
        self.name = name
        self.clock = clock
        self.maximumChanges = maximumChanges
        state = Mutex(State())
    }

    public var boundsTransactions: Bool { maximumChanges != nil }
    /// Bounded, it stands in for etcd in tests: its writers are not queued
    /// for a catch-up's purposes (`StoreBackend.queuesWriters`).
    public var queuesWriters: Bool { maximumChanges == nil }

    /// A store holding `files` (path → bytes; the paths are checked).
    public convenience init(name: String = "memory:", files: [String: [UInt8]],
                            clock: @escaping @Sendable () -> Date = { Date() }) throws {
        for path in files.keys { try BackendPath.check(path, BackendPath.fileProblem) }
        self.init(name: name, clock: clock)
        guard !files.isEmpty else { return }
        state.withLock { state in
            state.revision = 1
            for (path, bytes) in files { state.change(path, to: bytes) }
        }
    }

    /// Every file, path → bytes, as of the last commit.
    public var contents: [String: [UInt8]] {
        state.withLock { $0.files.mapValues(\.bytes) }
    }

    public func read<T>(_ body: (any StoreSnapshot) throws -> T) throws -> T {
        let (files, paths) = state.withLock { ($0.files, $0.paths) }
        return try body(MemoryTransaction(base: files, paths: paths, revision: 0, writable: false))
    }

    public func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        for _ in 0..<Self.maximumAttempts {
            let transaction = state.withLock {
                MemoryTransaction(base: $0.files, paths: $0.paths, revision: $0.revision, writable: true)
            }
            let result = try body(transaction)
            if let maximumChanges, transaction.changes.count > maximumChanges {
                throw StoreError.tooLarge(store: name, reason: "the change writes \(transaction.changes.count) files, and one commit takes at most \(maximumChanges)")
            }
            // Held no longer, the snapshot's tables are changed in place
            // by the commit, not copied whole.
            transaction.dropSnapshot()
            let committed = state.withLock { state in
                guard transaction.stillHolds(in: state) else { return false }
                guard !transaction.changes.isEmpty else { return true }
                state.revision += 1
                for (path, change) in transaction.changes { state.change(path, to: change) }
                return true
            }
            if committed { return result }
        }
        throw StoreError.busy(store: name)
    }

    public func inspect<T>(_ body: (any StoreSnapshot) throws -> T) throws -> (T, [BackendFinding]) {
        (try read(body), [])
    }

    public func lease(_ name: String, for duration: Duration) throws -> (any StoreLease)? {
        let now = clock()
        let token: Int? = state.withLock { state in
            if let held = state.leases[name], held.expiry > now { return nil }
            let token = state.nextToken
            state.nextToken += 1
            state.leases[name] = (token, now.addingTimeInterval(duration.seconds))
            return token
        }
        return token.map { MemoryLease(backend: self, name: name, token: $0) }
    }

    public func changes(under directory: String) throws -> any StoreChangeSignal {
        try changes(under: [directory])
    }

    /// Every change wakes the waiter: the memory store keeps no list of
    /// what changed, and a signal may wake for more than it must.
    public func changes(under directories: [String], mattering filter: StoreChangeFilter?) throws -> any StoreChangeSignal {
        for directory in directories { try BackendPath.check(directory, BackendPath.directoryProblem) }
        return MemoryChangeSignal(backend: self, directories: directories)
    }
}

/// A snapshot, or a transaction's view of one with its staged changes.
final class MemoryTransaction: StoreTransaction {
    private(set) var base: [String: MemoryBackend.Entry]
    /// The paths of `base`, in order.
    private(set) var paths: ByteKeyedTable<Void>
    /// The commit the snapshot shows.
    let revision: Int
    let writable: Bool
    /// Staged changes: new bytes, or nil for a removal.
    private(set) var changes: [String: [UInt8]?] = [:]
    /// The read set: each path read and the commit that last wrote it (nil: absent).
    private var readSet: [String: Int?] = [:]
    private var listed: Set<String> = []

    init(base: [String: MemoryBackend.Entry], paths: ByteKeyedTable<Void>, revision: Int, writable: Bool) {
        self.base = base
        self.paths = paths
        self.revision = revision
        self.writable = writable
    }

    func read(_ path: String) throws -> [UInt8]? {
        try BackendPath.check(path, BackendPath.fileProblem)
        if let change = changes[path] { return change }
        readSet[path] = base[path]?.revision
        return base[path]?.bytes
    }

    func readOutsideReadSet(_ path: String) throws -> [UInt8]? {
        try BackendPath.check(path, BackendPath.fileProblem)
        if let change = changes[path] { return change }
        return base[path]?.bytes
    }

    func list(_ directory: String) throws -> [String] {
        let names = try listOutsideReadSet(directory)
        listed.insert(directory)
        return names
    }

    func listOutsideReadSet(_ directory: String) throws -> [String] {
        try BackendPath.check(directory, BackendPath.directoryProblem)
        return BackendPath.names(in: directory, among: try view(under: directory))
    }

    /// The first file itself, at no more cost than a directory on the way.
    func firstFileOutsideReadSet(under directory: String, descending: (String) -> Bool) throws -> String? {
        try BackendPath.check(directory, BackendPath.directoryProblem)
        return try view(under: directory).min()
    }

    func files(under directory: String) throws -> [String] {
        try BackendPath.check(directory, BackendPath.directoryProblem)
        listed.insert(directory)
        return try view(under: directory).sorted()
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        try BackendPath.check(path, BackendPath.fileProblem)
        guard writable else { throw StoreError.io("internal error: write to \(path) during a read") }
        changes[path] = .some(bytes)
    }

    func delete(_ path: String) throws {
        try BackendPath.check(path, BackendPath.fileProblem)
        guard writable else { throw StoreError.io("internal error: delete of \(path) during a read") }
        changes[path] = .some(nil)
    }

    /// Every path below `directory` as this transaction sees it.
    private func view(under directory: String) throws -> Set<String> {
        var paths = Set(directory.isEmpty ? self.paths.keys : self.paths.keys(withPrefix: directory + "/"))
        for (path, change) in changes where BackendPath.isBelow(path, directory) {
            if change == nil { paths.remove(path) } else { paths.insert(path) }
        }
        return paths
    }

    /// Lets go of the snapshot once the body is done (its changes and read
    /// set are what the commit needs).
    func dropSnapshot() {
        base = [:]
        paths = ByteKeyedTable()
    }

    /// Whether everything this transaction read and listed is as it was.
    func stillHolds(in state: MemoryBackend.State) -> Bool {
        for (path, seen) in readSet where state.files[path]?.revision != seen { return false }
        for directory in listed where state.lastChange(under: directory) > revision { return false }
        return true
    }
}

/// A lease in a `MemoryBackend`'s table.
final class MemoryLease: StoreLease {
    let backend: MemoryBackend
    let name: String
    let token: Int

    init(backend: MemoryBackend, name: String, token: Int) {
        self.backend = backend
        self.name = name
        self.token = token
    }

    func renew(for duration: Duration) throws -> Bool {
        let expiry = backend.clock().addingTimeInterval(duration.seconds)
        return backend.state.withLock { state in
            guard state.leases[name]?.token == token else { return false }
            state.leases[name] = (token, expiry)
            return true
        }
    }

    func release() {
        backend.state.withLock { state in
            if state.leases[name]?.token == token { state.leases[name] = nil }
        }
    }

    deinit { release() }
}

/// Notices commits below some directories of a `MemoryBackend` by looking often.
final class MemoryChangeSignal: StoreChangeSignal {
    let backend: MemoryBackend
    let directories: [String]
    private var seen: Int

    init(backend: MemoryBackend, directories: [String]) {
        self.backend = backend
        self.directories = directories
        seen = backend.state.withLock { state in directories.map { state.lastChange(under: $0) }.max() ?? 0 }
    }

    func wait(timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let last = backend.state.withLock { state in directories.map { state.lastChange(under: $0) }.max() ?? 0 }
            if last > seen {
                seen = last
                return true
            }
            if clock.now >= deadline { return false }
            Pause.sleep(min(.milliseconds(5), clock.now.duration(to: deadline)))
        }
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
