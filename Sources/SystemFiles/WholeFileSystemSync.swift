import Glibc

/// Where one `syncfs(2)` can stand in for an `fsync` of every file and
/// directory a checkpoint wrote (`FileSystem.syncWholeFileSystem`).
enum WholeFileSystemSync {
    /// File systems (`statfs`'s `f_type`) whose `syncfs` writes every dirty
    /// file and every directory entry and waits for them: ext4 (and ext2/3,
    /// one magic number), XFS, btrfs, F2FS, and tmpfs (nothing to write).
    /// Network and FUSE file systems are left out: their `syncfs` need not
    /// reach the server's disk.
    static let trusted: Set<UInt64> = [0xEF53, 0x5846_5342, 0x9123_683E, 0xF2F5_2010, 0x0102_1994]

    /// Whether the file system `descriptor` is open on is among `trusted`.
    static func trusts(_ descriptor: FileDescriptor) throws(Errno) -> Bool {
        // `struct statfs` begins with `f_type` (a long) on every Linux
        // architecture Swift runs on; the buffer is larger than the struct.
        var buffer = [Int](repeating: 0, count: 32)
        let result = buffer.withUnsafeMutableBytes { linuxFstatfs(descriptor.rawValue, $0.baseAddress!) }
        if result != 0 { throw Errno.current }
        return trusted.contains(UInt64(truncatingIfNeeded: buffer[0]))
    }

    /// Linux reports a failed write-back through `syncfs` from 5.8 on;
    /// before that it returned success regardless.
    static func kernelReportsErrors(release: String) -> Bool {
        let numbers = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard numbers.count == 2 else { return false }
        return (numbers[0], numbers[1]) >= (5, 8)
    }
}

/// Whether this kernel's `syncfs` reports failed write-back, asked once.
let wholeFileSystemSyncReportsErrors: Bool = {
    var names = utsname()
    guard uname(&names) == 0 else { return false }
    let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return WholeFileSystemSync.kernelReportsErrors(release: release)
}()

// Glibc declares `syncfs` and `fstatfs` only for C with _GNU_SOURCE and
// <sys/vfs.h>, which the Swift module does not import; the static
// executable cannot look them up at run time either. Both take and return
// plain integers and a pointer, passed alike by Swift and C.
@_silgen_name("syncfs") func linuxSyncfs(_ descriptor: Int32) -> Int32
@_silgen_name("fstatfs") func linuxFstatfs(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer) -> Int32
