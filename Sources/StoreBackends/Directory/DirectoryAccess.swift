import DurableFiles

/// A consistent read of a directory store, as the backend seam offers it.
final class DirectorySnapshot: StoreSnapshot {
    let reader: DirectoryReader
    init(_ reader: DirectoryReader) { self.reader = reader }

    func read(_ path: String) throws -> [UInt8]? { try StoreError.mapping { try reader.read(path) } }
    func list(_ directory: String) throws -> [String] { try StoreError.mapping { try reader.list(directory) } }
    func files(under directory: String) throws -> [String] { try StoreError.mapping { try reader.files(under: directory) } }
    func forEachPath(under directory: String, _ body: (String) throws -> Void) throws {
        try StoreError.mapping { try reader.forEachFile(under: directory, body) }
    }
    func firstFileOutsideReadSet(under directory: String, descending: (String) -> Bool) throws -> String? {
        try StoreError.mapping { try reader.firstFile(under: directory, descending: descending) }
    }
}

/// A write transaction on a directory store, as the backend seam offers it.
/// The directory's exclusive lock serialises transactions, so nothing is
/// checked at commit (there is no read set to keep), and the reads outside
/// the read set are the plain ones.
final class DirectoryTransaction: StoreTransaction {
    let transaction: Transaction
    init(_ transaction: Transaction) { self.transaction = transaction }

    func read(_ path: String) throws -> [UInt8]? { try StoreError.mapping { try transaction.read(path) } }
    func list(_ directory: String) throws -> [String] { try StoreError.mapping { try transaction.list(directory) } }
    func files(under directory: String) throws -> [String] {
        try StoreError.mapping { try transaction.files(under: directory) }
    }
    func firstFileOutsideReadSet(under directory: String, descending: (String) -> Bool) throws -> String? {
        try StoreError.mapping { try transaction.firstFile(under: directory, descending: descending) }
    }
    func write(_ path: String, _ bytes: [UInt8]) throws { try StoreError.mapping { try transaction.write(path, bytes) } }
    func delete(_ path: String) throws { try StoreError.mapping { try transaction.delete(path) } }
}

extension StoreError {
    /// Runs `body`, turning the file layer's errors into the store's.
    package static func mapping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DurableFilesError {
            throw StoreError(error)
        }
    }

    package init(_ error: DurableFilesError) {
        switch error {
        case .busy(let directory, _): self = .busy(store: directory)
        case .damaged(let path, let reason): self = .damaged(path: path, reason: reason)
        case .unsafe(let path, let reason, let remedy): self = .unsafe(path: path, reason: reason, remedy: remedy)
        case .io(_, let path, let errno) where errno == .readOnlyFileSystem || errno == .permissionDenied:
            // One clear line: the store (or the state or settings directory)
            // cannot be written here, and this command needed to write it.
            let why = errno == .readOnlyFileSystem ? "a read-only file system" : "no permission to write"
            let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? path
            self = .io("cannot write in \(directory) (\(why)), and this command needs to; "
                       + "commands that only read still work")
        case .io, .invalidPath, .committedButIncomplete, .unused: self = .io(error.description)
        }
    }
}
