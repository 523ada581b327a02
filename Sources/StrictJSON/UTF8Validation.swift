/// Well-formed UTF-8 as RFC 3629 defines it (table 3-7 of the Unicode
/// standard): no overlong forms, no surrogates, nothing past U+10FFFF.
public enum UTF8Validation {
    /// The offset of the first byte that does not begin a well-formed
    /// sequence within `range`, or nil when all of it is well formed.
    public static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            // The second byte's range depends on the lead byte; the others are 80...BF.
            let second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: length = 2; second = 0x80...0xBF
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3; second = 0x80...0xBF
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF1...0xF3: length = 4; second = 0x80...0xBF
            case 0xF4: length = 4; second = 0x80...0x8F
            default: return i
            }
            guard end - i >= length, second.contains(bytes[i + 1]) else { return i }
            for k in 2..<length where !(0x80...0xBF).contains(bytes[i + k]) { return i }
            i += length
        }
        return nil
    }
}
