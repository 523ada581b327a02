import Glibc

/// Byte-wise comparison of strings' UTF-8, the order `ByteKeyedTable`
/// keeps its keys in.
public enum ByteOrder {
    /// Negative, zero or positive as `a`'s bytes sort before, equal or after `b`'s.
    @inlinable
    public static func compare(_ a: String, _ b: String) -> Int {
        // Borrowed, not copied into `var`s for `withUTF8`: a copy costs a
        // retain and a release per comparison, and a look-up makes several.
        let order = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in compare(left, right) }
        }
        if let order = order ?? nil { return order }
        // Not contiguous (a bridged string): the same order, byte by byte.
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : (a.utf8.elementsEqual(b.utf8) ? 0 : 1)
    }

    /// Whether `string`'s bytes start with `prefix`'s.
    @inlinable
    public static func hasPrefix(_ string: String, _ prefix: String) -> Bool {
        string.utf8.starts(with: prefix.utf8)
    }

    @inlinable
    static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = min(left.count, right.count)
        if shared > 0, let l = left.baseAddress, let r = right.baseAddress {
            let order = memcmp(l, r, shared)
            if order != 0 { return Int(order) }
        }
        return left.count - right.count
    }
}
