/// The thin set of POSIX operations the store needs.
///
/// Each requirement maps to one system call (or a loop of them, for whole-file
/// reads and writes) so that a wrapper can fail any single step with a chosen
/// `Errno`. Paths are passed through unchanged; implementations never retry a
/// failed `fsync` and never hide an error.
public protocol FileSystem: Sendable {
    /// `open(2)`; `permissions` applies only when the file is created.
    func open(
        _ path: String, access: OpenAccess, options: OpenOptions, permissions: FilePermissions
    ) throws(Errno) -> FileDescriptor

    /// The whole content of the file, read from offset 0 to end of file.
    ///
    /// `expectedSize` is the size the caller saw the file have (`lstat`,
    /// `fstat`), or nil. A first read that returns exactly that many bytes,
    /// fewer than it asked for, has met the end of the file: nothing more is
    /// read to see it. Any other count, as for a file that changed size,
    /// reads on until a read returns nothing.
    func readAll(_ descriptor: FileDescriptor, expectedSize: Int?) throws(Errno) -> [UInt8]

    /// `read(2)`: up to `count` bytes from the descriptor's current position
    /// (which moves past them), retrying `EINTR`; empty at end of file. For
    /// what is not a regular file (a pipe) or must be read within a limit.
    func read(_ descriptor: FileDescriptor, upTo count: Int) throws(Errno) -> [UInt8]

    /// Writes every byte starting at `offset`, continuing after short writes
    /// and `EINTR`.
    func writeAll(_ descriptor: FileDescriptor, _ bytes: [UInt8], at offset: Int64) throws(Errno)

    /// `ftruncate(2)`.
    func truncate(_ descriptor: FileDescriptor, size: Int64) throws(Errno)

    /// `fsync(2)`. A failure is final: callers must not call it again to
    /// "retry", because the kernel may already have dropped the dirty pages.
    func fsync(_ descriptor: FileDescriptor) throws(Errno)

    /// `syncfs(2)` on the file system `descriptor` is open on, where that is
    /// known to make every file and directory entry on it durable and to
    /// report any write that failed since the descriptor was opened: a local
    /// journaling or copy-on-write file system (ext4, XFS, btrfs, F2FS) or
    /// tmpfs, on Linux 5.8 or later. Anywhere else (a network or FUSE file
    /// system, an older kernel) it does nothing and returns false: the caller
    /// then syncs file by file. A failure is final, as `fsync`'s is.
    func syncWholeFileSystem(_ descriptor: FileDescriptor) throws(Errno) -> Bool

    /// `fchmod(2)`.
    func fchmod(_ descriptor: FileDescriptor, _ permissions: FilePermissions) throws(Errno)

    /// `close(2)`. The descriptor is released even when an error is reported.
    func close(_ descriptor: FileDescriptor) throws(Errno)

    /// `rename(2)`: atomically replaces `destination`.
    func rename(_ source: String, to destination: String) throws(Errno)

    /// `unlink(2)`.
    func unlink(_ path: String) throws(Errno)

    /// `rmdir(2)`: removes an empty directory (`ENOTEMPTY` otherwise).
    func rmdir(_ path: String) throws(Errno)

    /// `mkdir(2)`; `permissions` is filtered by the umask.
    func mkdir(_ path: String, permissions: FilePermissions) throws(Errno)

    /// `chmod(2)`.
    func chmod(_ path: String, _ permissions: FilePermissions) throws(Errno)

    /// Entry names of a directory, without `.` and `..`, in no particular order.
    func listDirectory(_ path: String) throws(Errno) -> [String]

    /// The smallest entry name of a directory in byte order, among those
    /// `include` accepts (given the name's bytes; never `.` or `..`); nil
    /// when there is none. What `listDirectory` and a minimum would give,
    /// with one comparison per entry and no string for each: the earliest
    /// entry of a large directory (the store's schedule) is looked up often.
    func smallestName(in path: String, where include: (UnsafeBufferPointer<UInt8>) -> Bool) throws(Errno) -> String?

    /// `stat(2)`: follows symbolic links.
    func stat(_ path: String) throws(Errno) -> FileStatus

    /// `lstat(2)`: describes a symbolic link itself.
    func lstat(_ path: String) throws(Errno) -> FileStatus

    /// `fstat(2)`: describes what the descriptor is open on.
    func fstat(_ descriptor: FileDescriptor) throws(Errno) -> FileStatus

    /// `readlink(2)`: the target a symbolic link names, as written (it may
    /// be relative to the link's directory); `EINVAL` when `path` is not a
    /// symbolic link.
    func readLink(_ path: String) throws(Errno) -> String

    /// `geteuid(2)`: the user whose files this process trusts (and creates).
    var userID: UInt32 { get }

    /// `flock(2)`; a non-blocking request on a held lock fails with `EWOULDBLOCK`.
    func flock(_ descriptor: FileDescriptor, _ operation: LockOperation) throws(Errno)

    /// Names the running system instance: it changes whenever data not yet
    /// made durable by `fsync` may have been lost (on Linux, the boot ID).
    /// `nil` when the platform cannot tell; the store then makes every
    /// commit durable in full before it returns.
    func bootIdentifier() -> String?
}

extension FileSystem {
    /// No whole-file-system sync: a test's file system, or one that keeps
    /// nothing (the benchmark's seeding), syncs file by file.
    public func syncWholeFileSystem(_ descriptor: FileDescriptor) throws(Errno) -> Bool { false }

    /// `listDirectory` and a minimum: for file systems without a faster way
    /// (a test's, one that injects faults into `listDirectory`).
    public func smallestName(in path: String, where include: (UnsafeBufferPointer<UInt8>) -> Bool) throws(Errno) -> String? {
        var smallest: [UInt8]?
        for name in try listDirectory(path) {
            let bytes = Array(name.utf8)
            guard bytes.withUnsafeBufferPointer(include) else { continue }
            if let current = smallest, !bytes.lexicographicallyPrecedes(current) { continue }
            smallest = bytes
        }
        return smallest.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The whole content of the file, its size not known beforehand.
    public func readAll(_ descriptor: FileDescriptor) throws(Errno) -> [UInt8] {
        try readAll(descriptor, expectedSize: nil)
    }

    /// Writes every byte from the start of the file.
    public func writeAll(_ descriptor: FileDescriptor, _ bytes: [UInt8]) throws(Errno) {
        try writeAll(descriptor, bytes, at: 0)
    }
}
