/// Makes a transaction's staged changes visible atomically.
///
/// Data files are never rewritten in place: new content goes to a temporary
/// sibling that is written, fsynced and then renamed over the target.
/// - One write: the rename is the commit point; the directory is then fsynced.
/// - One delete: the unlink is the commit point; the directory is then fsynced.
/// - Anything else: every temporary file is written and fsynced, then the
///   journal (itself written by the same temp+fsync+rename protocol) lists
///   the renames and deletes; its rename is the commit point. The changes are
///   then applied, each touched directory fsynced, and the journal removed.
///
/// Before the commit point a failure leaves the store as it was: temporary
/// files are removed (best effort; the lock file's record lets the next
/// writer finish the job). After it, the changes are the store's state and a
/// failure is reported as `.committedButIncomplete`, the journal staying for
/// the next process to roll forward. A failed fsync is never retried.
struct Commit {
    let files: StoreFiles
    let lock: StoreLock

    private var fileSystem: any FileSystem { files.fileSystem }

    func run(_ changes: [String: Transaction.Change]) throws(DurableFilesError) {
        let paths = changes.keys.sorted()
        var writes: [(path: String, bytes: [UInt8])] = []
        var deletes: [String] = []
        for path in paths {
            switch changes[path] {
            case .write(let bytes): writes.append((path, bytes))
            case .delete: deletes.append(path)
            case nil: continue
            }
        }
        switch (writes.count, deletes.count) {
        case (0, 0):
            return
        case (0, 1):
            try deleteOne(deletes[0])
        default:
            try stageAndCommit(writes: writes, deletes: deletes)
        }
    }

    private func deleteOne(_ relative: String) throws(DurableFilesError) {
        let path = files.absolute(relative)
        do {
            try fileSystem.unlink(path)
        } catch .noSuchFile {
            return
        } catch {
            throw error.failure(.unlink, path)
        }
        try committed { () throws(DurableFilesError) in
            try fileSystem.syncDirectory(files.absolute(StorePath.parent(relative)))
        }
    }

    private func stageAndCommit(writes: [(path: String, bytes: [UInt8])], deletes: [String]) throws(DurableFilesError) {
        let single = writes.count == 1 && deletes.isEmpty
        var directories = Set(writes.map { StorePath.parent($0.path) })
        if !single { directories.insert("") }
        try lock.writeRecord(Recovery.encodeRecord(directories.sorted()))

        var temporaries: [String] = []
        var journal = Journal(renames: [], deletes: deletes)
        do {
            for (path, bytes) in writes {
                let temporary = StorePath.temporarySibling(of: path)
                try writeDurably(temporary, bytes, created: &temporaries)
                journal.renames.append(Journal.Rename(temporary: temporary, target: path))
            }
            if single {
                let rename = journal.renames[0]
                try renameIntoPlace(rename.temporary, rename.target)
            } else {
                let temporary = StorePath.temporarySibling(of: StorePath.journalName)
                try writeDurably(temporary, journal.encoded(), created: &temporaries)
                try renameIntoPlace(temporary, StorePath.journalName)
            }
        } catch {
            removeQuietly(temporaries)
            throw error
        }

        // The commit point is behind us: the changes are the store's state.
        try committed { () throws(DurableFilesError) in
            if single {
                try fileSystem.syncDirectory(files.absolute(StorePath.parent(writes[0].path)))
            } else {
                try fileSystem.syncDirectory(files.root)
                try Recovery.apply(journal, files: files)
                try Recovery.remove(journal, files: files)
            }
        }
        // Nothing is left to clean up; a stale record only costs the next
        // writer a look into these directories, so a failure here is harmless.
        try? lock.clearRecord()
    }

    /// Creates `relative` (a fresh temporary name) with `bytes`, mode 0600, fsynced.
    private func writeDurably(_ relative: String, _ bytes: [UInt8], created: inout [String]) throws(DurableFilesError) {
        let path = files.absolute(relative)
        let descriptor = try createExclusively(path, parent: StorePath.parent(relative))
        created.append(relative)
        do throws(DurableFilesError) {
            do { try fileSystem.fchmod(descriptor, .ownerReadWrite) } catch { throw error.failure(.fchmod, path) }
            do { try fileSystem.writeAll(descriptor, bytes, at: 0) } catch { throw error.failure(.write, path) }
            do { try fileSystem.fsync(descriptor) } catch { throw error.failure(.fsync, path) }
        } catch {
            try? fileSystem.close(descriptor)
            throw error
        }
        do { try fileSystem.close(descriptor) } catch { throw error.failure(.close, path) }
    }

    private func createExclusively(_ path: String, parent: String) throws(DurableFilesError) -> FileDescriptor {
        let options: OpenOptions = [.create, .exclusive, .closeOnExec]
        do {
            return try fileSystem.open(path, access: .writeOnly, options: options, permissions: .ownerReadWrite)
        } catch .noSuchFile {
            // The common case pays nothing for directories that already exist.
            try fileSystem.ensureDirectory(files.absolute(parent))
        } catch {
            throw error.failure(.open, path)
        }
        do {
            return try fileSystem.open(path, access: .writeOnly, options: options, permissions: .ownerReadWrite)
        } catch {
            throw error.failure(.open, path)
        }
    }

    private func renameIntoPlace(_ temporary: String, _ target: String) throws(DurableFilesError) {
        let source = files.absolute(temporary)
        do {
            try fileSystem.rename(source, to: files.absolute(target))
        } catch {
            throw error.failure(.rename, source)
        }
    }

    /// Removes temporary files of a failed attempt; the lock file's record
    /// stays unless every one of them is gone.
    private func removeQuietly(_ temporaries: [String]) {
        var clean = true
        for relative in temporaries {
            do {
                try fileSystem.unlink(files.absolute(relative))
            } catch .noSuchFile {
                continue
            } catch {
                clean = false
            }
        }
        if clean { try? lock.clearRecord() }
    }

    /// Runs the steps after the commit point, marking their failure as such.
    private func committed(_ steps: () throws(DurableFilesError) -> Void) throws(DurableFilesError) {
        do {
            try steps()
        } catch {
            throw .committedButIncomplete(error)
        }
    }
}
