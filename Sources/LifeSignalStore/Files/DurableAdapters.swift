import DurableFiles
import LifeSignalCore

/// A write transaction's files, as `FileStore` uses them.
final class TransactionFiles: FileAccess {
    let transaction: Transaction
    init(_ transaction: Transaction) { self.transaction = transaction }

    func read(_ path: String) throws -> [UInt8]? { try StoreError.mapping { try transaction.read(path) } }
    func list(_ directory: String) throws -> [String] { try StoreError.mapping { try transaction.list(directory) } }
    func write(_ path: String, _ bytes: [UInt8]) throws { try StoreError.mapping { try transaction.write(path, bytes) } }
    func delete(_ path: String) throws { try StoreError.mapping { try transaction.delete(path) } }
}

/// A consistent read's files; writing through it is a programming error
/// reported as an I/O error rather than a crash.
final class ReaderFiles: FileAccess {
    let reader: StoreReader
    init(_ reader: StoreReader) { self.reader = reader }

    func read(_ path: String) throws -> [UInt8]? { try StoreError.mapping { try reader.read(path) } }
    func list(_ directory: String) throws -> [String] { try StoreError.mapping { try reader.list(directory) } }
    func write(_ path: String, _ bytes: [UInt8]) throws { throw StoreError.io("internal error: write to \(path) during a read") }
    func delete(_ path: String) throws { throw StoreError.io("internal error: delete of \(path) during a read") }
}

extension StoreError {
    /// Runs `body`, turning the file layer's errors into the store's.
    static func mapping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DurableFilesError {
            throw StoreError(error)
        }
    }

    init(_ error: DurableFilesError) {
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
        case .io, .invalidPath, .committedButIncomplete: self = .io(error.description)
        }
    }
}
