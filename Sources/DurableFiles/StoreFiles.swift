/// Reading committed files of a store: the part readers and transactions share.
struct StoreFiles: Sendable {
    let root: String
    let fileSystem: any FileSystem

    func absolute(_ relative: String) -> String {
        StorePath.join(root, relative)
    }

    /// The file's bytes, or `nil` when it does not exist; see `readRegularFile`.
    func read(_ relative: String) throws(DurableFilesError) -> [UInt8]? {
        try fileSystem.requireSafeDirectories(root: root, toward: relative)
        return try fileSystem.readRegularFile(absolute(relative))
    }

    /// Entry names of a directory, sorted, without the store's own files;
    /// a missing directory has no entries.
    func list(_ relative: String) throws(DurableFilesError) -> [String] {
        let path = absolute(relative)
        try fileSystem.requireSafeDirectories(root: root, toward: relative.isEmpty ? "" : relative + "/")
        var names: [String]
        do {
            names = try fileSystem.listDirectory(path)
        } catch .noSuchFile {
            return []
        } catch {
            throw error.failure(.list, path)
        }
        names.removeAll { name in
            name.first == "." || (relative.isEmpty && StorePath.reservedNames.contains(name))
        }
        return names.sorted()
    }
}

/// Read access to a store under its lock; only valid inside the closure
/// given to `DurableStore.read`.
public final class StoreReader {
    let files: StoreFiles
    var isOpen = true

    init(files: StoreFiles) {
        self.files = files
    }

    /// The file's bytes, or `nil` when it does not exist.
    public func read(_ path: String) throws(DurableFilesError) -> [UInt8]? {
        precondition(isOpen, "StoreReader used outside its read closure")
        try StorePath.validateFile(path)
        return try files.read(path)
    }

    /// The sorted entry names (files and directories) of `directory`
    /// (`""` is the root); a missing directory has none.
    public func list(_ directory: String) throws(DurableFilesError) -> [String] {
        precondition(isOpen, "StoreReader used outside its read closure")
        try StorePath.validateDirectory(directory)
        return try files.list(directory)
    }
}
