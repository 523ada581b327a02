import DurableFiles
import Glibc
import SystemFiles

/// The real file system without per-file `fsync`, for seeding only.
///
/// Seeding writes tens of thousands of files; an fsync each (3–7 ms on
/// ext4 here) would take minutes. The store's own code still runs every
/// step of its protocol (temporary file, rename, journal); only the wait
/// for the disk is skipped, and `Seeder` calls `sync()` once at the end so
/// the measured commands never pay for the seed's write-back. The product
/// itself is measured with its real fsyncs.
struct SeedingFileSystem: FileSystem {
    let base = SystemFileSystem()

    func open(_ path: String, access: OpenAccess, options: OpenOptions,
              permissions: FilePermissions) throws(Errno) -> FileDescriptor {
        try base.open(path, access: access, options: options, permissions: permissions)
    }

    func readAll(_ descriptor: FileDescriptor, expectedSize: Int?) throws(Errno) -> [UInt8] {
        try base.readAll(descriptor, expectedSize: expectedSize)
    }

    func read(_ descriptor: FileDescriptor, upTo count: Int) throws(Errno) -> [UInt8] {
        try base.read(descriptor, upTo: count)
    }

    func writeAll(_ descriptor: FileDescriptor, _ bytes: [UInt8], at offset: Int64) throws(Errno) {
        try base.writeAll(descriptor, bytes, at: offset)
    }

    func truncate(_ descriptor: FileDescriptor, size: Int64) throws(Errno) {
        try base.truncate(descriptor, size: size)
    }

    func fsync(_ descriptor: FileDescriptor) throws(Errno) {}

    func fchmod(_ descriptor: FileDescriptor, _ permissions: FilePermissions) throws(Errno) {
        try base.fchmod(descriptor, permissions)
    }

    func close(_ descriptor: FileDescriptor) throws(Errno) { try base.close(descriptor) }

    func rename(_ source: String, to destination: String) throws(Errno) { try base.rename(source, to: destination) }

    func unlink(_ path: String) throws(Errno) { try base.unlink(path) }

    func rmdir(_ path: String) throws(Errno) { try base.rmdir(path) }

    func mkdir(_ path: String, permissions: FilePermissions) throws(Errno) {
        try base.mkdir(path, permissions: permissions)
    }

    func chmod(_ path: String, _ permissions: FilePermissions) throws(Errno) { try base.chmod(path, permissions) }

    func listDirectory(_ path: String) throws(Errno) -> [String] { try base.listDirectory(path) }

    func stat(_ path: String) throws(Errno) -> FileStatus { try base.stat(path) }

    func lstat(_ path: String) throws(Errno) -> FileStatus { try base.lstat(path) }

    func readLink(_ path: String) throws(Errno) -> String { try base.readLink(path) }

    func fstat(_ descriptor: FileDescriptor) throws(Errno) -> FileStatus { try base.fstat(descriptor) }

    var userID: UInt32 { base.userID }

    func flock(_ descriptor: FileDescriptor, _ operation: LockOperation) throws(Errno) {
        try base.flock(descriptor, operation)
    }

    func bootIdentifier() -> String? { base.bootIdentifier() }
}
