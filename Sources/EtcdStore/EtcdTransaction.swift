import EtcdClient
import StoreBackends

/// A snapshot of an etcd store as the seam offers it, and, when writable,
/// a transaction: its changes are staged here (reads see them) and sent in
/// one etcd transaction at commit (`EtcdCommit`), which compares its read
/// set (everything read and listed, but for the reads outside it) against R.
final class EtcdTransaction: StoreTransaction {
    let reader: EtcdSnapshotReader
    let writable: Bool
    /// The write set: new bytes, or nil for a removal.
    private(set) var changes: [String: [UInt8]?] = [:]
    /// The read set's files: each path read, and its revision at R (0: absent).
    private(set) var readSet: [String: Int64] = [:]
    /// The read set's directories: each one listed.
    private(set) var readSetDirectories: Set<String> = []

    init(reader: EtcdSnapshotReader, writable: Bool) {
        self.reader = reader
        self.writable = writable
    }

    private var name: String { reader.operation.name }

    // MARK: Reads

    func read(_ path: String) throws -> [UInt8]? {
        try BackendPath.check(path, BackendPath.fileProblem)
        if let change = changes[path] { return change }
        let known = try reader.value(path)
        if writable { readSet[path] = known.modRevision }
        return known.bytes
    }

    func readOutsideReadSet(_ path: String) throws -> [UInt8]? {
        try BackendPath.check(path, BackendPath.fileProblem)
        if let change = changes[path] { return change }
        return try reader.value(path).bytes
    }

    func prefetch(_ plan: PrefetchPlan) throws {
        for path in plan.files { try BackendPath.check(path, BackendPath.fileProblem) }
        for directory in plan.directories { try BackendPath.check(directory, BackendPath.directoryProblem) }
        if plan.wholeStore {
            try reader.prefetchWholeStore(files: plan.files, under: plan.directories)
            return
        }
        // A file staged here is read from the changes, never from the cluster.
        reader.enqueue(plan.files.filter { changes[$0] == nil })
        if !plan.groups.isEmpty { reader.expectGroups(plan.groups, first: plan.groupsFirst) }
    }

    var prefetches: Bool { true }

    func list(_ directory: String) throws -> [String] {
        let names = try listOutsideReadSet(directory)
        if writable { readSetDirectories.insert(directory) }
        return names
    }

    func listOutsideReadSet(_ directory: String) throws -> [String] {
        try BackendPath.check(directory, BackendPath.directoryProblem)
        return BackendPath.names(in: directory, among: try view(under: directory))
    }

    func files(under directory: String) throws -> [String] {
        try BackendPath.check(directory, BackendPath.directoryProblem)
        let paths = try view(under: directory).sorted()
        if writable { readSetDirectories.insert(directory) }
        return paths
    }

    /// The first file itself, at no more cost than a directory on the way.
    func firstFileOutsideReadSet(under directory: String, descending: (String) -> Bool) throws -> String? {
        try BackendPath.check(directory, BackendPath.directoryProblem)
        guard changes.keys.contains(where: { BackendPath.isBelow($0, directory) }) else {
            return try reader.firstPath(under: directory)
        }
        return try view(under: directory).min()
    }

    func pageOutsideReadSet(under directory: String, after: String?, limit: Int) throws -> StorePage? {
        try BackendPath.check(directory, BackendPath.directoryProblem)
        guard !changes.keys.contains(where: { BackendPath.isBelow($0, directory) }) else { return nil }
        return try reader.page(under: directory, after: after, limit: limit)
    }

    func pickedFile(in directory: String) -> String? { reader.pickedFile(in: directory) }

    func forEachFile(under directory: String, _ body: (String, [UInt8]) throws -> Void) throws {
        try BackendPath.check(directory, BackendPath.directoryProblem)
        // What it saw is the whole directory: its commit checks all of it.
        if writable { readSetDirectories.insert(directory) }
        guard !changes.keys.contains(where: { BackendPath.isBelow($0, directory) }) else {
            // Its own changes are part of what it sees: file by file.
            for path in try view(under: directory).sorted() {
                if let bytes = try readOutsideReadSet(path) { try body(path, bytes) }
            }
            return
        }
        try reader.eachFile(under: directory, body)
    }

    func forEachPath(under directory: String, _ body: (String) throws -> Void) throws {
        try BackendPath.check(directory, BackendPath.directoryProblem)
        if writable { readSetDirectories.insert(directory) }
        guard !changes.keys.contains(where: { BackendPath.isBelow($0, directory) }) else {
            for path in try view(under: directory).sorted() { try body(path) }
            return
        }
        try reader.eachPath(under: directory, body)
    }

    /// The names in the order of the paths below them (`a-b` before `a`
    /// when `a` is a directory), each once, from pages of keys: memory of a
    /// page, not of every file below `directory`.
    func forEachName(in directory: String, _ body: (String) throws -> Void) throws {
        try BackendPath.check(directory, BackendPath.directoryProblem)
        guard !writable, reader.listings[directory] == nil else {
            for name in try list(directory) { try body(name) }
            return
        }
        let start = directory.isEmpty ? 0 : directory.utf8.count + 1
        var last: Substring?
        // A name that is a file and also a directory (damage) comes twice, not in a row.
        var files = Set<Substring>()
        try reader.eachPath(under: directory) { path in
            let rest = path.utf8.dropFirst(start)
            let end = rest.firstIndex(of: UInt8(ascii: "/"))
            let name = Substring(rest[..<(end ?? rest.endIndex)])
            guard name != last, !files.contains(name) else { return }
            if end == nil { files.insert(name) }
            last = name
            try body(String(name))
        }
    }

    /// Every file below `directory` as this transaction sees it.
    private func view(under directory: String) throws -> Set<String> {
        var paths = Set(try reader.listing(directory).keys)
        for (path, change) in changes where BackendPath.isBelow(path, directory) {
            if change == nil { paths.remove(path) } else { paths.insert(path) }
        }
        return paths
    }

    // MARK: Changes

    func write(_ path: String, _ bytes: [UInt8]) throws {
        try BackendPath.check(path, BackendPath.fileProblem)
        guard writable else { throw StoreError.io("internal error: write to \(path) during a read") }
        let size = reader.operation.keys.key(path).count + bytes.count
        guard size <= EtcdCommit.maximumFileBytes else {
            throw StoreError.tooLarge(store: name, reason: "\(path) would take \(size) bytes, and one change to an etcd store takes at most \(EtcdCommit.maximumFileBytes)")
        }
        changes[path] = .some(bytes)
    }

    func delete(_ path: String) throws {
        try BackendPath.check(path, BackendPath.fileProblem)
        guard writable else { throw StoreError.io("internal error: delete of \(path) during a read") }
        changes[path] = .some(nil)
    }

    /// The changes that change something: a write of the bytes the file
    /// already holds, or a removal of a file known to be absent, would only
    /// make others' transactions conflict with this one.
    func effectiveChanges() -> [String: [UInt8]?] {
        changes.filter { path, change in
            guard let bytes = change else { return !reader.isKnownAbsent(path) }
            return reader.values[path]?.bytes != bytes
        }
    }
}
