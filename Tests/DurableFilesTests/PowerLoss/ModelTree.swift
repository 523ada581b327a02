import DurableFiles
@testable import SystemFiles

/// The inodes and names of `PowerLossFileSystem`, each holding two versions:
/// what the page cache shows (`volatile`) and what the disk holds (`durable`).
///
/// Directory entries point to inode numbers, so a file is reachable after a
/// power loss only through entries that were durable; an inode is never
/// dropped before a power loss, because a durable entry may still lead to it
/// after the volatile one was removed. Paths are absolute and normalised (no
/// `.` or `..` components); there are no symbolic links, so `lstat` and
/// `stat` agree and `O_NOFOLLOW` never refuses.
struct ModelTree: Sendable {
    typealias Inode = Int

    /// A regular file's bytes; permissions are metadata kept as set.
    struct File: Sendable, Hashable {
        var volatile: [UInt8] = []
        var durable: [UInt8] = []
        var permissions: FilePermissions
    }

    /// A directory's entries, name → inode.
    struct Directory: Sendable, Hashable {
        var entries: [String: Inode] = [:]
        var durableEntries: [String: Inode] = [:]
        var permissions: FilePermissions
    }

    /// Where a path's last component lives: the directory that holds it and its name.
    struct Location: Sendable, Hashable {
        var directory: Inode
        var name: String
        /// The path ended with `/`, which only a directory may follow.
        var trailingSlash: Bool
    }

    static let root: Inode = 1

    var files: [Inode: File] = [:]
    var directories: [Inode: Directory] = [Self.root: Directory(permissions: FilePermissions(rawValue: 0o755))]
    private var nextInode: Inode = Self.root + 1

    // MARK: - Resolution

    /// The location of `path`'s last component, or `nil` for `/` itself.
    /// Throws `ENOENT` or `ENOTDIR` for a missing or non-directory component on the way.
    func locate(_ path: String) throws(Errno) -> Location? {
        precondition(path.hasPrefix("/"), "PowerLossFileSystem takes absolute paths, not '\(path)'")
        let components = path.split(separator: "/")
        precondition(!components.contains { $0 == "." || $0 == ".." }, "'\(path)' is not normalised")
        guard let last = components.last else { return nil }
        var current = Self.root
        for component in components.dropLast() {
            guard let next = directories[current]?.entries[String(component)] else { throw .noSuchFile }
            guard directories[next] != nil else { throw .notDirectory }
            current = next
        }
        return Location(directory: current, name: String(last), trailingSlash: path.hasSuffix("/"))
    }

    /// The inode at `location` (the root for `nil`), or `nil` when no entry has its name.
    func inode(at location: Location?) throws(Errno) -> Inode? {
        guard let location else { return Self.root }
        guard let inode = directories[location.directory]?.entries[location.name] else { return nil }
        if location.trailingSlash && files[inode] != nil { throw .notDirectory }
        return inode
    }

    /// The inode `path` names; `ENOENT` when there is none.
    func existing(_ path: String) throws(Errno) -> Inode {
        guard let inode = try inode(at: locate(path)) else { throw .noSuchFile }
        return inode
    }

    /// Whether `inode` is `ancestor` or lies (volatilely) below it.
    func isWithin(_ inode: Inode, _ ancestor: Inode) -> Bool {
        if inode == ancestor { return true }
        guard let directory = directories[ancestor] else { return false }
        return directory.entries.values.contains { directories[$0] != nil && isWithin(inode, $0) }
    }

    // MARK: - Changes to the volatile view

    mutating func makeFile(permissions: FilePermissions) -> Inode {
        let inode = allocate()
        files[inode] = File(permissions: permissions)
        return inode
    }

    mutating func makeDirectory(permissions: FilePermissions) -> Inode {
        let inode = allocate()
        directories[inode] = Directory(permissions: permissions)
        return inode
    }

    /// Points the entry at `location` to `inode`, replacing what it named.
    mutating func link(_ inode: Inode, at location: Location) {
        directories[location.directory]?.entries[location.name] = inode
    }

    mutating func removeEntry(at location: Location) {
        directories[location.directory]?.entries[location.name] = nil
    }

    mutating func setPermissions(_ permissions: FilePermissions, of inode: Inode) {
        if files[inode] != nil { files[inode]?.permissions = permissions }
        if directories[inode] != nil { directories[inode]?.permissions = permissions }
    }

    /// `syncfs`: every inode's volatile state becomes its durable state.
    mutating func syncAll() {
        for inode in files.keys { sync(inode) }
        for inode in directories.keys { sync(inode) }
    }

    /// `fsync`: the inode's volatile state becomes its durable state.
    mutating func sync(_ inode: Inode) {
        if let file = files[inode] { files[inode]?.durable = file.volatile }
        if let directory = directories[inode] { directories[inode]?.durableEntries = directory.entries }
    }

    private mutating func allocate() -> Inode {
        defer { nextInode += 1 }
        return nextInode
    }

    // MARK: - Inspection

    func status(_ inode: Inode) -> FileStatus {
        if let file = files[inode] {
            return FileStatus(kind: .regular, permissions: file.permissions, size: Int64(file.volatile.count))
        }
        let permissions = directories[inode]?.permissions ?? FilePermissions(rawValue: 0)
        return FileStatus(kind: .directory, permissions: permissions, size: 4096)
    }

    /// Every regular file reachable below `path` in the volatile view,
    /// relative path → bytes; empty when `path` is not a directory.
    func regularFiles(under path: String) -> [String: [UInt8]] {
        guard let start = try? existing(path), directories[start] != nil else { return [:] }
        var result: [String: [UInt8]] = [:]
        var pending: [(inode: Inode, prefix: String)] = [(start, "")]
        while let (inode, prefix) = pending.popLast() {
            for (name, child) in directories[inode]?.entries ?? [:] {
                if let file = files[child] {
                    result[prefix + name] = file.volatile
                } else {
                    pending.append((child, prefix + name + "/"))
                }
            }
        }
        return result
    }
}
