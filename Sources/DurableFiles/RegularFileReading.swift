import SystemFiles

/// The largest data file lifesignal's stores read.
public enum DataFileLimit {
    public static let bytes: Int64 = 64 << 20
}

extension FileSystem {
    /// Reads a regular file whole, or returns nil when nothing is there.
    ///
    /// Anything else at the path (a directory, a FIFO, a device) and any
    /// file over `limit` is reported as damaged rather than read: a hostile
    /// entry must neither block the reader nor exhaust its memory while the
    /// store's lock is held. A symbolic link, a file of another user's and
    /// one the group or others may access are refused (`FileSafety`): they
    /// are lifesignal's private files, and nobody else may have planted them.
    public func readRegularFile(_ path: String, limit: Int64 = DataFileLimit.bytes) throws(DurableFilesError) -> [UInt8]? {
        let status: FileStatus
        do {
            status = try lstat(path)
        } catch .noSuchFile {
            return nil
        } catch {
            throw error.failure(.lstat, path)
        }
        try FileSafety.checkFile(status, at: path, userID: userID)
        guard status.size <= limit else {
            throw .damaged(path: path, reason: "it is larger than \(limit >> 20) MiB")
        }
        let descriptor: FileDescriptor
        do {
            // No symbolic link and no blocking open, even if the entry was swapped since lstat.
            descriptor = try open(path, access: .readOnly, options: [.closeOnExec, .noFollow, .nonBlocking],
                                  permissions: .ownerReadWrite)
        } catch .noSuchFile {
            return nil
        } catch {
            throw openFailure(error, path)
        }
        // A failed close of a read-only descriptor cannot affect the bytes
        // already read, so it is not worth failing the read for.
        defer { try? close(descriptor) }
        do { return try readAll(descriptor, expectedSize: Int(status.size)) } catch { throw error.failure(.read, path) }
    }
}
