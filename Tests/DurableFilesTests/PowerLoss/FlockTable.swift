import DurableFiles
@testable import SystemFiles

/// `flock(2)` locks of `PowerLossFileSystem`: held per open file
/// description on an inode, shared or exclusive.
///
/// As on Linux, converting a held lock first drops it, so a non-blocking
/// conversion that conflicts leaves the description with no lock at all.
struct FlockTable: Sendable {
    enum Held: Sendable, Hashable {
        case shared
        case exclusive
    }

    /// inode → open file description → the lock it holds.
    private var holders: [ModelTree.Inode: [Int32: Held]] = [:]

    /// Applies `operation` for `description`; `false` when a conflicting
    /// lock is held by another description (nothing is granted then).
    mutating func request(_ operation: LockOperation, by description: Int32, on inode: ModelTree.Inode) -> Bool {
        holders[inode]?[description] = nil
        let wanted: Held
        switch operation {
        case .unlock: return true
        case .shared: wanted = .shared
        case .exclusive: wanted = .exclusive
        }
        let others = holders[inode, default: [:]].values
        let conflict = wanted == .exclusive ? !others.isEmpty : others.contains(.exclusive)
        if conflict { return false }
        holders[inode, default: [:]][description] = wanted
        return true
    }

    /// What `description` holds on `inode`.
    func lock(of description: Int32, on inode: ModelTree.Inode) -> Held? {
        holders[inode]?[description]
    }

    /// Drops every lock of `description`, as closing it does.
    mutating func release(_ description: Int32) {
        for inode in holders.keys {
            holders[inode]?[description] = nil
        }
    }

    mutating func releaseAll() {
        holders.removeAll()
    }
}
