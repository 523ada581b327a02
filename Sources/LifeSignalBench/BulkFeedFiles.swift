import Glibc
import LifeSignalStore
import StoreBackends

/// A `StoreTransaction` that lets `LayoutStore.appendFeed` write a long feed in
/// linear time, for seeding a store that no process is using yet.
///
/// Everything is staged in memory and written by `flush()`; a segment that
/// is not staged reads as empty and must not exist on disk yet (chunks start
/// at segment boundaries). `appendFeed` rewrites the newest segment at
/// every append, but `LayoutStore` keeps the segment it wrote last, so
/// nothing is decoded again and each append only encodes it. Everything
/// (ids, indexes, the ID index, the summary and its counts) is computed by
/// `LayoutStore` itself, and `Seeder` then reads every segment back through
/// a real transaction, so a change of format fails loudly instead of
/// seeding a wrong store.
final class BulkFeedFiles: StoreTransaction {
    enum Failure: Error { case unexpectedFormat(String) }

    let root: String
    private var files: [String: [UInt8]] = [:]
    private var deleted: Set<String> = []

    init(root: String) { self.root = root }

    /// A numbered file in a `feed` directory.
    static func isSegment(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2] == "feed", let name = parts.last,
              name.hasSuffix(".json") else { return false }
        return name.dropLast(5).allSatisfy(\.isNumber)
    }

    func read(_ path: String) throws -> [UInt8]? {
        if let staged = files[path] { return staged }
        if deleted.contains(path) { return nil }
        if Self.isSegment(path) {
            guard TextFile.size(root + "/" + path) == nil else {
                throw Failure.unexpectedFormat("segment \(path) is already on disk")
            }
            return nil
        }
        return Self.readFile(root + "/" + path)
    }

    func list(_ directory: String) throws -> [String] {
        throw Failure.unexpectedFormat("appendFeed listed \(directory)")
    }

    func files(under directory: String) throws -> [String] {
        throw Failure.unexpectedFormat("appendFeed listed \(directory)")
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        files[path] = bytes
        deleted.remove(path)
    }

    /// Only staged files can go (an ID index file emptied by a delete).
    func delete(_ path: String) throws {
        guard files.removeValue(forKey: path) != nil else { throw Failure.unexpectedFormat("appendFeed deleted \(path)") }
        deleted.insert(path)
    }

    /// Writes every collected file into the store directory.
    func flush() throws {
        for (path, bytes) in files { try Self.writeFile(root + "/" + path, bytes) }
        files = [:]
        deleted = []
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        guard let size = TextFile.size(path), let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: size)
        let count = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, size, file) }
        return Array(bytes.prefix(count))
    }

    /// Creates missing parent directories, then writes a temporary file and renames it into place.
    private static func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        var parent = ""
        for part in path.split(separator: "/").dropLast() {
            parent += "/" + part
            guard mkdir(parent, 0o700) == 0 || errno == EEXIST else {
                throw BenchError.system(call: "mkdir \(parent)", errno: errno)
            }
        }
        let temporary = path + ".seed"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BenchError.system(call: "open \(temporary)", errno: errno) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            throw BenchError.system(call: "write \(path)", errno: errno)
        }
    }
}
