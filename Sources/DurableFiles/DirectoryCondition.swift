/// The state of a durable directory's own machinery, as a read-only tool
/// sees it: whether commits wait to be replayed, whether the journal could
/// be replayed at all, and what interrupted writes left behind.
public struct DirectoryCondition: Sendable, Equatable {
    /// The files may lag behind the journal: the next access replays it.
    public var replayIsDue: Bool
    /// Why the journal cannot be replayed, when it cannot (an incomplete
    /// last record, left by a crash, is not a problem).
    public var journalProblem: String?
    /// Whether the journal's problem lies in what this boot's commits had
    /// already applied (it was cut or changed since): the files then hold
    /// every commit it recorded.
    public var filesHoldJournal: Bool
    /// Temporary files of interrupted writes, relative to the root; the
    /// next write to their directory removes them.
    public var temporaryFiles: [String]

    /// The full path of the journal, for naming it in findings.
    public var journalPath: String

    /// Looks, under `lock` (held), without changing anything.
    init(files: CommittedFiles, lock: StoreLock) throws(DurableFilesError) {
        let journal = JournalFile(files: files)
        journalPath = journal.path
        // A journal that cannot even be measured is reported as its problem below.
        let state = try? JournalState.read(files: files, lock: lock)
        replayIsDue = state.map { $0.appliedLength == nil } ?? false
        filesHoldJournal = false
        do {
            let bytes = try files.fileSystem.readRegularFile(journal.path, limit: JournalFile.readLimit) ?? []
            journalProblem = state?.cutProblem
            if journalProblem == nil {
                journalProblem = state?.problem(in: try Journal.decode(bytes, path: journal.path))
            }
            filesHoldJournal = journalProblem != nil
        } catch .damaged(_, let reason) {
            journalProblem = reason
        }
        temporaryFiles = try Self.temporaryFiles(files)
    }

    /// Every temporary file in the tree, hidden directories aside.
    private static func temporaryFiles(_ files: CommittedFiles) throws(DurableFilesError) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let directory = pending.popLast() {
            let path = files.absolute(directory)
            let names: [String]
            do {
                names = try files.fileSystem.listDirectory(path)
            } catch .noSuchFile {
                continue
            } catch {
                throw error.failure(.list, path)
            }
            for name in names {
                let child = directory.isEmpty ? name : directory + "/" + name
                if StorePath.isTemporaryName(name) {
                    found.append(child)
                } else if name.first != ".", (try? files.fileSystem.lstat(files.absolute(child)))?.kind == .directory {
                    pending.append(child)
                }
            }
        }
        return found.sorted()
    }
}
