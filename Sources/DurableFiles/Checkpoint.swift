import ByteKeyed
import SystemFiles

/// Makes the files the journal describes durable, then empties the journal.
///
/// Until it finishes the journal stays the authority, so the lock file's
/// mark is cleared first: if any step fails, or the process dies, the next
/// access replays the journal into fresh files and checkpoints again. That
/// matters after a failed fsync, whose pages the kernel may have marked
/// clean without writing them: a later fsync of the same file would
/// succeed and prove nothing.
///
/// A checkpoint of many files (`CommittedFiles.wholeSyncFrom`) syncs the
/// whole file system once (`FileSystem.syncWholeFileSystem`) instead of
/// each file and each directory it touched, when every one of those
/// directories is on the store's own file system and that one's sync is
/// trusted; otherwise, and for few files, it syncs them one by one.
struct Checkpoint {
    let files: CommittedFiles
    let lock: StoreLock

    private var fileSystem: any FileSystem { files.fileSystem }

    /// `entries` is the net effect of every record in the journal.
    func run(_ entries: [JournalRecord.Entry]) throws(DurableFilesError) {
        try lock.writeMark(nil)
        var directories = ByteKeyedTable<Void>()
        directories.insert("")
        var written = 0
        for entry in entries {
            if case .write = entry { written += 1 }
            var directory = StorePath.parent(entry.path)
            while directories.insert(directory) {
                directory = StorePath.parent(directory)
            }
        }
        var syncedAtOnce = false
        if written >= files.wholeSyncFrom { syncedAtOnce = try syncWholeFileSystem(directories) }
        if !syncedAtOnce {
            for entry in entries {
                if case .write(let path, _) = entry { try syncFile(path) }
            }
            // Deepest first: a new directory is durable in itself before its
            // entry in the parent is.
            for directory in directories.keys.sorted(by: { depth($0) > depth($1) }) {
                try syncDirectoryIfPresent(directory)
            }
        }
        try JournalFile(files: files).empty()
        if let boot = fileSystem.bootIdentifier() {
            try lock.writeMark(AppliedMark(boot: boot, journalLength: 0))
        }
    }

    /// One sync of the store's file system, when it covers every directory
    /// the checkpoint touched (none is a mount point or below one) and that
    /// file system's sync is trusted; false, having synced nothing, otherwise.
    private func syncWholeFileSystem(_ directories: ByteKeyedTable<Void>) throws(DurableFilesError) -> Bool {
        let root = files.root
        let descriptor: FileDescriptor
        do {
            descriptor = try fileSystem.open(root, access: .readOnly, options: [.directory, .closeOnExec], permissions: .ownerAll)
        } catch {
            throw error.failure(.open, root)
        }
        defer { try? fileSystem.close(descriptor) }
        let device: UInt64
        do { device = try fileSystem.fstat(descriptor).device } catch { throw error.failure(.fstat, root) }
        for directory in directories.keys where !directory.isEmpty {
            let path = files.absolute(directory)
            do {
                guard try fileSystem.lstat(path).device == device else { return false }
            } catch .noSuchFile {
                continue  // emptied and removed: nothing of it to keep
            } catch {
                throw error.failure(.lstat, path)
            }
        }
        do { return try fileSystem.syncWholeFileSystem(descriptor) } catch { throw error.failure(.syncfs, root) }
    }

    private func depth(_ directory: String) -> Int {
        directory.isEmpty ? 0 : directory.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
    }

    private func syncFile(_ relative: String) throws(DurableFilesError) {
        let path = files.absolute(relative)
        let descriptor: FileDescriptor
        do {
            descriptor = try fileSystem.open(path, access: .readOnly, options: [.closeOnExec, .noFollow, .nonBlocking],
                                             permissions: .ownerReadWrite)
        } catch .noSuchFile {
            return  // removed behind the store's back: nothing of it to keep
        } catch {
            throw error.failure(.open, path)
        }
        do {
            try fileSystem.fsync(descriptor)
        } catch {
            try? fileSystem.close(descriptor)
            throw error.failure(.fsync, path)
        }
        do { try fileSystem.close(descriptor) } catch { throw error.failure(.close, path) }
    }

    /// A delete of a file that never existed may name a directory that does
    /// not exist either: nothing in it changed, so there is nothing to sync.
    private func syncDirectoryIfPresent(_ relative: String) throws(DurableFilesError) {
        do {
            try fileSystem.syncDirectory(files.absolute(relative))
        } catch .io(.open, _, .noSuchFile) {
            return
        }
    }
}
