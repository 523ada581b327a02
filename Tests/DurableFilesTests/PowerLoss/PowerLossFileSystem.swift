import DurableFiles
import Glibc
import Synchronization
@testable import SystemFiles

/// An in-memory `FileSystem` that can lose power: whatever `fsync` did not
/// make durable may vanish.
///
/// It models POSIX durability conservatively. `fsync` of a file makes its
/// bytes durable, not its name; `fsync` of a directory makes its entries
/// durable (creations, renames, removals), not the files they name. A power
/// loss reverts the rest (see `PowerLossMode`), closes every descriptor,
/// drops every lock and starts a new boot. Open file descriptions are not
/// shared (there is no `dup` or `fork`), so each descriptor is its own for
/// `flock`; descriptor numbers are never reused, so a stale one fails with
/// `EBADF`. See `ModelTree` for the namespace's limits.
///
/// `syncWholeFileSystem` (`syncfs`) makes everything durable at once. A
/// directory `mount(at:)` names is on another device (`FileStatus.device`),
/// as a mount point is, with everything below it.
final class PowerLossFileSystem: FileSystem {
    private struct OpenFile {
        var inode: ModelTree.Inode
        var access: OpenAccess
        /// Where `read(_:upTo:)` continues.
        var position = 0
    }

    private struct State {
        var tree = ModelTree()
        var locks = FlockTable()
        var descriptors: [Int32: OpenFile] = [:]
        var nextDescriptor: Int32 = 3
        var boot = 1
        /// Directories standing for mount points (absolute paths).
        var mountPoints: Set<String> = []

        func open(_ descriptor: FileDescriptor) throws(Errno) -> OpenFile {
            guard let open = descriptors[descriptor.rawValue] else { throw .badFileDescriptor }
            return open
        }
    }

    private let state = Mutex(State())
    /// Bits cleared from the permissions given to `open` (on creation) and `mkdir`.
    let umask: FilePermissions

    init(umask: FilePermissions = FilePermissions(rawValue: 0o022)) {
        self.umask = umask
    }

    // MARK: - Losing the machine

    /// The process dies (`kill -9`): descriptors close and locks go, the
    /// page cache keeps everything.
    func crash() {
        state.withLock { state in
            state.descriptors.removeAll()
            state.locks.releaseAll()
        }
    }

    /// The machine loses power and boots again: as `crash()`, and what was
    /// not durable reverts as `mode` says.
    func powerLoss(_ mode: PowerLossMode) {
        state.withLock { state in
            state.descriptors.removeAll()
            state.locks.releaseAll()
            state.tree.losePower(mode)
            state.boot += 1
        }
    }

    /// Descriptors not closed yet.
    var openDescriptorCount: Int {
        state.withLock { $0.descriptors.count }
    }

    /// Every regular file below the directory `path`, relative path → bytes,
    /// as a process would read them now.
    func regularFiles(under path: String) -> [String: [UInt8]] {
        state.withLock { $0.tree.regularFiles(under: path) }
    }

    // MARK: - FileSystem

    func open(
        _ path: String, access: OpenAccess, options: OpenOptions, permissions: FilePermissions
    ) throws(Errno) -> FileDescriptor {
        try state.withLock { (state) throws(Errno) -> FileDescriptor in
            let location = try state.tree.locate(path)
            let inode: ModelTree.Inode
            if let found = try state.tree.inode(at: location) {
                if options.contains([.create, .exclusive]) { throw .fileExists }
                inode = found
            } else {
                guard options.contains(.create), let location else { throw .noSuchFile }
                if location.trailingSlash { throw .isDirectory }
                inode = state.tree.makeFile(permissions: permissions.removing(umask))
                state.tree.link(inode, at: location)
            }
            if state.tree.directories[inode] != nil {
                if access != .readOnly || options.contains(.create) { throw .isDirectory }
            } else {
                if options.contains(.directory) { throw .notDirectory }
                if options.contains(.truncate) && access != .readOnly { state.tree.files[inode]?.volatile = [] }
            }
            let descriptor = state.nextDescriptor
            state.nextDescriptor += 1
            state.descriptors[descriptor] = OpenFile(inode: inode, access: access)
            return FileDescriptor(rawValue: descriptor)
        }
    }

    func read(_ descriptor: FileDescriptor, upTo count: Int) throws(Errno) -> [UInt8] {
        try state.withLock { (state) throws(Errno) -> [UInt8] in
            let open = try state.open(descriptor)
            if open.access == .writeOnly { throw .badFileDescriptor }
            guard let file = state.tree.files[open.inode] else { throw .isDirectory }
            let start = min(open.position, file.volatile.count)
            let end = min(start + max(count, 0), file.volatile.count)
            state.descriptors[descriptor.rawValue]?.position = end
            return Array(file.volatile[start..<end])
        }
    }

    func readAll(_ descriptor: FileDescriptor, expectedSize: Int?) throws(Errno) -> [UInt8] {
        try state.withLock { (state) throws(Errno) -> [UInt8] in
            let open = try state.open(descriptor)
            if open.access == .writeOnly { throw .badFileDescriptor }
            guard let file = state.tree.files[open.inode] else { throw .isDirectory }
            return file.volatile
        }
    }

