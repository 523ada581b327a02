/// The member names one kind of object may have, looked up by their UTF-8
/// bytes so that reading a member's name builds no String. A reader lets
/// each of them appear once per object (it keeps a 64-bit mask).
public struct JSONNames: Sendable {
    public let names: [String]
    /// Every name's UTF-8, one after another: one buffer per table rather
    /// than an array per name (a codec's table is built on the first read
    /// of its file, on the path of the command that reads it).
    private let utf8: [UInt8]
    /// Where each name's bytes end in `utf8` (each starts where the one
    /// before ends).
    private let ends: [Int]

    public init(_ names: [String]) {
        var utf8: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(names.count)
        for name in names {
            utf8.append(contentsOf: name.utf8)
            ends.append(utf8.count)
        }
        self.names = names
        self.utf8 = utf8
        self.ends = ends
        precondition(names.count <= 64 && areDistinct, "at most 64 distinct names")
    }

    /// Compared pairwise by their bytes, not through a `Set`: every codec's
    /// names are checked on a command's path, and a hash table of strings
    /// would cost the runtime's look-up of `String: Hashable` there. (Two
    /// Strings are equal when canonically equivalent; a table's names are
    /// written in the source, where no two differ only that way.)
    private var areDistinct: Bool {
        utf8.withUnsafeBufferPointer { all in
            for index in ends.indices {
                let name = UnsafeBufferPointer(rebasing: all[start(of: index)..<ends[index]])
                for other in 0..<index where spells(other, name, in: all) { return false }
            }
            return true
        }
    }

    /// The position in `names` of the name spelt by `bytes`, if any; the
    /// name at `expected` is tried first (files keep members in the order
    /// of the table, so the next name is almost always the one after the
    /// last).
    public func index(of bytes: UnsafeBufferPointer<UInt8>, expected: Int = 0) -> Int? {
        utf8.withUnsafeBufferPointer { all in
            if expected < ends.count, spells(expected, bytes, in: all) { return expected }
            for index in ends.indices where index != expected && spells(index, bytes, in: all) { return index }
            return nil
        }
    }

    private func start(of index: Int) -> Int {
        index == 0 ? 0 : ends[index - 1]
    }

    private func spells(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, in all: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = start(of: index)
        guard ends[index] - start == bytes.count else { return false }
        var k = 0
        while k < bytes.count, all[start + k] == bytes[k] { k += 1 }
        return k == bytes.count
    }
}
