import SystemFiles

/// Reading committed files of a store: the part readers and transactions share.
struct CommittedFiles: Sendable {
    let root: String
    let fileSystem: any FileSystem
    /// Directories of the store already found safe (see `FileSafety`).
    let safeDirectories: SafeDirectories
    /// Written files from which a checkpoint makes them durable with one
    /// sync of the whole file system rather than one of each (`Checkpoint`).
    let wholeSyncFrom: Int

    /// Refuses a link or an untrusted directory on the way to `relative`.
    func requireSafeDirectories(toward relative: String) throws(DurableFilesError) {
        try fileSystem.requireSafeDirectories(root: root, toward: relative, known: safeDirectories)
    }

    func absolute(_ relative: String) -> String {
        StorePath.join(root, relative)
    }

    /// The file's bytes, or `nil` when it does not exist; see `readRegularFile`.
    func read(_ relative: String) throws(DurableFilesError) -> [UInt8]? {
        try requireSafeDirectories(toward: relative)
        return try fileSystem.readRegularFile(absolute(relative))
    }

    /// Refuses a link or an untrusted directory on the way to the directory
    /// `relative`, and `relative` itself (see `FileSafety`).
    private func requireSafeDirectory(_ relative: String) throws(DurableFilesError) {
        try requireSafeDirectories(toward: relative.isEmpty ? "" : relative + "/")
    }

    /// Entry names of a directory, sorted, without the store's own files;
    /// a missing directory has no entries.
    func list(_ relative: String) throws(DurableFilesError) -> [String] {
        let path = absolute(relative)
        try requireSafeDirectory(relative)
        var names: [String]
        do {
            names = try fileSystem.listDirectory(path)
        } catch .noSuchFile {
            return []
        } catch {
            throw error.failure(.list, path)
        }
        names.removeAll { name in
            // The first byte, not the first Character: no grapheme breaking per name.
            name.utf8.first == UInt8(ascii: ".") || (relative.isEmpty && StorePath.reservedNames.contains(name))
        }
        return names.sorted()
    }

    /// The first file below `relative` in path order, or nil: the smallest
    /// name at each level, without sorting or visiting the rest (each
    /// directory holds a file, so the smallest name leads to one). A
    /// directory met on the way that `descending` declines is the answer
    /// itself: its name may say all the caller needs (a schedule's hour
    /// that is wholly past or wholly to come), without a look inside.
    func firstFile(under relative: String,
                   descending: (String) -> Bool = { _ in true }) throws(DurableFilesError) -> String? {
        let path = absolute(relative)
        try requireSafeDirectory(relative)
        let atRoot = relative.isEmpty
        let smallest: String?
        do {
            // One comparison per entry: the schedule's first second may
            // hold an entry for each account of the store (one daily deadline).
            smallest = try fileSystem.smallestName(in: path) { !Self.isHiddenOrOwn($0, atRoot: atRoot) }
        } catch .noSuchFile {
            return nil
        } catch {
            throw error.failure(.list, path)
        }
        guard let smallest else { return nil }
        if let found = try firstFile(at: atRoot ? smallest : relative + "/" + smallest, descending: descending) { return found }
        // Gone since it was listed, or a directory left empty by an older
        // lifesignal (rare): look at the names in order.
        return try firstFileAmongAll(under: relative, descending: descending)
    }

    /// `firstFile(under:)` trying each name from the smallest up.
    private func firstFileAmongAll(under relative: String,
                                   descending: (String) -> Bool) throws(DurableFilesError) -> String? {
        var names = try list(relative)
        names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in names {
            if let found = try firstFile(at: relative.isEmpty ? name : relative + "/" + name, descending: descending) {
                return found
            }
        }
        return nil
    }

