import SystemFiles

/// Which files and directories a store trusts: only what nobody but the
/// user could have planted or changed, the way ssh trusts `authorized_keys`.
///
/// Another local user who may write a store directory could otherwise point
/// `lock` at `~/.ssh/authorized_keys` and have it overwritten, or create a
/// world-readable `journal` first and read every commit. So:
/// - the store directory (and each directory inside it) must belong to the
///   user and be writable by nobody else; inside the store a directory must
///   be a real one, never a symbolic link;
/// - every file must be a regular file (opened without following links),
///   belong to the user and give the group and others no access at all; a
///   file written in place (the lock and gate files, the journal) must have
///   exactly one name, so it cannot be a hard link to a file elsewhere;
/// - each directory above the store must belong to the user or to root, and
///   if others may write it, have the sticky bit (`/tmp`), so nobody else can
///   swap the store for one of their own. Group-writable ancestors are
///   allowed: with per-user groups (umask 002) that group is the user's own.
///
/// Anything else is refused with `DurableFilesError.unsafe`, naming the path,
/// what is wrong and what to do; nothing is changed to "fix" it.
public enum FileSafety {
    /// What a store's own file must be.
    static func checkFile(_ status: FileStatus, at path: String, userID: UInt32,
                          writtenInPlace: Bool = false) throws(DurableFilesError) {
        switch status.kind {
        case .regular: break
        case .symbolicLink: throw symbolicLink(path)
        case .directory, .other: throw .damaged(path: path, reason: "it is not a regular file")
        }
        try checkOwner(status, at: path, userID: userID)
        if status.permissions.groupOrOtherAccess {
            throw .unsafe(path: path, reason: "the group or others have access to it (mode \(status.permissions))",
                          remedy: "if the file is yours as it is, take their access away: chmod 600 '\(path)'")
        }
        if writtenInPlace, status.linkCount != 1 {
            throw .unsafe(path: path, reason: "it has \(status.linkCount) names (hard links), so writing it would change another file",
                          remedy: "move it aside; lifesignal makes a new one")
        }
    }

    /// What the store directory, or a directory inside it, must be.
    static func checkDirectory(_ status: FileStatus, at path: String, userID: UInt32) throws(DurableFilesError) {
        switch status.kind {
        case .directory: break
        case .symbolicLink: throw symbolicLink(path)
        case .regular, .other: throw Errno.notDirectory.failure(.lstat, path)
        }
        try checkOwner(status, at: path, userID: userID)
        if status.permissions.groupOrOtherWrite {
            throw .unsafe(path: path, reason: "the group or others may write in it (mode \(status.permissions)), "
                          + "so they could plant files there",
                          remedy: "if everything in it is yours, take their write access away: chmod go-w '\(path)'")
        }
    }

    /// What a directory above a store must be.
    static func checkAncestor(_ status: FileStatus, at path: String, userID: UInt32) throws(DurableFilesError) {
        if status.owner != userID, status.owner != 0 {
            throw .unsafe(path: path, reason: "it belongs to user \(status.owner), who could replace the store below it",
                          remedy: "keep the store in a directory of your own (--store DIR or LIFESIGNAL_STORE)")
        }
        if status.permissions.otherWrite, !status.permissions.isSticky {
            throw .unsafe(path: path, reason: "anyone may write in it (mode \(status.permissions)) and it has no "
                          + "sticky bit, so anyone could replace the store below it",
                          remedy: "chmod o-w '\(path)' (or +t), or keep the store in a directory of your own")
        }
    }

    private static func checkOwner(_ status: FileStatus, at path: String, userID: UInt32) throws(DurableFilesError) {
        guard status.owner != userID else { return }
        throw .unsafe(path: path, reason: "it belongs to user \(status.owner), not to you (user \(userID))",
                      remedy: "find out who put it there; if it is yours, chown it to yourself, otherwise move it aside")
    }

    static func symbolicLink(_ path: String) -> DurableFilesError {
        .unsafe(path: path, reason: "it is a symbolic link, and lifesignal never follows links inside its directories",
                remedy: "find out who put it there, then replace it with the real file or directory, or remove it")
    }
}

