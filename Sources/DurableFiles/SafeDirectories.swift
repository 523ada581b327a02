import Glibc
import Synchronization

/// The directories of one store found safe (relative to its root), so that
/// each is looked at once per process however many files are read in it.
///
/// Asked of every file a command reads: a status that reads a thousand
/// contacts' files asks several thousand times. So it is a hash set of the
/// paths' bytes, asked with the bytes of a path being walked (no `String`
/// made per question), and not a `Dictionary`, whose first `String` key
/// costs the process a scan of every conformance record (see `ByteKeyedTable`).
public final class SafeDirectories: Sendable {
    private let verified = Mutex(DirectorySet())

    /// The most directories remembered. A walk of the whole store (`doctor`,
    /// `store copy`) passes every account's directories (4–5 each), and
    /// remembering them all took ~0.6 KB an account: most of `doctor`'s
    /// 78 MB at 100,000 accounts. Past this the set starts afresh; a
    /// directory forgotten is only looked at again. A command's own reads
    /// (a thousand contacts' directories) stay far below it.
    static let capacity = 16_384

    public init() {}

    /// The directories remembered now.
    var count: Int { verified.withLock { $0.count } }

    func contains(_ directory: UnsafeBufferPointer<UInt8>) -> Bool { verified.withLock { $0.contains(directory) } }
    func insert(_ directory: UnsafeBufferPointer<UInt8>) {
        verified.withLock { set in
            if set.count >= Self.capacity { set = DirectorySet() }
            set.insert(directory)
        }
    }

    func contains(_ directory: String) -> Bool {
        var directory = directory
        return directory.withUTF8 { contains($0) }
    }

    func insert(_ directory: String) {
        var directory = directory
        directory.withUTF8 { insert($0) }
    }
}

/// A set of byte strings in open addressing with linear probing; the
/// slots are kept at most half full.
struct DirectorySet {
    private var slots: [[UInt8]?] = Array(repeating: nil, count: 64)
    private(set) var count = 0

    func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        if case .found = place(of: key) { return true }
        return false
    }

    mutating func insert(_ key: UnsafeBufferPointer<UInt8>) {
        guard case .free(let slot) = place(of: key) else { return }
        slots[slot] = Array(key)
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Puts a key known to be absent in its free slot, without copying it.
    private mutating func move(_ entry: [UInt8]) {
        guard case .free(let slot) = entry.withUnsafeBufferPointer({ place(of: $0) }) else { return }
        slots[slot] = entry
        count += 1
    }

    private enum Place {
        case found
        case free(Int)
    }

    private func place(of key: UnsafeBufferPointer<UInt8>) -> Place {
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while let entry = slots[slot] {
            if entry.withUnsafeBufferPointer({ Self.equal($0, key) }) { return .found }
            slot = (slot + 1) & mask
        }
        return .free(slot)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        count = 0
        // The entries themselves, not copies: a thousand contacts'
        // directories are rehashed some five times on the way.
        for case let entry? in old { move(entry) }
    }

    private static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let l = left.baseAddress, let r = right.baseAddress else { return true }
        return memcmp(l, r, left.count) == 0
    }

    /// FNV-1a over the bytes: paths differ in their last bytes (IDs), which
    /// every byte of the hash depends on.
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
