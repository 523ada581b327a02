extension JSONReader {
    /// Reads a string.
    public mutating func readString() throws(JSONReadError) -> String {
        String(decoding: try readStringUTF8(), as: UTF8.self)
    }

    /// Reads a string as well-formed UTF-8 with its escapes resolved: a
    /// slice of the document itself when the string has no escapes (the
    /// common case, and no copy), else a slice of a fresh array.
    public mutating func readStringUTF8() throws(JSONReadError) -> ArraySlice<UInt8> {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw mismatch(expected: "a string") }
        let start = offset + 1
        let end = try scanPlainRun(from: start)
        if bytes[end] == UInt8(ascii: "\"") {
            offset = end + 1
            return bytes[start..<end]
        }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(end - start + 16)
        unescaped.append(contentsOf: bytes[start..<end])
        var position = end
        // At a backslash: resolve it and the plain run after it, until the closing quote.
        while bytes[position] == UInt8(ascii: "\\") {
            let (scalar, length) = try escape(at: position)
            Self.appendUTF8(scalar, to: &unescaped)
            let runStart = position + length
            position = try scanPlainRun(from: runStart)
            unescaped.append(contentsOf: bytes[runStart..<position])
        }
        offset = position + 1
        return unescaped[...]
    }

    /// Reads a member's name and finds it in `names`, without copying it
    /// unless it has escapes.
    /// `expected` is the name to try first (see `JSONNames.index`).
    public mutating func readMemberName(in names: JSONNames, expected: Int = 0) throws(JSONReadError) -> Int? {
        let at = offset
        if let match = bytes.withUnsafeBufferPointer({ names.quotedMatch(in: $0, at: at, from: expected) }) {
            offset = match.end
            return match.index
        }
        return try readUnmatchedMemberName(in: names, expected: expected)
    }

    /// `readMemberName` once the quick match found nothing: an unknown
    /// member, or a name with escapes. Out of line, so that the usual case
    /// stays small enough to be inlined where objects are read.
    @inline(never)
    private mutating func readUnmatchedMemberName(in names: JSONNames, expected: Int) throws(JSONReadError) -> Int? {
        let at = offset
        let start = offset + 1
        let end = try scanPlainRun(from: start)
        guard bytes[end] == UInt8(ascii: "\"") else {
            return try readStringUTF8().withUnsafeBufferPointer { names.index(of: $0, expected: expected) }
        }
        // Without escapes the name is its bytes, which the quick match
        // above compared with the plain names from `expected` on already
        // (when it looked: at a quote, from a position in the table).
        let tried = bytes[at] == UInt8(ascii: "\"") && expected >= 0 ? expected : names.names.count
        offset = end + 1
        return bytes.withUnsafeBufferPointer {
            names.index(ofUnmatched: UnsafeBufferPointer(rebasing: $0[start..<end]), tried: tried)
        }
    }

    /// Steps over a string, with the same checks as reading it.
    public mutating func skipString() throws(JSONReadError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw mismatch(expected: "a string") }
        var position = try scanPlainRun(from: offset + 1)
        while bytes[position] == UInt8(ascii: "\\") {
            position = try scanPlainRun(from: position + escape(at: position).length)
        }
        offset = position + 1
    }

    /// The end of the run of plain characters from `start`: the offset of
    /// the closing quote or of a backslash. The run must be well-formed
    /// UTF-8 without control characters, and the string must not end early.
    private func scanPlainRun(from start: Int) throws(JSONReadError) -> Int {
        let (end, allASCII) = bytes.withUnsafeBytes { Self.plainRun(in: $0, from: start) }
        guard end < bytes.count else { throw .syntax("a string is not closed", at: end, atEnd: true) }
        if bytes[end] < 0x20 {
            throw .syntax("a control character (U+\(Self.hex4(UInt32(bytes[end])))) in a string must be escaped", at: end)
        }
        if !allASCII, let bad = bytes.withUnsafeBufferPointer({ UTF8Validation.firstInvalid(in: $0, start..<end) }) {
            throw .syntax("invalid UTF-8 in a string", at: bad)
        }
        return end
    }

    /// Finds the end of a plain run eight bytes at a time, the end itself
    /// within its word too: most strings are runs of ASCII without escapes,
    /// and this is where reading a feed spends most of its time. Returns the offset of the first quote,
    /// backslash or control character (or the end of the buffer), and
    /// whether every byte before it was ASCII.
    private static func plainRun(in buffer: UnsafeRawBufferPointer, from start: Int) -> (Int, Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var i = start
        var union: UInt64 = 0
        while buffer.count - i >= 8 {
            // Little-endian: the byte at `i` is the lowest.
            let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            // The classic "has a byte below n" test (n <= 128) flags the
            // high bit of each byte that qualifies; a borrow may flag bytes
            // after a true one as well, never before it, so the lowest flag
            // is the first quote, backslash or control character.
            func bytesBelow(_ n: UInt64, _ x: UInt64) -> UInt64 { (x &- ones &* n) & ~x & highBits }
            let special = bytesBelow(0x20, word) | bytesBelow(1, word ^ (ones &* 0x22)) | bytesBelow(1, word ^ (ones &* 0x5C))
            if special != 0 {
                let plain = special.trailingZeroBitCount / 8
                let before = plain == 0 ? 0 : word & (UInt64.max >> (64 - 8 * plain))
                return (i + plain, (union | before) & highBits == 0)
            }
            union |= word
            i += 8
        }
        var high = union & highBits != 0
        while i < buffer.count {
            let byte = buffer[i]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            high = high || byte >= 0x80
            i += 1
        }
        return (i, !high)
    }

    /// The escape sequence at `position` (a backslash): the Unicode scalar
    /// it stands for and its length in bytes. A surrogate pair of `\u`
    /// escapes is one scalar; half a pair is an error.
    private func escape(at position: Int) throws(JSONReadError) -> (scalar: UInt32, length: Int) {
        guard position + 1 < bytes.count else { throw .syntax("an escape sequence is cut off", at: bytes.count, atEnd: true) }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""): return (0x22, 2)
        case UInt8(ascii: "\\"): return (0x5C, 2)
        case UInt8(ascii: "/"): return (0x2F, 2)
        case UInt8(ascii: "b"): return (0x08, 2)
        case UInt8(ascii: "f"): return (0x0C, 2)
        case UInt8(ascii: "n"): return (0x0A, 2)
        case UInt8(ascii: "r"): return (0x0D, 2)
        case UInt8(ascii: "t"): return (0x09, 2)
        case UInt8(ascii: "u"): break
        default: throw .syntax("unknown escape sequence in a string", at: position)
        }
        let unit = try hexUnit(at: position + 2)
        switch unit {
        case 0xD800...0xDBFF:
            let low = position + 6
            guard matches(Self.unicodeEscape, at: low) else {
                throw .syntax("\\u\(Self.hex4(unit)) is half of a surrogate pair; the other half must follow", at: position)
            }
            let second = try hexUnit(at: low + 2)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw .syntax("\\u\(Self.hex4(unit)) is half of a surrogate pair; the other half must follow", at: position)
            }
            return (0x10000 + ((unit - 0xD800) << 10) + (second - 0xDC00), 12)
        case 0xDC00...0xDFFF:
            throw .syntax("\\u\(Self.hex4(unit)) is the second half of a surrogate pair without the first", at: position)
        default:
            return (unit, 6)
        }
    }

    /// The four hexadecimal digits at `position`.
    private func hexUnit(at position: Int) throws(JSONReadError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw .syntax("\\u needs four hexadecimal digits", at: bytes.count, atEnd: true) }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .syntax("\\u needs four hexadecimal digits", at: position)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static let unicodeEscape = Array("\\u".utf8)

    /// Appends a scalar value (never a surrogate, at most U+10FFFF) as UTF-8.
    private static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | scalar >> 18))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
