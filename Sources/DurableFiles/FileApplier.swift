import SystemFiles

/// Puts journal entries into the files: each write through a fresh
/// temporary sibling renamed over the target (so no one, lock or not, ever
/// sees half a file), each delete as an unlink that also removes the
/// directories it leaves empty.
///
/// Nothing here waits for the disk: the journal already holds every byte,
/// and a checkpoint makes the files durable later.
struct FileApplier {
    let files: CommittedFiles

    private var fileSystem: any FileSystem { files.fileSystem }

    func apply(_ entries: [JournalRecord.Entry]) throws(DurableFilesError) {
        for entry in entries {
            switch entry {
            case .write(let path, let bytes): try replace(path, with: bytes)
            case .delete(let path): try remove(path)
            }
        }
    }

    private func replace(_ relative: String, with bytes: [UInt8]) throws(DurableFilesError) {
        try files.requireSafeDirectories(toward: relative)
        let path = files.absolute(StorePath.temporarySibling(of: relative))
        let descriptor = try createExclusively(path, parent: StorePath.parent(relative))
        do throws(DurableFilesError) {
            do { try fileSystem.fchmod(descriptor, .ownerReadWrite) } catch { throw error.failure(.fchmod, path) }
            do { try fileSystem.writeAll(descriptor, bytes, at: 0) } catch { throw error.failure(.write, path) }
        } catch {
            try? fileSystem.close(descriptor)
            try? fileSystem.unlink(path)
            throw error
        }
        do { try fileSystem.close(descriptor) } catch { throw error.failure(.close, path) }
        do {
            try fileSystem.rename(path, to: files.absolute(relative))
        } catch {
            try? fileSystem.unlink(path)
            throw error.failure(.rename, path)
        }
    }

    private func remove(_ relative: String) throws(DurableFilesError) {
        try files.requireSafeDirectories(toward: relative)
        let path = files.absolute(relative)
        do {
            try fileSystem.unlink(path)
        } catch .noSuchFile {
            // Already gone: a replay, or a delete of what never was.
        } catch {
            throw error.failure(.unlink, path)
        }
        try removeEmptyDirectories(above: relative)
    }

    /// A directory lasts only while something is in it, so that listing a
    /// directory of directories (the schedule's hours) never meets dead
    /// ones, and the store looks the same however it is kept. A replay
    /// repeats this; the next checkpoint makes it durable.
    private func removeEmptyDirectories(above relative: String) throws(DurableFilesError) {
        var directory = StorePath.parent(relative)
        while !directory.isEmpty {
            let path = files.absolute(directory)
            do {
                try fileSystem.rmdir(path)
            } catch .directoryNotEmpty, .fileExists, .noSuchFile {
                return
            } catch {
                throw error.failure(.rmdir, path)
            }
            directory = StorePath.parent(directory)
        }
    }

    private func createExclusively(_ path: String, parent: String) throws(DurableFilesError) -> FileDescriptor {
        let options: OpenOptions = [.create, .exclusive, .closeOnExec]
        do {
            return try fileSystem.open(path, access: .writeOnly, options: options, permissions: .ownerReadWrite)
        } catch .noSuchFile {
            // The common case pays nothing for directories that already exist.
            try fileSystem.ensureDirectory(files.absolute(parent), durable: false)
        } catch {
            throw error.failure(.open, path)
        }
        do {
            return try fileSystem.open(path, access: .writeOnly, options: options, permissions: .ownerReadWrite)
        } catch {
            throw error.failure(.open, path)
        }
    }
}
