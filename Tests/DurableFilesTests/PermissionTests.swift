import Glibc
import Testing

@testable import DurableFiles
@testable import SystemFiles
import TestSupport

@Suite("Permissions whatever the umask", .serialized)
struct PermissionTests {
    // Masks that take the owner's own bits away (0o777) would also hit files
    // that tests running in parallel create, so they are left out.
    @Test("directories 0700, files 0600", arguments: [mode_t(0o000), 0o022, 0o027, 0o077])
    func modes(mask: mode_t) throws {
        let directory = TemporaryDirectory()
        let root = directory.child("parent/store")
        try withUmask(mask) {
            let store = try DurableDirectory(root: root)
            try store.write { tx in
                try tx.write("a", bytes("1"))
                try tx.write("d/e/f", bytes("2"))
            }
            try store.write { tx in try tx.write("d/g/h", bytes("3")) }
            try store.write { tx in try tx.write("a", bytes("4")) }
        }
        for path in [directory.child("parent"), root, root + "/d", root + "/d/e", root + "/d/g"] {
            #expect(try permissions(path) == .ownerAll, "\(path) under umask \(String(mask, radix: 8))")
        }
        for path in [root + "/a", root + "/d/e/f", root + "/d/g/h", root + "/lock", root + "/gate"] {
            #expect(try permissions(path) == .ownerReadWrite, "\(path) under umask \(String(mask, radix: 8))")
        }
    }

    @Test("an existing directory keeps its permissions")
    func existingDirectory() throws {
        let directory = TemporaryDirectory()
        try SystemFileSystem().chmod(directory.path, FilePermissions(rawValue: 0o750))
        _ = try DurableDirectory(root: directory.path)
        #expect(try permissions(directory.path) == FilePermissions(rawValue: 0o750))
    }

    @Test("ensureDirectory refuses a file in the way and fsyncs each new directory into its parent")
    func ensureDirectory() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let file = directory.path + "/file"
        try createFile(file)
        #expect(throws: DurableFilesError.io(.mkdir, path: file, .notDirectory)) {
            try fileSystem.ensureDirectory(file)
        }
        #expect(throws: DurableFilesError.io(.mkdir, path: file + "/x", .notDirectory)) {
            try fileSystem.ensureDirectory(file + "/x")
        }
        fileSystem.clearCalls()
        try fileSystem.ensureDirectory(directory.path + "/p/q/")
        let synced = fileSystem.calls.filter { $0.operation == .fsync }.map(\.path)
        #expect(synced == [directory.path, directory.path + "/p"])
    }
}
