/// Read access to a store under its lock; only valid inside the closure
/// given to `DurableDirectory.read` (or `inspect`).
public final class DirectoryReader {
    let files: CommittedFiles
    /// For `inspect` while a replay is due: the journal's commits over the
    /// files, so the store is seen as the replay will leave it.
    let pending: Transaction?
    var isOpen = true

    init(files: CommittedFiles, pending: Transaction? = nil) {
        self.files = files
        self.pending = pending
    }

    /// The file's bytes, or `nil` when it does not exist.
    public func read(_ path: String) throws(DurableFilesError) -> [UInt8]? {
        precondition(isOpen, "DirectoryReader used outside its read closure")
        if let pending { return try pending.read(path) }
        try StorePath.validateFile(path)
        return try files.read(path)
    }

    /// The sorted entry names (files and directories) of `directory`
    /// (`""` is the root); a missing directory has none.
    public func list(_ directory: String) throws(DurableFilesError) -> [String] {
        precondition(isOpen, "DirectoryReader used outside its read closure")
        if let pending { return try pending.list(directory) }
        try StorePath.validateDirectory(directory)
        return try files.list(directory)
    }

    /// The first file below `directory` in path order, or nil, found
    /// without listing the rest. A directory on the way that `descending`
    /// declines is the answer instead of a file below it (the caller's
    /// question is answered by its name), so only the directories it
    /// takes are looked into.
    public func firstFile(under directory: String,
                          descending: (String) -> Bool = { _ in true }) throws(DurableFilesError) -> String? {
        precondition(isOpen, "DirectoryReader used outside its read closure")
        if let pending { return try pending.firstFile(under: directory, descending: descending) }
        try StorePath.validateDirectory(directory)
        return try files.firstFile(under: directory, descending: descending)
    }

    /// Every file below `directory`, recursively, as sorted paths relative
    /// to the root.
    public func files(under directory: String) throws(DurableFilesError) -> [String] {
        precondition(isOpen, "DirectoryReader used outside its read closure")
        if let pending { return try pending.files(under: directory) }
        try StorePath.validateDirectory(directory)
        return try files.files(under: directory)
    }

    /// Hands the files `files(under:)` lists to `body`, in the same order,
    /// holding a directory's entries per level, not every path.
    public func forEachFile(under directory: String, _ body: (String) throws -> Void) throws {
        precondition(isOpen, "DirectoryReader used outside its read closure")
        if let pending {
            for path in try pending.files(under: directory) { try body(path) }
            return
        }
        try StorePath.validateDirectory(directory)
        try files.forEachFile(under: directory, body)
    }
}
