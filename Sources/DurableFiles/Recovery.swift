import SystemFiles

/// Brings the files back to the committed state after a crash, a power
/// loss or a failed commit, under the exclusive lock.
///
/// Replay is due whenever the lock file's mark does not vouch for the whole
/// journal in this boot (`AppliedMark`). It puts the net effect of every
/// complete record into fresh files (each step idempotent), removes the
/// temporary files an interrupted application left in the directories the
/// journal names, and checkpoints, which empties the journal.
struct Recovery {
    let files: CommittedFiles
    let lock: StoreLock

    private var fileSystem: any FileSystem { files.fileSystem }

    /// Whether the files may lag behind the journal: then readers must wait
    /// for a replay. Costs a stat in the common case, and a small read of
    /// the lock file when the journal holds records. A journal that cannot
    /// be what this boot's commits left is damage (`JournalState`).
    static func isDue(files: CommittedFiles, lock: StoreLock) throws(DurableFilesError) -> Bool {
        let state = try JournalState.read(files: files, lock: lock)
        try state.check(files: files)
        return state.appliedLength == nil
    }

    /// Replays the journal if due, and sweeps temporary files from every
    /// directory of the store when `scanningWholeTree` is set (for debris
    /// whose journal a checkpoint has since emptied). Returns the length of
    /// journal the files now reflect. A journal that cannot be what this
    /// boot's commits left is damage, found before anything is changed.
    @discardableResult
    func run(scanningWholeTree: Bool) throws(DurableFilesError) -> Int {
        let state = try JournalState.read(files: files, lock: lock)
        try state.check(files: files)
        let applied = state.appliedLength
        if applied == nil {
            let journal = try JournalFile(files: files).read()
            try state.check(journal, files: files)
            let entries = journal.finalEntries
            for directory in Set(entries.map { StorePath.parent($0.path) }).sorted() {
                try removeTemporaryFiles(in: directory)
            }
            try FileApplier(files: files).apply(entries)
            try Checkpoint(files: files, lock: lock).run(entries)
        }
        if scanningWholeTree {
            for directory in try allDirectories() {
                try removeTemporaryFiles(in: directory)
            }
        }
        // A checkpoint has emptied the journal if it was replayed.
        return applied ?? 0
    }

    private func removeTemporaryFiles(in directory: String) throws(DurableFilesError) {
        try files.requireSafeDirectories(toward: directory.isEmpty ? "" : directory + "/")
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
}
