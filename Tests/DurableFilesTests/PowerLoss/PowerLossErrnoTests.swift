import TestSupport
import Testing

@testable import DurableFiles
@testable import SystemFiles

/// The model fails (or succeeds) exactly as Linux does: each case runs on
/// the model and on the real file system, from the same starting tree.
@Suite("PowerLossFileSystem errors", .hangGuard)
struct PowerLossErrnoTests {
    /// One call sequence, run against a tree holding the directories `d`
    /// (with the file `d/f`) and `empty`, and the file `g`.
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let expected: Errno?
        let run: @Sendable (any FileSystem, String) throws(Errno) -> Void
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "open of a missing file", expected: .noSuchFile) { fs, root throws(Errno) in
            try fs.openAndClose(root + "/missing", .readOnly, [])
        },
        Case(id: "O_CREAT in a missing directory", expected: .noSuchFile) { fs, root throws(Errno) in
            try fs.openAndClose(root + "/missing/f", .writeOnly, [.create])
        },
        Case(id: "open through a file", expected: .notDirectory) { fs, root throws(Errno) in
            try fs.openAndClose(root + "/g/f", .readOnly, [])
        },
        Case(id: "open of a file with a trailing slash", expected: .notDirectory) { fs, root throws(Errno) in
            try fs.openAndClose(root + "/g/", .readOnly, [])
        },
        Case(id: "O_CREAT|O_EXCL of an existing file", expected: .fileExists) { fs, root throws(Errno) in
            try fs.openAndClose(root + "/g", .writeOnly, [.create, .exclusive])
        },
        Case(id: "O_CREAT|O_EXCL of an existing directory", expected: .fileExists) { fs, root throws(Errno) in
            try fs.openAndClose(root + "/d", .readOnly, [.create, .exclusive])
        },
        Case(id: "a directory opened for writing", expected: .isDirectory) { fs, root throws(Errno) in
            try fs.openAndClose(root + "/d", .readWrite, [])
        },
        Case(id: "O_DIRECTORY on a file", expected: .notDirectory) { fs, root throws(Errno) in
            try fs.openAndClose(root + "/g", .readOnly, [.directory])
        },
        Case(id: "O_DIRECTORY|O_NOFOLLOW on a directory", expected: nil) { fs, root throws(Errno) in
            try fs.openAndClose(root + "/d", .readOnly, [.directory, .noFollow, .closeOnExec])
        },
        Case(id: "O_TRUNC empties an existing file", expected: nil) { fs, root throws(Errno) in
            try fs.openAndClose(root + "/g", .writeOnly, [.truncate])
            if try fs.stat(root + "/g").size != 0 { throw .invalidArgument }
        },
        Case(id: "read of a write-only descriptor", expected: .badFileDescriptor) { fs, root throws(Errno) in
            try fs.withOpen(root + "/g", .writeOnly) { descriptor throws(Errno) in _ = try fs.readAll(descriptor) }
        },
        Case(id: "write to a read-only descriptor", expected: .badFileDescriptor) { fs, root throws(Errno) in
            try fs.withOpen(root + "/g", .readOnly) { descriptor throws(Errno) in try fs.writeAll(descriptor, [1]) }
        },
        Case(id: "ftruncate of a read-only descriptor", expected: .invalidArgument) { fs, root throws(Errno) in
            try fs.withOpen(root + "/g", .readOnly) { descriptor throws(Errno) in try fs.truncate(descriptor, size: 0) }
        },
        Case(id: "read of a directory", expected: .isDirectory) { fs, root throws(Errno) in
            try fs.withOpen(root + "/d", .readOnly) { descriptor throws(Errno) in _ = try fs.readAll(descriptor) }
        },
        Case(id: "fsync of a directory", expected: nil) { fs, root throws(Errno) in
            try fs.withOpen(root + "/d", .readOnly) { descriptor throws(Errno) in try fs.fsync(descriptor) }
        },
        Case(id: "mkdir of an existing name", expected: .fileExists) { fs, root throws(Errno) in
            try fs.mkdir(root + "/g", permissions: .ownerAll)
        },
        Case(id: "mkdir in a missing directory", expected: .noSuchFile) { fs, root throws(Errno) in
            try fs.mkdir(root + "/missing/d", permissions: .ownerAll)
        },
        Case(id: "mkdir under a file", expected: .notDirectory) { fs, root throws(Errno) in
            try fs.mkdir(root + "/g/d", permissions: .ownerAll)
        },
        Case(id: "unlink of a directory", expected: .isDirectory) { fs, root throws(Errno) in
            try fs.unlink(root + "/empty")
        },
        Case(id: "unlink of a missing file", expected: .noSuchFile) { fs, root throws(Errno) in
            try fs.unlink(root + "/missing")
        },
        Case(id: "rename of a missing file", expected: .noSuchFile) { fs, root throws(Errno) in
            try fs.rename(root + "/missing", to: root + "/g")
        },
        Case(id: "rename into a missing directory", expected: .noSuchFile) { fs, root throws(Errno) in
            try fs.rename(root + "/g", to: root + "/missing/g")
        },
        Case(id: "rename of a file over a directory", expected: .isDirectory) { fs, root throws(Errno) in
            try fs.rename(root + "/g", to: root + "/empty")
        },
        Case(id: "rename of a directory over a file", expected: .notDirectory) { fs, root throws(Errno) in
            try fs.rename(root + "/empty", to: root + "/g")
        },
        Case(id: "rename of a directory over a non-empty one", expected: .directoryNotEmpty) { fs, root throws(Errno) in
            try fs.rename(root + "/empty", to: root + "/d")
        },
        Case(id: "rename of a directory into itself", expected: .invalidArgument) { fs, root throws(Errno) in
            try fs.rename(root + "/d", to: root + "/d/sub")
        },
        Case(id: "rename of a directory over an empty one", expected: nil) { fs, root throws(Errno) in
            try fs.rename(root + "/d", to: root + "/empty")
            if try fs.listDirectory(root + "/empty") != ["f"] { throw .invalidArgument }
        },
        Case(id: "rename replaces a file and frees the source name", expected: .noSuchFile) { fs, root throws(Errno) in
            try fs.rename(root + "/d/f", to: root + "/g")
            _ = try fs.stat(root + "/d/f")
        },
        Case(id: "rename of a file onto itself", expected: nil) { fs, root throws(Errno) in
            try fs.rename(root + "/g", to: root + "/g")
        },
        Case(id: "listing a file", expected: .notDirectory) { fs, root throws(Errno) in
            _ = try fs.listDirectory(root + "/g")
        },
        Case(id: "listing a missing directory", expected: .noSuchFile) { fs, root throws(Errno) in
            _ = try fs.listDirectory(root + "/missing")
        },
        Case(id: "lstat of a missing file", expected: .noSuchFile) { fs, root throws(Errno) in
            _ = try fs.lstat(root + "/d/missing")
        },
        Case(id: "an unlinked file stays readable through its descriptor", expected: nil) { fs, root throws(Errno) in
            try fs.withOpen(root + "/d/f", .readOnly) { descriptor throws(Errno) in
                try fs.unlink(root + "/d/f")
                if try fs.readAll(descriptor) != bytes("x") { throw .invalidArgument }
            }
        },
    ]

    @Test("the model answers like Linux", arguments: cases)
    func sameAsLinux(_ testCase: Case) throws {
        let directory = TemporaryDirectory()
        let real = SystemFileSystem()
        try Self.prepare(real, directory.path)
        let disk = PowerLossFileSystem()
        try disk.mkdir("/t", permissions: .ownerAll)
        try Self.prepare(disk, "/t")

        let linux = Self.outcome(of: testCase, on: real, directory.path)
        #expect(linux == testCase.expected, "Linux itself")
        #expect(Self.outcome(of: testCase, on: disk, "/t") == linux)
        #expect(disk.openDescriptorCount == 0)
    }

    private static func outcome(of testCase: Case, on fileSystem: any FileSystem, _ root: String) -> Errno? {
        do {
            try testCase.run(fileSystem, root)
            return nil
        } catch {
            return error
        }
    }

    private static func prepare(_ fileSystem: any FileSystem, _ root: String) throws(Errno) {
        try fileSystem.mkdir(root + "/d", permissions: .ownerAll)
        try fileSystem.mkdir(root + "/empty", permissions: .ownerAll)
        for (path, content) in [("/d/f", "x"), ("/g", "y")] {
            let descriptor = try fileSystem.open(root + path, access: .writeOnly, options: [.create],
                                                 permissions: .ownerReadWrite)
            try fileSystem.writeAll(descriptor, bytes(content))
            try fileSystem.close(descriptor)
        }
    }
}

extension FileSystem {
    fileprivate func openAndClose(_ path: String, _ access: OpenAccess, _ options: OpenOptions) throws(Errno) {
        try close(open(path, access: access, options: options, permissions: .ownerReadWrite))
    }

    /// Runs `body` with `path` open, closing it whatever happens.
    fileprivate func withOpen(
        _ path: String, _ access: OpenAccess, _ body: (FileDescriptor) throws(Errno) -> Void
    ) throws(Errno) {
        let descriptor = try open(path, access: access, options: [], permissions: .ownerReadWrite)
        defer { try? close(descriptor) }
        try body(descriptor)
    }
}
