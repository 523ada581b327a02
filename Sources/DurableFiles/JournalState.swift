/// What the journal and the lock file's mark (`AppliedMark`) say together:
/// how much of the journal the files reflect, and whether the journal can
/// be what this boot's commits left.
///
/// Within one boot the journal only grows between checkpoints, and a
/// checkpoint clears the mark before it empties the journal; a process that
/// dies leaves the page cache, so the mark and the journal, as they were.
/// So a journal shorter than a mark of this boot, or with a bad record
/// inside the part that mark vouches for, is no crash's doing: someone cut
/// or changed it. Replaying it would put older contents back over newer
/// files (a silent rollback), so it is damage, and nothing is changed. A
/// torn record after the mark is still what a crash mid-commit leaves.
/// After a power loss the boot differs and the mark says nothing, as before.
struct JournalState {
    /// The journal's file; nil when there is none (never made, or moved
    /// aside: then nothing is owed to it).
    var length: Int?
    /// The journal length this boot's commits applied, when the mark is of this boot.
    var appliedInThisBoot: Int?

    /// Reads the journal's length and the mark, under `lock` (held).
    static func read(files: CommittedFiles, lock: StoreLock) throws(DurableFilesError) -> JournalState {
        guard let length = try JournalFile(files: files).length() else {
            return JournalState(length: nil, appliedInThisBoot: nil)
        }
        // An empty journal's mark is usually the checkpoint's that emptied
        // it (length 0), which needs no boot name to be judged: only one
        // that vouches for more is compared with this boot.
        if length == 0 {
            guard let mark = try lock.readMark(), mark.journalLength > 0, mark.boot == files.fileSystem.bootIdentifier() else {
                return JournalState(length: 0, appliedInThisBoot: nil)
            }
            return JournalState(length: 0, appliedInThisBoot: mark.journalLength)
        }
        guard let boot = files.fileSystem.bootIdentifier(), let mark = try lock.readMark(), mark.boot == boot else {
            return JournalState(length: length, appliedInThisBoot: nil)
        }
        return JournalState(length: length, appliedInThisBoot: mark.journalLength)
    }

    /// The journal's length when the files reflect all of it, else nil
    /// (a replay is due).
    var appliedLength: Int? {
        guard let length, length > 0 else { return 0 }
        return appliedInThisBoot == length ? length : nil
    }

    /// Why the journal cannot have come from this boot's commits and a
    /// crash, judged by its length alone; nil when it can.
    var cutProblem: String? {
        guard let length, let applied = appliedInThisBoot, length < applied else { return nil }
        return "it holds \(length) bytes, fewer than the \(applied) that this boot's commits wrote and applied, "
            + "so it was cut or replaced (no crash does that)"
    }

    /// Why `journal` (parsed) cannot have come from this boot's commits and
    /// a crash; nil when it can.
    func problem(in journal: Journal) -> String? {
        if let cutProblem { return cutProblem }
        guard let applied = appliedInThisBoot, journal.validLength < applied else { return nil }
        return "the record at byte \(journal.validLength) is not whole, inside the \(applied) bytes that this boot's "
            + "commits wrote and applied, so it was changed (no crash does that)"
    }

    /// Throws the damage `problem` (or, without `journal`, `cutProblem`)
    /// describes, naming the journal of `files`.
    func check(_ journal: Journal? = nil, files: CommittedFiles) throws(DurableFilesError) {
        guard let reason = journal.map(problem(in:)) ?? cutProblem else { return }
        throw .damaged(path: JournalFile(files: files).path, reason: reason)
    }
}
