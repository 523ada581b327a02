import SystemFiles

extension FileSystem {
    /// Creates `path` and any missing parents as `0700` directories, whatever
    /// the umask, each one fsynced into its parent so it survives a crash
    /// (unless `durable` is false: the caller makes them durable later).
    ///
    /// An existing directory is left as it is (its permissions included).
    public func ensureDirectory(_ path: String, durable: Bool = true) throws(DurableFilesError) {
        do {
            try mkdir(path, permissions: .ownerAll)
        } catch .fileExists {
            try requireDirectory(path)
            return
        } catch .noSuchFile {
            guard let parent = StorePath.parentOfDirectory(path) else { throw Errno.noSuchFile.failure(.mkdir, path) }
            try ensureDirectory(parent, durable: durable)
            do {
                try mkdir(path, permissions: .ownerAll)
            } catch .fileExists {
                // Another process created it between our two attempts.
                try requireDirectory(path)
                return
            } catch {
                throw error.failure(.mkdir, path)
            }
        } catch {
            throw error.failure(.mkdir, path)
        }
        // mkdir's mode was filtered by the umask.
        do { try chmod(path, .ownerAll) } catch { throw error.failure(.chmod, path) }
        if durable, let parent = StorePath.parentOfDirectory(path) {
            try syncDirectory(parent)
        }
    }

    /// Makes the directory's entries (creations, renames, removals) durable.
    public func syncDirectory(_ path: String) throws(DurableFilesError) {
        let descriptor: FileDescriptor
        do {
            descriptor = try open(path, access: .readOnly, options: [.directory, .closeOnExec], permissions: .ownerAll)
        } catch {
            throw error.failure(.open, path)
        }
        do {
            try fsync(descriptor)
        } catch {
            try? close(descriptor)
            throw error.failure(.fsync, path)
        }
        do { try close(descriptor) } catch { throw error.failure(.close, path) }
    }

    /// Succeeds when `path` names a directory (following symbolic links).
    private func requireDirectory(_ path: String) throws(DurableFilesError) {
        let status: FileStatus
        do { status = try stat(path) } catch { throw error.failure(.stat, path) }
        if status.kind != .directory { throw Errno.notDirectory.failure(.mkdir, path) }
    }
}
