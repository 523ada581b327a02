import TestSupport
/// What of the state not made durable by `fsync` survives a power loss.
enum PowerLossMode: Sendable, Hashable, CustomStringConvertible {
    /// Nothing: every file's bytes revert to its last fsynced bytes and every
    /// directory's entries to its last fsynced entries.
    case worstCase
    /// Each unsynced file independently keeps its durable bytes, its volatile
    /// bytes, or a torn mix; each unsynced entry change is kept or reverted.
    case randomSubset(seed: UInt64)

    var description: String {
        switch self {
        case .worstCase: "worst case"
        case .randomSubset(let seed): "random subset, seed \(seed)"
        }
    }
}

extension ModelTree {
    /// Reverts what was not durable as `mode` says, then drops the inodes no
    /// entry leads to any more; afterwards volatile and durable agree.
    mutating func losePower(_ mode: PowerLossMode) {
        var fate = Fate(mode)
        // Sorted, so that one seed always makes the same choices.
        for inode in directories.keys.sorted() {
            guard var directory = directories[inode] else { continue }
            let changed = Set(directory.entries.keys).union(directory.durableEntries.keys)
                .filter { directory.entries[$0] != directory.durableEntries[$0] }
            for name in changed.sorted() where !fate.keepsEntryChange() {
                directory.entries[name] = directory.durableEntries[name]
            }
            directory.durableEntries = directory.entries
            directories[inode] = directory
        }
        for inode in files.keys.sorted() {
            guard var file = files[inode] else { continue }
            if file.volatile != file.durable {
                file.volatile = fate.survivingBytes(of: file)
            }
            file.durable = file.volatile
            files[inode] = file
        }
        dropUnreachable()
    }

    /// Forgets inodes that no entry reaches from the root.
    private mutating func dropUnreachable() {
        var reached: Set<Inode> = [Self.root]
        var pending = [Self.root]
        while let inode = pending.popLast() {
            for child in directories[inode]?.entries.values.sorted() ?? [] where reached.insert(child).inserted {
                pending.append(child)
            }
        }
        files = files.filter { reached.contains($0.key) }
        directories = directories.filter { reached.contains($0.key) }
    }
}

/// The choices one power loss makes for unsynced state.
private struct Fate {
    /// `nil` in the worst case, where nothing unsynced survives.
    private var generator: SeededGenerator?

    init(_ mode: PowerLossMode) {
        switch mode {
        case .worstCase: generator = nil
        case .randomSubset(let seed): generator = SeededGenerator(seed: seed)
        }
    }

    mutating func keepsEntryChange() -> Bool {
        generator?.next().isMultiple(of: 2) == false
    }

    /// An unsynced file's bytes after the loss: the durable ones, the
    /// volatile ones, or the volatile ones up to some point over the durable
    /// ones (zeros where neither reaches), at the old or the new size.
    mutating func survivingBytes(of file: ModelTree.File) -> [UInt8] {
        guard var generator else { return file.durable }
        defer { self.generator = generator }
        switch generator.next() % 3 {
        case 0:
            return file.durable
        case 1:
            return file.volatile
        default:
            let size = generator.next().isMultiple(of: 2) ? file.volatile.count : file.durable.count
            let written = Int.random(in: 0...file.volatile.count, using: &generator)
            return (0..<size).map { index in
                if index < written { return file.volatile[index] }
                return index < file.durable.count ? file.durable[index] : 0
            }
        }
    }
}
