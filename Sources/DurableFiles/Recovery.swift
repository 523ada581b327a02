/// Brings a store back to a committed state after a crash or a failed
/// transaction; runs under the exclusive lock.
///
/// A committed journal is rolled forward (each step is idempotent: a rename
/// whose temporary file is gone was already done, a delete of a missing file
/// is done) and then removed. Temporary files left without a journal are
/// debris of a transaction that never committed and are removed, in the
/// directories the lock file's record names (or everywhere, on request).
struct Recovery {
    let files: StoreFiles
    let lock: StoreLock

    private var fileSystem: any FileSystem { files.fileSystem }

    func run(scanningWholeTree: Bool) throws(DurableFilesError) {
        if try files.hasJournal() {
            try rollForward()
        }
        let record = try lock.readRecord()
        if record.isEmpty && !scanningWholeTree { return }
        let directories = scanningWholeTree ? try allDirectories() : try Self.decodeRecord(record, path: lock.path)
        for directory in directories {
            try removeTemporaryFiles(in: directory)
        }
        try lock.clearRecord()
    }

    /// Applies the journal's changes, makes them durable, then drops the journal.
    private func rollForward() throws(DurableFilesError) {
        let path = files.absolute(StorePath.journalName)
        guard let bytes = try files.read(StorePath.journalName) else { return }
        let journal = try Journal.decode(bytes, path: path)
        try Self.apply(journal, files: files)
        try Self.remove(journal, files: files)
    }

    /// Removes an applied journal.
    ///
    /// If the removal were lost in a power failure, the journal would be
    /// rolled forward again later. Its renames are harmless then (their
    /// temporary names are unique and long gone), but its deletes could
    /// remove files a later transaction wrote; so the removal is made durable
    /// only when the journal has deletes, sparing the common case an fsync.
    static func remove(_ journal: Journal, files: StoreFiles) throws(DurableFilesError) {
        let path = files.absolute(StorePath.journalName)
        do { try files.fileSystem.unlink(path) } catch { throw error.failure(.unlink, path) }
        if !journal.deletes.isEmpty {
            try files.fileSystem.syncDirectory(files.root)
        }
    }

    /// The journal's renames and deletes, then an fsync of every directory
    /// they touched; shared by commit and recovery.
    static func apply(_ journal: Journal, files: StoreFiles) throws(DurableFilesError) {
        let fileSystem = files.fileSystem
        for rename in journal.renames {
            let source = files.absolute(rename.temporary)
            do {
                try fileSystem.rename(source, to: files.absolute(rename.target))
            } catch .noSuchFile {
                // Already renamed by an earlier, interrupted application.
            } catch {
                throw error.failure(.rename, source)
            }
        }
        for relative in journal.deletes {
            let path = files.absolute(relative)
            do {
                try fileSystem.unlink(path)
            } catch .noSuchFile {
                // Already removed.
            } catch {
                throw error.failure(.unlink, path)
            }
        }
        for directory in journal.touchedDirectories {
            let path = files.absolute(directory)
            // A delete of a file that never existed names a directory that may
            // not exist either: nothing in it changed, so there is nothing to sync.
            if case .directory? = try? fileSystem.stat(path).kind {
                try fileSystem.syncDirectory(path)
            }
        }
    }

    private func removeTemporaryFiles(in directory: String) throws(DurableFilesError) {
        let path = files.absolute(directory)
        let names: [String]
        do {
            names = try fileSystem.listDirectory(path)
        } catch .noSuchFile {
            return
        } catch {
            throw error.failure(.list, path)
        }
        for name in names where StorePath.isTemporaryName(name) {
            let temporary = StorePath.join(path, name)
            do {
                try fileSystem.unlink(temporary)
            } catch .noSuchFile {
                continue
            } catch {
                throw error.failure(.unlink, temporary)
            }
        }
    }

    /// Every directory of the store, the root (`""`) first.
    private func allDirectories() throws(DurableFilesError) -> [String] {
        var result: [String] = []
        var pending = [""]
        while let directory = pending.popLast() {
            result.append(directory)
            let path = files.absolute(directory)
            let names: [String]
            do { names = try fileSystem.listDirectory(path) } catch { throw error.failure(.list, path) }
            for name in names where name.first != "." {
                let child = directory.isEmpty ? name : directory + "/" + name
                let status: FileStatus
                do {
                    status = try fileSystem.lstat(files.absolute(child))
                } catch .noSuchFile {
                    continue
                } catch {
                    throw error.failure(.lstat, files.absolute(child))
                }
                if status.kind == .directory { pending.append(child) }
            }
        }
        return result
    }

    /// The record lists directories, one a line (`.` for the root).
    static func encodeRecord(_ directories: [String]) -> [UInt8] {
        Array(directories.map { ($0.isEmpty ? "." : $0) + "\n" }.joined().utf8)
    }

    /// Parses the record. An unfinished last line is what a crash while
    /// writing the record leaves; no temporary file existed yet then, so it
    /// is ignored. Anything else unexpected is damage.
    static func decodeRecord(_ bytes: [UInt8], path: String) throws(DurableFilesError) -> [String] {
        let complete = bytes[..<((bytes.lastIndex(of: 0x0A) ?? -1) + 1)]
        guard let text = String(validating: complete, as: UTF8.self) else {
            throw .damaged(path: path, reason: "its record of pending temporary files is not UTF-8")
        }
        var directories: [String] = []
        for line in text.split(separator: "\n") {
            let directory = line == "." ? "" : String(line)
            do {
                try StorePath.validateDirectory(directory)
            } catch {
                throw .damaged(path: path, reason: "its record of pending temporary files names '\(line)'")
            }
            directories.append(directory)
        }
        return directories
    }
}
