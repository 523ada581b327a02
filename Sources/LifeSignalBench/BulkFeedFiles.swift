import Glibc
import LifeSignalStore

/// A `StoreTransaction` that lets `LayoutStore.appendFeed` write a long feed in
/// linear time, for seeding a store that no process is using yet.
///
/// `appendFeed` reads the newest segment, decodes it, adds one item and
/// encodes it again: about a hundred items coded per append, minutes for
/// 100,000 items. Here every segment reads as empty, so each append encodes
/// just its own item; the item's JSON is cut out of that one-item segment
/// and kept, and `flush()` joins a segment's items into one file with the
/// same envelope the store wrote. Everything else (ids, indexes, the
/// summary and its counts) is still computed by `LayoutStore` itself, and
/// `Seeder` then reads every segment back through a real transaction, so a
/// change of format fails loudly instead of seeding a wrong store.
final class BulkFeedFiles: StoreTransaction {
    static let prefix = Array(#"{"data":["#.utf8)
    static let suffix = Array(#"],"schemaVersion":1}"#.utf8) + [UInt8(ascii: "\n")]

    enum Failure: Error { case unexpectedFormat(String) }

    let root: String
    private var files: [String: [UInt8]] = [:]
    private var segments: [String: [[UInt8]]] = [:]

    init(root: String) { self.root = root }

    /// A numbered file in a `feed` directory.
    static func isSegment(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2] == "feed", let name = parts.last,
              name.hasSuffix(".json") else { return false }
        return name.dropLast(5).allSatisfy(\.isNumber)
    }

    func read(_ path: String) throws -> [UInt8]? {
        if Self.isSegment(path) {
            // Only fresh segments can be assembled from one-item writes.
            guard TextFile.size(root + "/" + path) == nil else {
                throw Failure.unexpectedFormat("segment \(path) is already on disk")
            }
            return nil
        }
        if let staged = files[path] { return staged }
        return Self.readFile(root + "/" + path)
    }

    func list(_ directory: String) throws -> [String] {
        throw Failure.unexpectedFormat("appendFeed listed \(directory)")
    }

    func files(under directory: String) throws -> [String] {
        throw Failure.unexpectedFormat("appendFeed listed \(directory)")
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        guard Self.isSegment(path) else {
            files[path] = bytes
            return
        }
        guard bytes.count > Self.prefix.count + Self.suffix.count, bytes.starts(with: Self.prefix),
              Array(bytes.suffix(Self.suffix.count)) == Self.suffix else {
            throw Failure.unexpectedFormat("segment \(path) is not a one-item array in the known envelope")
        }
        segments[path, default: []].append(Array(bytes[Self.prefix.count..<(bytes.count - Self.suffix.count)]))
    }

    func delete(_ path: String) throws {
        throw Failure.unexpectedFormat("appendFeed deleted \(path)")
    }

    /// Writes every collected file into the store directory.
    func flush() throws {
        for (path, items) in segments { try Self.writeFile(root + "/" + path, Self.join(items)) }
        for (path, bytes) in files { try Self.writeFile(root + "/" + path, bytes) }
        segments = [:]
        files = [:]
    }

    private static func join(_ items: [[UInt8]]) -> [UInt8] {
        var bytes = prefix
        for (number, item) in items.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += item
        }
        return bytes + suffix
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