    /// `child` when it is not a directory, else the first file below it
    /// (or `child` itself when `descending` declines it); nil when it is
    /// gone or holds no file.
    private func firstFile(at child: String, descending: (String) -> Bool) throws(DurableFilesError) -> String? {
        let status: FileStatus
        do {
            status = try fileSystem.lstat(absolute(child))
        } catch .noSuchFile {
            return nil
        } catch {
            throw error.failure(.lstat, absolute(child))
        }
        guard status.kind == .directory else { return child }
        // The same check `requireSafeDirectories` would make of it with a
        // second lstat: known safe, the look below asks nothing more.
        try FileSafety.checkDirectory(status, at: absolute(child), userID: fileSystem.userID)
        safeDirectories.insert(child)
        guard descending(child) else { return child }
        return try firstFile(under: child, descending: descending)
    }

    /// A hidden name (temporary files) or, at the root, one of the store's own files.
    private static func isHiddenOrOwn(_ name: UnsafeBufferPointer<UInt8>, atRoot: Bool) -> Bool {
        if name.first == UInt8(ascii: ".") { return true }
        return atRoot && StorePath.reservedNames.contains { $0.utf8.elementsEqual(name) }
    }

    /// Hands the files `files(under:)` lists to `body`, in the same (path)
    /// order, holding one directory's entries per level instead of every
    /// path of the store.
    func forEachFile(under relative: String, _ body: (String) throws -> Void) throws {
        let entries = try entriesInPathOrder(relative)
        for (name, isDirectory) in entries {
            let child = relative.isEmpty ? name : relative + "/" + name
            if isDirectory { try forEachFile(under: child, body) } else { try body(child) }
        }
    }

    /// The entries of `relative` and whether each is a directory, in the
    /// order of the paths they lead to: a directory's name counts as
    /// followed by `/`, so the file `a-b` comes before the files in `a/`,
    /// as in a sorted listing of paths.
    private func entriesInPathOrder(_ relative: String) throws(DurableFilesError) -> [(name: String, isDirectory: Bool)] {
        try entries(of: relative).sorted { Self.precedes($0, $1) }
    }

    /// The entries `list` gives of `relative`, each with whether it is a
    /// directory (one that vanished meanwhile is left out).
    private func entries(of relative: String) throws(DurableFilesError) -> [(name: String, isDirectory: Bool)] {
        var entries: [(name: String, isDirectory: Bool)] = []
        for name in try list(relative) {
            let child = relative.isEmpty ? name : relative + "/" + name
            let status: FileStatus
            do {
                status = try fileSystem.lstat(absolute(child))
            } catch .noSuchFile {
                continue
            } catch {
                throw error.failure(.lstat, absolute(child))
            }
            entries.append((name, status.kind == .directory))
        }
        return entries
    }

    /// Whether the path of `left` sorts before that of `right`, a
    /// directory's name followed by `/`, byte by byte.
    private static func precedes(_ left: (name: String, isDirectory: Bool), _ right: (name: String, isDirectory: Bool)) -> Bool {
        var leftBytes = left.name.utf8.makeIterator(), rightBytes = right.name.utf8.makeIterator()
        var leftSlashed = false, rightSlashed = false
        func next(_ bytes: inout String.UTF8View.Iterator, _ isDirectory: Bool, _ slashed: inout Bool) -> UInt8? {
            if let byte = bytes.next() { return byte }
            guard isDirectory, !slashed else { return nil }
            slashed = true
            return UInt8(ascii: "/")
        }
        while true {
            switch (next(&leftBytes, left.isDirectory, &leftSlashed), next(&rightBytes, right.isDirectory, &rightSlashed)) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case (let leftByte?, let rightByte?) where leftByte != rightByte: return leftByte < rightByte
            default: continue
            }
        }
    }

    /// Every regular file below `relative` (`""` is the whole store),
    /// recursively, as sorted relative paths; the store's own files and
    /// hidden names are not among them. Anything that is neither a regular
    /// file nor a directory (a FIFO, a symbolic link) is listed too, so that
    /// reading it reports the damage.
    func files(under relative: String) throws(DurableFilesError) -> [String] {
        var result: [String] = []
        var pending = [relative]
        while let directory = pending.popLast() {
            for (name, isDirectory) in try entries(of: directory) {
                let child = directory.isEmpty ? name : directory + "/" + name
                if isDirectory { pending.append(child) } else { result.append(child) }
            }
        }
        return result.sorted()
    }
}
