import Glibc

/// Byte-wise comparison of strings' UTF-8, the order `ByteKeyedTable`
/// keeps its keys in.
public enum ByteOrder {
    /// Negative, zero or positive as `a`'s bytes sort before, equal or after `b`'s.
    @inlinable
    public static func compare(_ a: String, _ b: String) -> Int {
        var a = a
        var b = b
        // Native strings are contiguous already; `withUTF8` copies only a bridged one.
        return a.withUTF8 { left in
            b.withUTF8 { right in
                let shared = min(left.count, right.count)
                if shared > 0, let l = left.baseAddress, let r = right.baseAddress {
                    let order = memcmp(l, r, shared)
                    if order != 0 { return Int(order) }
                }
                return left.count - right.count
            }
        }
    }

    /// Whether `string`'s bytes start with `prefix`'s.
    @inlinable
    public static func hasPrefix(_ string: String, _ prefix: String) -> Bool {
        var string = string
        var prefix = prefix
        return string.withUTF8 { whole in
            prefix.withUTF8 { start in
                guard start.count <= whole.count else { return false }
                guard start.count > 0, let w = whole.baseAddress, let s = start.baseAddress else { return true }
                return memcmp(w, s, start.count) == 0
            }
        }
    }
}
