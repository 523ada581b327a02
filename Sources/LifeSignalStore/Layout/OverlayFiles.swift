import ByteKeyed
import StoreBackends

/// Changes held in memory over a transaction, staged in it only when asked:
/// a savepoint, so a piece of work that fails half way (an unreadable file
/// of one account) leaves nothing behind in the transaction.
final class OverlayFiles: StoreTransaction {
    let base: any StoreTransaction
    /// New contents by path; nil means deleted.
    private var changes = ByteKeyedTable<[UInt8]?>()
    /// Paths in the order they were first changed, so applying is repeatable.
    private var order: [String] = []

    init(base: any StoreTransaction) { self.base = base }

    func read(_ path: String) throws -> [UInt8]? {
        if let change = changes[path] { return change }
        return try base.read(path)
    }

    func readOutsideReadSet(_ path: String) throws -> [UInt8]? {
        if let change = changes[path] { return change }
        return try base.readOutsideReadSet(path)
    }

    /// The base prefetches what it would read: not the files changed here.
    func prefetch(_ plan: PrefetchPlan) throws {
        var plan = plan
        plan.files.removeAll { changes[$0] != nil }
        try base.prefetch(plan)
    }

    var prefetches: Bool { base.prefetches }

    func list(_ directory: String) throws -> [String] { overlay(try base.list(directory), in: directory) }

    func listOutsideReadSet(_ directory: String) throws -> [String] { overlay(try base.listOutsideReadSet(directory), in: directory) }

    func files(under directory: String) throws -> [String] {
        let prefix = directory.isEmpty ? "" : (directory.hasSuffix("/") ? directory : directory + "/")
        var paths = ByteKeyedTable<Void>()
        for path in try base.files(under: directory) { paths.insert(path) }
        for (path, change) in changes where path.hasPrefix(prefix) {
            if change == nil { paths.removeValue(forKey: path) } else { paths.insert(path) }
        }
        return paths.keys
    }

    func firstFileOutsideReadSet(under directory: String, descending: (String) -> Bool) throws -> String? {
        guard !changes.isEmpty else { return try base.firstFileOutsideReadSet(under: directory, descending: descending) }
        return try files(under: directory).first
    }

    func pickedFile(in directory: String) -> String? { base.pickedFile(in: directory) }

    func pageOutsideReadSet(under directory: String, after: String?, limit: Int) throws -> StorePage? {
        guard !changes.isEmpty else { return try base.pageOutsideReadSet(under: directory, after: after, limit: limit) }
        return nil
    }

    func write(_ path: String, _ bytes: [UInt8]) throws { record(path, bytes) }

    func delete(_ path: String) throws { record(path, nil) }

    /// The names in `directory` as the base lists them, with this
    /// savepoint's files added and removed (a directory goes with its last file).
    private func overlay(_ listed: [String], in directory: String) -> [String] {
        let prefix = directory.isEmpty ? "" : (directory.hasSuffix("/") ? directory : directory + "/")
        var names = ByteKeyedTable<Void>()
        for name in listed { names.insert(name) }
        var emptied = ByteKeyedTable<Void>()
        for (path, change) in changes where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            guard let first = rest.split(separator: "/").first.map(String.init) else { continue }
            if change != nil { names.insert(first) } else if !rest.contains("/") { names.removeValue(forKey: first) } else {
                emptied.insert(first)
            }
        }
        // A subdirectory whose files this savepoint deleted may be empty now.
        for name in emptied.keys where names.contains(name) {
            let subdirectory = prefix + name
            if (try? files(under: subdirectory))?.isEmpty == true { names.removeValue(forKey: name) }
        }
        return names.keys
    }

    private func record(_ path: String, _ bytes: [UInt8]?) {
        if changes[path] == nil { order.append(path) }
        changes[path] = .some(bytes)
    }

    /// Stages every change in the base transaction; returns the paths changed.
    func apply() throws -> [String] {
        for path in order {
            guard let change = changes[path] else { continue }
            if let bytes = change { try base.write(path, bytes) } else { try base.delete(path) }
        }
        return order
    }
}
