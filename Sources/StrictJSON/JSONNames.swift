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
    /// Which names `quotedMatch` may find (`plainMask`).
    private let plain: UInt64

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
        plain = Self.plainMask(names)
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

    /// The position in `names` of the name spelt by `bytes`, if any. Names
    /// are tried from `expected` on, then from the first up to it: files
    /// keep members in the order of the table, so the name is the one
    /// after the last or a little further on, past members a file leaves
    /// out (an account leaves out most of its optional ones). Names are
    /// distinct, so the order of trying never changes the answer.
    public func index(of bytes: UnsafeBufferPointer<UInt8>, expected: Int = 0) -> Int? {
        utf8.withUnsafeBufferPointer { all in
            let first = min(max(expected, 0), ends.count)
            for index in first..<ends.count where spells(index, bytes, in: all) { return index }
            for index in 0..<first where spells(index, bytes, in: all) { return index }
            return nil
        }
    }

    /// `index(of:)` for a name read without escapes after
    /// `quotedMatch(in:at:from:)` found none from `tried` on: only the
    /// names it did not try are compared (those before `tried`, and any
    /// that is not plain), so an unknown member's name is not compared
    /// with the whole table again. `tried` at or past the end of the
    /// table tries every name.
    public func index(ofUnmatched bytes: UnsafeBufferPointer<UInt8>, tried: Int) -> Int? {
        utf8.withUnsafeBufferPointer { all in
            let first = min(max(tried, 0), ends.count)
            for index in ends.indices where index < first || plain & 1 << index == 0 {
                if spells(index, bytes, in: all) { return index }
            }
            return nil
        }
    }

    /// The position of the table's name that stands quoted at `position`
    /// of `document` (its opening quote there, its closing quote right
    /// after it), trying names from `first` on; nil when none of those
    /// does. Only plain names are tried (printable ASCII without quote or
    /// backslash), so a match is exactly what reading the string and
    /// looking it up would find: the string ends at that closing quote, and
    /// names are distinct. `end` is the offset just after the closing
    /// quote. For the usual member of a stored object this is the whole
    /// cost of its name: no scan of the string, no look-up.
    public func quotedMatch(in document: UnsafeBufferPointer<UInt8>, at position: Int, from first: Int) -> (index: Int, end: Int)? {
        guard first >= 0, position >= 0, position < document.count, document[position] == UInt8(ascii: "\"") else { return nil }
        return utf8.withUnsafeBufferPointer { all in
            var index = first
            while index < ends.count {
                defer { index += 1 }
                let start = start(of: index), length = ends[index] - start
                let close = position + 1 + length
                guard close < document.count, document[close] == UInt8(ascii: "\""), plain & 1 << index != 0,
                      Self.equalBytes(all, start, document, position + 1, count: length) else { continue }
                return (index, close + 1)
            }
            return nil
        }
    }

    /// Bit `i` is set when name `i` is plain: printable ASCII without
    /// quote or backslash. (Only the first 64 names count: a table holds no more.)
    private static func plainMask(_ names: [String]) -> UInt64 {
        var mask: UInt64 = 0
        for (index, name) in names.enumerated() where index < 64 && name.utf8.allSatisfy(isPlain) {
            mask |= 1 << index
        }
        return mask
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        (0x20...0x7E).contains(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    private func start(of index: Int) -> Int {
        index == 0 ? 0 : ends[index - 1]
    }

    /// Inlined: the table's own check that its names are distinct asks
    /// this of every pair, mostly of names of different lengths.
    @inline(__always)
    private func spells(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, in all: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = start(of: index)
        guard ends[index] - start == bytes.count else { return false }
        return Self.equalBytes(all, start, bytes, 0, count: bytes.count)
    }

    /// Whether `count` bytes of `left` from `leftStart` and of `right` from
    /// `rightStart` (both within their buffers) are the same, compared eight
    /// at a time: a member's name is matched on every member of every file
    /// read, and byte by byte that was half of what reading a member cost.
    private static func equalBytes(_ left: UnsafeBufferPointer<UInt8>, _ leftStart: Int,
                                   _ right: UnsafeBufferPointer<UInt8>, _ rightStart: Int, count: Int) -> Bool {
        guard count > 0 else { return true }
        precondition(leftStart >= 0 && rightStart >= 0 && left.count - leftStart >= count && right.count - rightStart >= count)
        let left = UnsafeRawPointer(left.baseAddress! + leftStart), right = UnsafeRawPointer(right.baseAddress! + rightStart)
        func same<Word: FixedWidthInteger>(_: Word.Type, at k: Int) -> Bool {
            left.loadUnaligned(fromByteOffset: k, as: Word.self) == right.loadUnaligned(fromByteOffset: k, as: Word.self)
        }
        if count >= 8 {
            var k = 0
            while count - k > 8 {
                guard same(UInt64.self, at: k) else { return false }
                k += 8
            }
            // The last eight bytes, overlapping those compared already.
            return same(UInt64.self, at: count - 8)
        }
        if count >= 4 { return same(UInt32.self, at: 0) && same(UInt32.self, at: count - 4) }
        for k in 0..<count where !same(UInt8.self, at: k) { return false }
        return true
    }
}
