/// The member names one kind of object may have, looked up by their UTF-8
/// bytes so that reading a member's name builds no String. A reader lets
/// each of them appear once per object (it keeps a 64-bit mask).
public struct JSONNames: Sendable {
    public let names: [String]
    private let utf8: [[UInt8]]

    public init(_ names: [String]) {
        precondition(names.count <= 64 && Self.areDistinct(names), "at most 64 distinct names")
        self.names = names
        utf8 = names.map { Array($0.utf8) }
    }

    /// Compared pairwise, not through a `Set`: every codec's names are
    /// checked on a command's path, and a hash table of strings would cost
    /// the runtime's look-up of `String: Hashable` there.
    private static func areDistinct(_ names: [String]) -> Bool {
        for index in names.indices where names[..<index].contains(names[index]) { return false }
        return true
    }

    /// The position in `names` of the name spelt by `bytes`, if any; the
    /// name at `expected` is tried first (files keep members in the order
    /// of the table, so the next name is almost always the one after the
    /// last).
    public func index(of bytes: UnsafeBufferPointer<UInt8>, expected: Int = 0) -> Int? {
        if expected < utf8.count, spells(expected, bytes) { return expected }
        for index in utf8.indices where index != expected && spells(index, bytes) { return index }
        return nil
    }

    private func spells(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8[index].count == bytes.count else { return false }
        return utf8[index].withUnsafeBufferPointer { name in
            var k = 0
            while k < name.count, name[k] == bytes[k] { k += 1 }
            return k == name.count
        }
    }
}
