import Glibc

/// The live file system: each requirement is one C library call.
public struct SystemFileSystem: FileSystem {
    public init() {
        userID = geteuid()
    }

    public func open(
        _ path: String, access: OpenAccess, options: OpenOptions, permissions: FilePermissions
    ) throws(Errno) -> FileDescriptor {
        let flags = access.flags | options.rawValue
        return try retryingInterrupts { () -> Int32 in
            Glibc.open(path, flags, mode_t(permissions.rawValue))
        }.map(FileDescriptor.init(rawValue:)).get()
    }

    public func readAll(_ descriptor: FileDescriptor, expectedSize: Int?) throws(Errno) -> [UInt8] {
        // Small files are the common case. With the size known (from the
        // caller's stat, else from fstat), one read of one byte more than
        // that fills the file and shows its end (a regular file's read is
        // short only there): no second read to see EOF, and a 32 KB feed
        // segment is not read in chunks copied again as they are joined.
        // Chunks are read into uninitialised memory: zero-filling a buffer
        // only to overwrite it is pure cost on every command.
        let minimumChunk = 16 * 1024
        if let size = expectedSize ?? currentSize(descriptor), size >= 0, size < Int.max {
            let first = try readChunk(descriptor, at: 0, upTo: size + 1)
            if first.count == size || first.isEmpty { return first }
            // The file changed size since: read on to its end.
            return try readRest(descriptor, after: first, chunkSize: max(size + 1, minimumChunk))
        }
        return try readRest(descriptor, after: [], chunkSize: minimumChunk)
    }

    /// The size fstat reports for `descriptor`, or nil when it fails.
    private func currentSize(_ descriptor: FileDescriptor) -> Int? {
        var info = Glibc.stat()
        return Glibc.fstat(descriptor.rawValue, &info) == 0 ? Int(info.st_size) : nil
    }

