import LifeSignalCore

/// The store's files held in memory: the same `FileStore` logic without a
/// disk, for service tests and simulations. Not a transaction: changes
/// apply at once.
public final class MemoryFiles: FileAccess {
    public private(set) var contents: [String: [UInt8]] = [:]

    public init() {}

    public func read(_ path: String) throws -> [UInt8]? { contents[path] }

    public func list(_ directory: String) throws -> [String] {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return Set(contents.keys.filter { $0.hasPrefix(prefix) }.map {
            String($0.dropFirst(prefix.count).split(separator: "/").first ?? "")
        }).sorted()
    }

    public func write(_ path: String, _ bytes: [UInt8]) throws { contents[path] = bytes }
    public func delete(_ path: String) throws { contents[path] = nil }
}

extension FileStore {
    /// A store over `files` (for example `MemoryFiles`); `root` names files in errors.
    public static func over(_ files: any FileAccess, root: String = "/memory") -> FileStore {
        FileStore(files: files, codec: StoreCodec(root: root))
    }
}
