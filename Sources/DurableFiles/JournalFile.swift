import SystemFiles

/// The journal's file, `<root>/journal`: created once, appended to by
/// commits, emptied by checkpoints, never removed.
struct JournalFile {
    let files: CommittedFiles

    /// The largest journal read back: a checkpoint's worth of records plus
    /// one transaction of data files at their own limit.
    static let readLimit: Int64 = 4 * DataFileLimit.bytes

    private var fileSystem: any FileSystem { files.fileSystem }
    var path: String { files.absolute(StorePath.journalName) }

    /// Its size; nil when there is none.
    func length() throws(DurableFilesError) -> Int? {
        let status: FileStatus
        do {
            status = try fileSystem.lstat(path)
        } catch .noSuchFile {
            return nil
        } catch {
            throw error.failure(.lstat, path)
        }
        try FileSafety.checkFile(status, at: path, userID: fileSystem.userID)
        return Int(status.size)
    }

    /// Its records; a missing journal has none.
    func read() throws(DurableFilesError) -> Journal {
        guard let bytes = try fileSystem.readRegularFile(path, limit: Self.readLimit) else {
            return Journal(records: [], validLength: 0)
        }
        return try Journal.decode(bytes, path: path)
    }

    /// Opens it for writing. `created` is set when this call created it:
    /// its directory entry is then not durable until the root is fsynced.
    func open(created: inout Bool) throws(DurableFilesError) -> FileDescriptor {
        let existing: FileDescriptor?
        do {
            existing = try fileSystem.open(path, access: .writeOnly, options: [.closeOnExec, .noFollow],
                                           permissions: .ownerReadWrite)
        } catch .noSuchFile {
            existing = nil  // first commit of this store
        } catch {
            throw fileSystem.openFailure(error, path)
        }
        if let existing {
            try fileSystem.requireTrusted(existing, at: path)
            return existing
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try fileSystem.open(path, access: .writeOnly, options: [.create, .exclusive, .closeOnExec, .noFollow],
                                             permissions: .ownerReadWrite)
        } catch {
            throw error.failure(.open, path)
        }
        created = true
        do {
            try fileSystem.fchmod(descriptor, .ownerReadWrite)
        } catch {
            try? fileSystem.close(descriptor)
            throw error.failure(.fchmod, path)
        }
        return descriptor
    }

    /// Empties it durably: the checkpoint's last step.
    func empty() throws(DurableFilesError) {
        var created = false
        let descriptor = try open(created: &created)
        do throws(DurableFilesError) {
            do { try fileSystem.truncate(descriptor, size: 0) } catch { throw error.failure(.truncate, path) }
            do { try fileSystem.fsync(descriptor) } catch { throw error.failure(.fsync, path) }
        } catch {
            try? fileSystem.close(descriptor)
            throw error
        }
        do { try fileSystem.close(descriptor) } catch { throw error.failure(.close, path) }
        if created { try fileSystem.syncDirectory(files.root) }
    }
}
