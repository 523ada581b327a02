import LifeSignalStore
import StoreBackends

/// A backend driven one call at a time: each read is a snapshot of its
/// own and each write or delete a transaction of its own. For service
/// tests that call the services one after another, as scripts of a day,
/// rather than as commands (which `World.command` runs in one transaction).
public final class StepByStep: StoreTransaction {
    public let backend: any StoreBackend

    public init(_ backend: any StoreBackend) { self.backend = backend }

    public func read(_ path: String) throws -> [UInt8]? { try backend.read { try $0.read(path) } }
    public func list(_ directory: String) throws -> [String] { try backend.read { try $0.list(directory) } }
    public func files(under directory: String) throws -> [String] { try backend.read { try $0.files(under: directory) } }
    public func write(_ path: String, _ bytes: [UInt8]) throws { try backend.write { try $0.write(path, bytes) } }
    public func delete(_ path: String) throws { try backend.write { try $0.delete(path) } }

    /// Every file, path → bytes, from one snapshot.
    public var contents: [String: [UInt8]] {
        get throws {
            try backend.read { snapshot in
                var all: [String: [UInt8]] = [:]
                for path in try snapshot.files(under: "") { all[path] = try snapshot.read(path) }
                return all
            }
        }
    }
}

extension LayoutStore {
    /// The layout over an empty memory store named `name`, for decoding files.
    public static func empty(name: String) -> LayoutStore {
        LayoutStore(StepByStep(MemoryBackend(name: name)), name: name)
    }
}