    /// Reads on after `bytes` (the file's first bytes) until a read returns nothing.
    private func readRest(_ descriptor: FileDescriptor, after bytes: [UInt8], chunkSize: Int) throws(Errno) -> [UInt8] {
        var bytes = bytes
        var chunkSize = max(chunkSize, bytes.count)
        while true {
            let chunk = try readChunk(descriptor, at: bytes.count, upTo: chunkSize)
            if chunk.isEmpty { return bytes }
            if bytes.isEmpty { bytes = chunk } else { bytes.append(contentsOf: chunk) }
            chunkSize = max(chunkSize, bytes.count)
        }
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file), retried on EINTR.
    private func readChunk(_ descriptor: FileDescriptor, at offset: Int, upTo count: Int) throws(Errno) -> [UInt8] {
        while true {
            var failure: Errno?
            let chunk = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                // count > 0, so the buffer is non-empty and baseAddress is non-nil.
                let result = pread(descriptor.rawValue, buffer.baseAddress!, count, off_t(offset))
                if result < 0 { failure = Errno.current }
                initialized = max(result, 0)
            }
            guard let failure else { return chunk }
            if failure != .interrupted { throw failure }
        }
    }

    public func read(_ descriptor: FileDescriptor, upTo count: Int) throws(Errno) -> [UInt8] {
        guard count > 0 else { return [] }
        while true {
            var failure: Errno?
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                // count > 0, so the buffer is non-empty and baseAddress is non-nil.
                let result = Glibc.read(descriptor.rawValue, buffer.baseAddress!, count)
                if result < 0 { failure = Errno.current }
                initialized = max(result, 0)
            }
            guard let failure else { return bytes }
            if failure != .interrupted { throw failure }
        }
    }

    public func writeAll(_ descriptor: FileDescriptor, _ bytes: [UInt8], at offset: Int64) throws(Errno) {
        var written = 0
        while written < bytes.count {
            let start = written
            let result = bytes.withUnsafeBytes { raw -> Int in
                // start < bytes.count, so the buffer is non-empty and baseAddress is non-nil.
                pwrite(descriptor.rawValue, raw.baseAddress! + start, raw.count - start, off_t(offset) + off_t(start))
            }
            if result < 0 {
                let error = Errno.current
                if error == .interrupted { continue }
                throw error
            }
            written += result
        }
    }

    public func truncate(_ descriptor: FileDescriptor, size: Int64) throws(Errno) {
        try retryingInterrupts { ftruncate(descriptor.rawValue, off_t(size)) }.map { _ in () }.get()
    }

    public func fsync(_ descriptor: FileDescriptor) throws(Errno) {
        // Deliberately not retried, not even on EINTR: see the protocol.
        let result = Glibc.fsync(descriptor.rawValue)
        if result != 0 { throw Errno.current }
    }

    public func syncWholeFileSystem(_ descriptor: FileDescriptor) throws(Errno) -> Bool {
        guard wholeFileSystemSyncReportsErrors, try WholeFileSystemSync.trusts(descriptor) else { return false }
        // Deliberately not retried, not even on EINTR: see `fsync`.
        if linuxSyncfs(descriptor.rawValue) != 0 { throw Errno.current }
        return true
    }

    public func fchmod(_ descriptor: FileDescriptor, _ permissions: FilePermissions) throws(Errno) {
        try retryingInterrupts {
            Glibc.fchmod(descriptor.rawValue, mode_t(permissions.rawValue))
        }.map { _ in () }.get()
    }

    public func close(_ descriptor: FileDescriptor) throws(Errno) {
        // Never retried: on Linux the descriptor is gone even when close fails,
        // and a retry could close a descriptor another thread just opened.
        let result = Glibc.close(descriptor.rawValue)
        if result != 0 { throw Errno.current }
    }

    public func rename(_ source: String, to destination: String) throws(Errno) {
        let result = Glibc.rename(source, destination)
        if result != 0 { throw Errno.current }
    }

    public func unlink(_ path: String) throws(Errno) {
        let result = Glibc.unlink(path)
        if result != 0 { throw Errno.current }
    }

    public func rmdir(_ path: String) throws(Errno) {
        try retryingInterrupts { Glibc.rmdir(path) }.map { _ in () }.get()
    }

    public func mkdir(_ path: String, permissions: FilePermissions) throws(Errno) {
        let result = Glibc.mkdir(path, mode_t(permissions.rawValue))
        if result != 0 { throw Errno.current }
    }

    public func chmod(_ path: String, _ permissions: FilePermissions) throws(Errno) {
        let result = Glibc.chmod(path, mode_t(permissions.rawValue))
        if result != 0 { throw Errno.current }
    }

    public func listDirectory(_ path: String) throws(Errno) -> [String] {
        guard let directory = opendir(path) else { throw Errno.current }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw Errno.current }
                break
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    public func smallestName(in path: String, where include: (UnsafeBufferPointer<UInt8>) -> Bool) throws(Errno) -> String? {
        guard let directory = opendir(path) else { throw Errno.current }
        defer { closedir(directory) }
        var smallest: [UInt8] = []
        var found = false
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw Errno.current }
                break
            }
            withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { start in
                    let name = UnsafeBufferPointer(start: start, count: strlen(start))
                    guard !Self.isDotOrDotDot(name), include(name) else { return }
                    if found, !Self.precedes(name, smallest) { return }
                    smallest.removeAll(keepingCapacity: true)
                    smallest.append(contentsOf: name)
                    found = true
                }
            }
        }
        return found ? String(decoding: smallest, as: UTF8.self) : nil
    }

    private static func isDotOrDotDot(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let dot = UInt8(ascii: ".")
        return (name.count == 1 && name[0] == dot) || (name.count == 2 && name[0] == dot && name[1] == dot)
    }

    /// Byte order, as `lexicographicallyPrecedes` says.
    private static func precedes(_ name: UnsafeBufferPointer<UInt8>, _ other: [UInt8]) -> Bool {
        for index in 0..<min(name.count, other.count) where name[index] != other[index] {
            return name[index] < other[index]
        }
        return name.count < other.count
    }

    public func stat(_ path: String) throws(Errno) -> FileStatus {
        var info = Glibc.stat()
        if systemStat(path, &info) != 0 { throw Errno.current }
        return FileStatus(info)
    }

    public func lstat(_ path: String) throws(Errno) -> FileStatus {
        var info = Glibc.stat()
        if Glibc.lstat(path, &info) != 0 { throw Errno.current }
        return FileStatus(info)
    }

    public func fstat(_ descriptor: FileDescriptor) throws(Errno) -> FileStatus {
        var info = Glibc.stat()
        if Glibc.fstat(descriptor.rawValue, &info) != 0 { throw Errno.current }
        return FileStatus(info)
    }

    public func readLink(_ path: String) throws(Errno) -> String {
        // readlink does not say how long the target is: a result that fills
        // the buffer may be cut short, so it is read again into a larger one.
        var capacity = 256
        while true {
            var failure: Errno?
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                // capacity > 0, so the buffer is non-empty and baseAddress is non-nil.
                let result = buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: capacity) {
                    Glibc.readlink(path, $0, capacity)
                }
                if result < 0 { failure = Errno.current }
                initialized = max(result, 0)
            }
            if let failure { throw failure }
            if bytes.count < capacity { return String(decoding: bytes, as: UTF8.self) }
            guard capacity < 1 << 20 else { throw .nameTooLong }
            capacity *= 4
        }
    }

    /// Read once, when the file system is made: lifesignal never changes
    /// its user, and the file checks ask for it before every file.
    public let userID: UInt32

    public func flock(_ descriptor: FileDescriptor, _ operation: LockOperation) throws(Errno) {
        try retryingInterrupts { systemFlock(descriptor.rawValue, operation.flags) }.map { _ in () }.get()
    }

    public func bootIdentifier() -> String? {
        linuxBootIdentifier
    }

    /// Runs a call that returns -1 on failure, again while it fails with `EINTR`.
    private func retryingInterrupts(_ call: () -> Int32) -> Result<Int32, Errno> {
        while true {
            let result = call()
            if result >= 0 { return .success(result) }
            let error = Errno.current
            if error != .interrupted { return .failure(error) }
        }
    }
}

extension FileStatus {
    init(_ info: Glibc.stat) {
        let kind: FileKind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        self.init(kind: kind, permissions: FilePermissions(rawValue: UInt32(info.st_mode)), size: Int64(info.st_size),
                  owner: info.st_uid, linkCount: Int(info.st_nlink), device: UInt64(info.st_dev))
    }
}

/// `/proc/sys/kernel/random/boot_id`, read once per process: a UUID that
/// the kernel draws anew at every boot.
private let linuxBootIdentifier: String? = {
    let descriptor = Glibc.open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { Glibc.close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[..<count], as: UTF8.self).trimmingSuffix(while: { $0 == "\n" })
    // Only what the applied mark can hold: one word of printable ASCII.
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
    return text
}()

private extension String {
    func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var result = self
        while let last = result.last, predicate(last) { result.removeLast() }
        return result
    }
}

// The struct's own `stat` and `flock` methods shadow the C functions inside it.
private func systemStat(_ path: String, _ info: inout Glibc.stat) -> Int32 {
    stat(path, &info)
}

private func systemFlock(_ descriptor: Int32, _ operation: Int32) -> Int32 {
    flock(descriptor, operation)
}
