import LifeSignalStore
import StoreBackends

/// A transaction that passes every call on and remembers the paths written
/// and deleted, in order: for tests of what a service leaves alone.
final class RecordingWrites: StoreTransaction {
    let inner: any StoreTransaction
    private(set) var written: [String] = []

    init(_ inner: any StoreTransaction) { self.inner = inner }

    func read(_ path: String) throws -> [UInt8]? { try inner.read(path) }
    func list(_ directory: String) throws -> [String] { try inner.list(directory) }
    func files(under directory: String) throws -> [String] { try inner.files(under: directory) }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        written.append(path)
        try inner.write(path, bytes)
    }

    func delete(_ path: String) throws {
        written.append(path)
        try inner.delete(path)
    }
}