extension FileSystem {
    /// Refuses a store (or local) directory that `FileSafety` does not
    /// trust: the directory itself and, with `ancestors`, every directory
    /// above it. `path` itself may be a symbolic link to a directory (a store
    /// kept on another disk); it is judged by what it points to. `status`
    /// is what `stat` said of `path` just before, if the caller asked.
    public func requireSafeDirectory(_ path: String, ancestors: Bool,
                                     status known: FileStatus? = nil) throws(DurableFilesError) {
        let status: FileStatus
        if let known {
            status = known
        } else {
            do { status = try stat(path) } catch { throw error.failure(.stat, path) }
        }
        try FileSafety.checkDirectory(status, at: path, userID: userID)
        guard ancestors else { return }
        var current = path
        while let parent = StorePath.parentOfDirectory(current), parent != current {
            let above: FileStatus
            do { above = try stat(parent) } catch { throw error.failure(.stat, parent) }
            try FileSafety.checkAncestor(above, at: parent, userID: userID)
            current = parent
        }
    }

    /// Refuses a symbolic link, or a directory `FileSafety` does not trust,
    /// on the way from `root` to the file or directory `relative` (which is
    /// not itself examined); directories not made yet are fine. Directories
    /// in `known` were found safe before and are not looked at again: once
    /// the store's own directory is safe, nobody else can change what is in it.
    public func requireSafeDirectories(root: String, toward relative: String,
                                       known: SafeDirectories? = nil) throws(DurableFilesError) {
        var relative = relative
        // Over the path's own bytes: a command reading a thousand files asks
        // this a thousand times, and a `String` per directory walked showed.
        try relative.withUTF8 { bytes in
            Result { () throws(DurableFilesError) in try requireSafeDirectories(root: root, toward: bytes, known: known) }
        }.get()
    }

    private func requireSafeDirectories(root: String, toward bytes: UnsafeBufferPointer<UInt8>,
                                        known: SafeDirectories?) throws(DurableFilesError) {
        let slash = UInt8(ascii: "/")
        // The usual case: the deepest directory was found safe before, and
        // with it (found first) every one above it.
        if let known, let last = bytes.lastIndex(of: slash), known.contains(UnsafeBufferPointer(rebasing: bytes[..<last])) {
            return
        }
        var cursor = 0
        while let end = bytes[cursor...].firstIndex(of: slash) {
            cursor = end + 1
            let directory = UnsafeBufferPointer(rebasing: bytes[..<end])
            if known?.contains(directory) == true { continue }
            let path = StorePath.join(root, String(decoding: directory, as: UTF8.self))
            let status: FileStatus
            do throws(Errno) {
                status = try lstat(path)
            } catch .noSuchFile {
                return
            } catch {
                throw error.failure(.lstat, path)
            }
            try FileSafety.checkDirectory(status, at: path, userID: userID)
            known?.insert(directory)
        }
    }

    /// Refuses, and closes, a descriptor of a file the store writes in
    /// place (the lock, the gate, the journal) unless `FileSafety` trusts
    /// what it is open on. Open such files with `.noFollow`.
    /// Returns what `fstat` said of it.
    @discardableResult
    func requireTrusted(_ descriptor: FileDescriptor, at path: String) throws(DurableFilesError) -> FileStatus {
        do throws(DurableFilesError) {
            let status: FileStatus
            do { status = try fstat(descriptor) } catch { throw error.failure(.fstat, path) }
            try FileSafety.checkFile(status, at: path, userID: userID, writtenInPlace: true)
            return status
        } catch {
            try? close(descriptor)
            throw error
        }
    }
}

extension FileSystem {
    /// A failure of `open` on a store file, said the way `FileSafety` would:
    /// `ELOOP` from `O_NOFOLLOW` is a symbolic link, and a file we may not
    /// open is explained by its owner or mode when those are what is wrong.
    func openFailure(_ error: Errno, _ path: String) -> DurableFilesError {
        if error == .tooManyLinks { return FileSafety.symbolicLink(path) }
        if error == .permissionDenied, let status = try? lstat(path) {
            do { try FileSafety.checkFile(status, at: path, userID: userID) } catch { return error }
        }
        return error.failure(.open, path)
    }
}