    func writeAll(_ descriptor: FileDescriptor, _ bytes: [UInt8], at offset: Int64) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            let open = try state.open(descriptor)
            if open.access == .readOnly { throw .badFileDescriptor }
            guard offset >= 0, var content = state.tree.files[open.inode]?.volatile else { throw .invalidArgument }
            let start = Int(offset)
            if content.count < start + bytes.count {
                content += repeatElement(0, count: start + bytes.count - content.count)
            }
            content.replaceSubrange(start..<(start + bytes.count), with: bytes)
            state.tree.files[open.inode]?.volatile = content
        }
    }

    func truncate(_ descriptor: FileDescriptor, size: Int64) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            let open = try state.open(descriptor)
            // Linux's ftruncate: EINVAL for a descriptor not open for writing or not a regular file.
            guard open.access != .readOnly, size >= 0, var content = state.tree.files[open.inode]?.volatile else {
                throw .invalidArgument
            }
            let size = Int(size)
            if content.count > size {
                content.removeSubrange(size...)
            } else {
                content += repeatElement(0, count: size - content.count)
            }
            state.tree.files[open.inode]?.volatile = content
        }
    }

    func fsync(_ descriptor: FileDescriptor) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            state.tree.sync(try state.open(descriptor).inode)
        }
    }

    func syncWholeFileSystem(_ descriptor: FileDescriptor) throws(Errno) -> Bool {
        try state.withLock { (state) throws(Errno) in
            _ = try state.open(descriptor)
            state.tree.syncAll()
        }
        return true
    }

    func fchmod(_ descriptor: FileDescriptor, _ permissions: FilePermissions) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            state.tree.setPermissions(permissions, of: try state.open(descriptor).inode)
        }
    }

    func close(_ descriptor: FileDescriptor) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            guard state.descriptors.removeValue(forKey: descriptor.rawValue) != nil else { throw .badFileDescriptor }
            state.locks.release(descriptor.rawValue)
        }
    }

    func rename(_ source: String, to destination: String) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            guard let from = try state.tree.locate(source), let to = try state.tree.locate(destination) else {
                throw .invalidArgument  // renaming `/` or onto it; Linux says EBUSY
            }
            guard let moved = try state.tree.inode(at: from) else { throw .noSuchFile }
            let movesDirectory = state.tree.directories[moved] != nil
            if to.trailingSlash && !movesDirectory { throw .notDirectory }
            if let replaced = try state.tree.inode(at: to) {
                if replaced == moved { return }
                if let directory = state.tree.directories[replaced] {
                    if !movesDirectory { throw .isDirectory }
                    if !directory.entries.isEmpty { throw .directoryNotEmpty }
                } else if movesDirectory {
                    throw .notDirectory
                }
            }
            if movesDirectory && state.tree.isWithin(to.directory, moved) { throw .invalidArgument }
            state.tree.removeEntry(at: from)
            state.tree.link(moved, at: to)
        }
    }

    func unlink(_ path: String) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            guard let location = try state.tree.locate(path) else { throw .isDirectory }
            guard let inode = try state.tree.inode(at: location) else { throw .noSuchFile }
            if state.tree.directories[inode] != nil { throw .isDirectory }
            state.tree.removeEntry(at: location)
        }
    }

    func rmdir(_ path: String) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            guard let location = try state.tree.locate(path) else { throw .busy }
            guard let inode = try state.tree.inode(at: location) else { throw .noSuchFile }
            guard let directory = state.tree.directories[inode] else { throw .notDirectory }
            if !directory.entries.isEmpty { throw .directoryNotEmpty }
            state.tree.removeEntry(at: location)
        }
    }

    func mkdir(_ path: String, permissions: FilePermissions) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            guard let location = try state.tree.locate(path) else { throw .fileExists }
            if try state.tree.inode(at: location) != nil { throw .fileExists }
            let inode = state.tree.makeDirectory(permissions: permissions.removing(umask))
            state.tree.link(inode, at: location)
        }
    }

    func chmod(_ path: String, _ permissions: FilePermissions) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            state.tree.setPermissions(permissions, of: try state.tree.existing(path))
        }
    }

    func listDirectory(_ path: String) throws(Errno) -> [String] {
        try state.withLock { (state) throws(Errno) -> [String] in
            guard let directory = state.tree.directories[try state.tree.existing(path)] else { throw .notDirectory }
            return Array(directory.entries.keys)
        }
    }

    func stat(_ path: String) throws(Errno) -> FileStatus {
        try state.withLock { (state) throws(Errno) -> FileStatus in
            var status = state.tree.status(try state.tree.existing(path))
            if state.mountPoints.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { status.device = 1 }
            return status
        }
    }

    /// Puts the directory at `path` (absolute) and everything below it on
    /// another device.
    func mount(at path: String) {
        _ = state.withLock { $0.mountPoints.insert(path) }
    }

    func lstat(_ path: String) throws(Errno) -> FileStatus {
        try stat(path)
    }

    /// The model has no symbolic links: whatever exists is not one.
    func readLink(_ path: String) throws(Errno) -> String {
        _ = try stat(path)
        throw .invalidArgument
    }

    func fstat(_ descriptor: FileDescriptor) throws(Errno) -> FileStatus {
        try state.withLock { (state) throws(Errno) -> FileStatus in
            state.tree.status(try state.open(descriptor).inode)
        }
    }

    /// The model has one user, who owns everything (`FileStatus`'s default owner).
    let userID: UInt32 = 0

    func flock(_ descriptor: FileDescriptor, _ operation: LockOperation) throws(Errno) {
        while true {
            let granted = try state.withLock { (state) throws(Errno) -> Bool in
                let inode = try state.open(descriptor).inode
                return state.locks.request(operation, by: descriptor.rawValue, on: inode)
            }
            if granted { return }
            switch operation {
            case .shared(nonBlocking: true), .exclusive(nonBlocking: true): throw .wouldBlock
            default: usleep(1000)  // a blocking request waits for another thread to let go
            }
        }
    }

    func bootIdentifier() -> String? {
        state.withLock { "boot-\($0.boot)" }
    }
}

extension FilePermissions {
    fileprivate func removing(_ mask: FilePermissions) -> FilePermissions {
        FilePermissions(rawValue: rawValue & ~mask.rawValue)
    }
}
