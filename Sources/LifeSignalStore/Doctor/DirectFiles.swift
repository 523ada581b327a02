import DurableFiles
import LifeSignalCore

/// Reads store files straight from the file system, for `doctor`: no
/// recovery, no writes, no caching.
final class DirectFiles: FileAccess {
    let root: String
    let fileSystem: any FileSystem

    init(root: String, fileSystem: any FileSystem) {
        self.root = root
        self.fileSystem = fileSystem
    }

    func read(_ path: String) throws -> [UInt8]? {
        try StoreError.mapping {
            try fileSystem.requireSafeDirectories(root: root, toward: path)
            return try fileSystem.readRegularFile(root + "/" + path)
        }
    }

    func list(_ directory: String) throws -> [String] {
        try StoreError.mapping { try fileSystem.requireSafeDirectories(root: root, toward: directory.isEmpty ? "" : directory + "/") }
        do {
            return try fileSystem.listDirectory(directory.isEmpty ? root : root + "/" + directory)
        } catch .noSuchFile {
            return []
        } catch {
            throw StoreError.io("cannot list \(root)/\(directory): \(error)")
        }
    }

    /// A real directory: a link to one is never followed.
    func isDirectory(_ path: String) -> Bool {
        (try? fileSystem.lstat(root + "/" + path).kind) == .directory
    }

    func write(_ path: String, _ bytes: [UInt8]) throws { throw StoreError.io("doctor never writes (\(path))") }
    func delete(_ path: String) throws { throw StoreError.io("doctor never deletes (\(path))") }
}
