import Glibc
import Testing

@testable import DurableFiles
@testable import SystemFiles
import TestSupport

@Suite("Live file system")
struct SystemFileSystemTests {
    let fileSystem = SystemFileSystem()

    func open(_ path: String) throws -> FileDescriptor {
        try fileSystem.open(path, access: .readWrite, options: [.closeOnExec], permissions: .ownerReadWrite)
    }

    @Test("whole-file writes and reads, sizes from empty to several buffers",
          arguments: [0, 1, 16_383, 16_384, 16_385, 100_000])
    func readWrite(size: Int) throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/f"
        let content = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try createFile(path, content)
        let descriptor = try open(path)
        defer { try? fileSystem.close(descriptor) }
        #expect(try fileSystem.readAll(descriptor) == content)
        #expect(try fileSystem.stat(path).size == Int64(size))
    }

    /// A file size hint that no longer holds (the file grew or shrank since
    /// it was seen) must never cut a read short or read past the end.
    @Test("a size hint ends the read only when it matches; a wrong one reads on to the end",
          arguments: [(0, 0), (1, 1), (100, 100), (100, 99), (100, 50), (100, 0), (100, 101), (100, 200),
                      (0, 10), (16_384, 16_384), (40_000, 40_000), (40_000, 16_384), (40_000, 100_000)])
    func readAllWithSizeHint(size: Int, hint: Int) throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/f"
        let content = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
        try createFile(path, content)
        let descriptor = try open(path)
        defer { try? fileSystem.close(descriptor) }
        #expect(try fileSystem.readAll(descriptor, expectedSize: hint) == content)
        #expect(try fileSystem.readAll(descriptor, expectedSize: nil) == content)
    }

    @Test("stat follows links, lstat does not; kinds and permissions")
    func kinds() throws {
        let directory = TemporaryDirectory()
        try createFile(directory.path + "/file")
        try fileSystem.chmod(directory.path + "/file", .ownerReadWrite)
        try fileSystem.mkdir(directory.path + "/dir", permissions: .ownerAll)
        #expect(symlink("file", directory.path + "/link") == 0)
        #expect(try fileSystem.stat(directory.path + "/file").kind == .regular)
        #expect(try fileSystem.stat(directory.path + "/file").permissions == .ownerReadWrite)
        #expect(try fileSystem.stat(directory.path + "/dir").kind == .directory)
        #expect(try fileSystem.stat(directory.path + "/link").kind == .regular)
        #expect(try fileSystem.lstat(directory.path + "/link").kind == .symbolicLink)
        #expect(try fileSystem.listDirectory(directory.path).sorted() == ["dir", "file", "link"])
        #expect(throws: Errno.noSuchFile) { try fileSystem.stat(directory.path + "/missing") }
        #expect(throws: Errno.notDirectory) { try fileSystem.listDirectory(directory.path + "/file") }
    }

    @Test("the smallest name, compared as bytes while reading the directory, is the listing's",
          arguments: ["empty", "one", "mixed", "a schedule hour"])
    func smallestName(directoryOf kind: String) throws {
        let names: [String] = switch kind {
        case "one": ["a"]
        case "mixed": ["b", "a10", "a2", "a", ".hidden", "Z", "zoë", "zoe", "é", "~"]
        case "a schedule hour": (0..<300).map { "2026-03-01T\($0 % 24):00-\($0)" }
        default: []
        }
        let directory = TemporaryDirectory()
        for name in names { try createFile(directory.path + "/" + name) }
        let recording = FaultInjectingFileSystem(wrapping: fileSystem)
        let visible: (UnsafeBufferPointer<UInt8>) -> Bool = { $0.first != UInt8(ascii: ".") }
        let listed = try fileSystem.listDirectory(directory.path)
        let expected = listed.filter { !$0.hasPrefix(".") }.min { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(try fileSystem.smallestName(in: directory.path, where: visible) == expected)
        #expect(try recording.smallestName(in: directory.path, where: visible) == expected)
        #expect(recording.calls.map(\.operation) == [.list])
        #expect(try fileSystem.smallestName(in: directory.path) { _ in false } == nil)
        #expect(throws: Errno.noSuchFile) { try fileSystem.smallestName(in: directory.path + "/missing", where: visible) }
    }

    @Test("flock: one open file description excludes another, even in one process")
    func flock() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/l"
        try createFile(path)
        let first = try open(path)
        let second = try open(path)
        defer {
            try? fileSystem.close(first)
            try? fileSystem.close(second)
        }
        try fileSystem.flock(first, .shared(nonBlocking: true))
        try fileSystem.flock(second, .shared(nonBlocking: true))
        #expect(throws: Errno.wouldBlock) { try fileSystem.flock(second, .exclusive(nonBlocking: true)) }
        try fileSystem.flock(first, .unlock)
        try fileSystem.flock(second, .exclusive(nonBlocking: true))
        #expect(throws: Errno.wouldBlock) { try fileSystem.flock(first, .shared(nonBlocking: true)) }
    }

    @Test("truncate, positional writes, rename, unlink, O_EXCL")
    func basics() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/f"
        let descriptor = try fileSystem.open(
            path, access: .readWrite, options: [.create, .exclusive, .closeOnExec], permissions: .ownerReadWrite)
        try fileSystem.writeAll(descriptor, bytes("hello world"))
        try fileSystem.truncate(descriptor, size: 5)
        try fileSystem.writeAll(descriptor, bytes("J"), at: 0)
        try fileSystem.fsync(descriptor)
        #expect(try fileSystem.readAll(descriptor) == bytes("Jello"))
        try fileSystem.close(descriptor)
        #expect(throws: Errno.fileExists) {
            try fileSystem.open(path, access: .writeOnly, options: [.create, .exclusive], permissions: .ownerReadWrite)
        }
        try fileSystem.rename(path, to: path + "2")
        try fileSystem.unlink(path + "2")
        #expect(try fileSystem.listDirectory(directory.path) == [])
        #expect(throws: Errno.noSuchFile) { try fileSystem.unlink(path) }
    }

    @Test("errno names and messages", arguments: [
        (Errno.noSuchFile, "ENOENT", "No such file or directory"),
        (Errno.ioError, "EIO", "Input/output error"),
        (Errno.wouldBlock, "EAGAIN", "Resource temporarily unavailable"),
        (Errno.noSpace, "ENOSPC", "No space left on device"),
    ])
    func errnoNames(errno: Errno, name: String, message: String) {
        #expect(errno.name == name)
        #expect(errno.message == message)
        #expect(errno.description == "\(message) (\(name))")
    }
}
