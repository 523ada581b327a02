import ByteKeyed
import SystemFiles

/// Makes a transaction's staged changes the store's state, atomically and
/// durably, with one fsync.
///
/// 1. The transaction's record (every new file's content, every delete) is
///    appended to the journal and the journal fsynced: that is the commit
///    point. A failure before it truncates the record away again, and the
///    store is as it was.
/// 2. The files are replaced (temporary sibling, rename) and deleted, with
///    no fsync: the journal can rebuild them.
/// 3. The lock file's mark records the journal length now applied, so that
///    readers know no replay is due (`AppliedMark`).
/// 4. Once the journal outgrows `checkpointSize`, or when the platform
///    cannot name its boots, a checkpoint makes the files durable and
///    empties the journal (`Checkpoint`).
///
/// A failure after the commit point is reported as `.committedButIncomplete`;
/// the mark then does not match the journal, and the next access to the
/// store replays it. A failed fsync is never retried.
struct Commit {
    let files: CommittedFiles
    let lock: StoreLock
    let checkpointSize: Int

    private var fileSystem: any FileSystem { files.fileSystem }

    /// Commits `changes` after the `journalLength` bytes of journal that the
    /// files already reflect.
    func run(_ changes: ByteKeyedTable<Transaction.Change>, journalLength: Int) throws(DurableFilesError) {
        // The table is in path order already: the journal's order.
        let entries: [JournalRecord.Entry] = changes.map { path, change in
            switch change {
            case .write(let bytes): .write(path, bytes)
            case .delete: .delete(path)
            }
        }
        guard !entries.isEmpty else { return }
        let record = JournalRecord(entries: entries).encoded()
        try append(record, at: journalLength)

        // The commit point is behind us: the changes are the store's state.
        do {
            try FileApplier(files: files).apply(entries)
            let length = journalLength + record.count
            let boot = fileSystem.bootIdentifier()
            if let boot, length < checkpointSize {
                try lock.writeMark(AppliedMark(boot: boot, journalLength: length))
            } else {
                // A journal of this one record needs no reading back.
                let net = journalLength == 0 ? entries : try JournalFile(files: files).read().finalEntries
                try Checkpoint(files: files, lock: lock).run(net)
            }
        } catch {
            throw .committedButIncomplete(error)
        }
    }

    /// Appends `record` at `offset` and fsyncs: the commit point. On failure
    /// the record is cut off again. A complete record that cannot be cut off
    /// after a failed fsync would be replayed, so that failure is reported
    /// as committed.
    private func append(_ record: [UInt8], at offset: Int) throws(DurableFilesError) {
        let journal = JournalFile(files: files)
        var created = false
        let descriptor = try journal.open(created: &created)
        defer { try? fileSystem.close(descriptor) }
        if created {
            // The journal's own name must be durable before a record in it
            // can be: then the record's fsync alone is the commit point.
            try fileSystem.syncDirectory(files.root)
        }
        do {
            try fileSystem.writeAll(descriptor, record, at: Int64(offset))
        } catch {
            // An incomplete record is never replayed, whether or not it can be cut off.
            try? fileSystem.truncate(descriptor, size: Int64(offset))
            throw error.failure(.write, journal.path)
        }
        do {
            try fileSystem.fsync(descriptor)
        } catch {
            let failure = error.failure(.fsync, journal.path)
            // A complete record left behind would be replayed.
            do { try fileSystem.truncate(descriptor, size: Int64(offset)) } catch { throw .committedButIncomplete(failure) }
            throw failure
        }
    }
}
