import ByteKeyed

/// The changes one `DurableDirectory.write` call stages; they become visible
/// together when the closure returns, or not at all.
///
/// Reads see the transaction's own staged changes first, then the store.
/// A transaction is only valid inside its closure.
public final class Transaction {
    /// A staged change to one path.
    enum Change: Hashable {
        case write([UInt8])
        case delete
    }

    let files: CommittedFiles
    /// Staged changes by path, in path (byte) order: what the commit
    /// journals, in that order. Not a Dictionary, whose first use costs a
    /// conformance scan (`ByteKeyedTable`).
    private(set) var changes = ByteKeyedTable<Change>()
    var isOpen = true

    init(files: CommittedFiles) {
        self.files = files
    }

    /// The store as replaying `entries` (a journal's net effect) will
    /// leave it, for looking without changing anything; never committed.
    static func replaying(_ entries: [JournalRecord.Entry], over files: CommittedFiles) -> Transaction {
        let transaction = Transaction(files: files)
        for entry in entries {
            switch entry {
            case .write(let path, let bytes): transaction.changes[path] = .write(bytes)
            case .delete(let path): transaction.changes[path] = .delete
            }
        }
        return transaction
    }

    /// Whether anything has been written or deleted.
    public var hasChanges: Bool { !changes.isEmpty }

    /// The file's bytes as this transaction sees them, or `nil` if absent.
    public func read(_ path: String) throws(DurableFilesError) -> [UInt8]? {
        try check(path)
        switch changes[path] {
        case .write(let bytes): return bytes
        case .delete: return nil
        case nil: return try files.read(path)
        }
    }

    /// Stages `bytes` as the new content of `path`, creating directories as
    /// needed. Nothing larger than the store reads back
    /// (`DataFileLimit.bytes`) is accepted.
    public func write(_ path: String, _ bytes: [UInt8]) throws(DurableFilesError) {
        try check(path)
        guard bytes.count <= DataFileLimit.bytes else { throw .io(.write, path: files.absolute(path), .fileTooLarge) }
        changes[path] = .write(bytes)
    }

    /// Stages the removal of `path`; removing a missing file is not an error.
    /// A file only this transaction wrote is simply unstaged, so the commit
    /// never names a file (or directory) that does not exist.
    public func delete(_ path: String) throws(DurableFilesError) {
        try check(path)
        changes[path] = try files.read(path) == nil ? nil : .delete
    }

    /// Sorted entry names of `directory` (`""` is the root) as this
    /// transaction sees them: staged writes included, staged deletes left
    /// out, and so are directories they empty (the commit removes those).
    public func list(_ directory: String) throws(DurableFilesError) -> [String] {
        precondition(isOpen, "Transaction used outside its write closure")
        try StorePath.validateDirectory(directory)
        let prefix = directory.isEmpty ? "" : directory + "/"
        // Nothing staged there (a check-in lists its history before it writes): the store's listing as it is.
        guard changes.containsKey(withPrefix: prefix) else { return try files.list(directory) }
        var names = ByteKeyedTable<Void>()
        for name in try files.list(directory) { names.insert(name) }
        var emptied = ByteKeyedTable<Void>()
        for (path, change) in changes where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            if let slash = rest.firstIndex(of: "/") {
                let name = String(rest[..<slash])
                if case .write = change { names.insert(name) } else { emptied.insert(name) }
            } else if case .write = change {
                names.insert(String(rest))
            } else {
                names.removeValue(forKey: String(rest))
            }
        }
        for name in emptied.keys where names.contains(name) {
            if try files(under: prefix + name).isEmpty { names.removeValue(forKey: name) }
        }
        return names.keys
    }

    /// The first file below `directory` in path order, as this transaction
    /// sees it; without listing the rest when nothing is staged there. A
    /// directory on the way that `descending` declines may be the answer
    /// instead (`DirectoryReader.firstFile(under:descending:)`).
    public func firstFile(under directory: String,
                          descending: (String) -> Bool = { _ in true }) throws(DurableFilesError) -> String? {
        precondition(isOpen, "Transaction used outside its write closure")
        try StorePath.validateDirectory(directory)
        let prefix = directory.isEmpty ? "" : directory + "/"
        guard changes.containsKey(withPrefix: prefix) else { return try files.firstFile(under: directory, descending: descending) }
        return try files(under: directory).first
    }

    /// Every file below `directory`, recursively, as sorted paths relative
    /// to the root, as this transaction sees them.
    public func files(under directory: String) throws(DurableFilesError) -> [String] {
        precondition(isOpen, "Transaction used outside its write closure")
        try StorePath.validateDirectory(directory)
        var paths = ByteKeyedTable<Void>()
        for path in try files.files(under: directory) { paths.insert(path) }
        let prefix = directory.isEmpty ? "" : directory + "/"
        for (path, change) in changes where path.hasPrefix(prefix) {
            if case .write = change { paths.insert(path) } else { paths.removeValue(forKey: path) }
        }
        return paths.keys
    }

    private func check(_ path: String) throws(DurableFilesError) {
        precondition(isOpen, "Transaction used outside its write closure")
        try StorePath.validateFile(path)
    }
}
