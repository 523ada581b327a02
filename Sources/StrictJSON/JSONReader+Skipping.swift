extension JSONReader {
    /// Steps over any one value, checking it as strictly as reading it
    /// would: for members the caller does not know, and to check the syntax
    /// of a whole document. Nesting is followed with a small stack of the
    /// brackets to close, not by recursion, so depth costs no call stack.
    public mutating func skipValue() throws(JSONReadError) {
        var closers = Closers()
        // Either a value is due at `offset`, or (afterValue) a comma or the
        // bracket that closes the innermost open container.
        var afterValue = false
        while true {
            skipWhitespace()
            if afterValue {
                guard let closer = closers.last else { return }
                if consume(UInt8(ascii: ",")) {
                    if closer == UInt8(ascii: "}") { try skipMemberName() }
                    afterValue = false
                } else if consume(closer) {
                    closers.removeLast()
                } else {
                    throw expected(closer == UInt8(ascii: "}") ? "',' or '}' after a member" : "',' or ']' after an element")
                }
                continue
            }
            guard let byte = peek() else { throw expected("a value") }
            guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else {
                try skipScalar()
                afterValue = true
                continue
            }
            guard depth + closers.count < Self.maximumDepth else {
                throw .syntax("nested more than \(Self.maximumDepth) deep", at: offset)
            }
            offset += 1
            let closer = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            skipWhitespace()
            if consume(closer) {
                afterValue = true
            } else {
                closers.append(closer)
                if closer == UInt8(ascii: "}") { try skipMemberName() }
            }
        }
    }

    /// Steps over `"name":`.
    private mutating func skipMemberName() throws(JSONReadError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw expected("a member name in quotes") }
        try skipString()
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { throw expected("':' after the member name") }
    }

    private mutating func skipScalar() throws(JSONReadError) {
        switch peek() ?? 0 {
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
        default:
            guard consume(Self.trueWord) || consume(Self.falseWord) || consume(Self.nullWord) else { throw expected("a value") }
        }
    }
}

/// The brackets `skipValue` has yet to close, innermost last: the first
/// 64 as bits of one word (a skipped member's object costs no allocation),
/// any deeper in an array.
private struct Closers {
    /// Bit `i` set: the `i`-th open container is an object (else an array).
    private var bits: UInt64 = 0
    private var deeper: [UInt8] = []
    private(set) var count = 0

    var last: UInt8? {
        guard count > 0 else { return nil }
        if count > 64 { return deeper.last }
        return bits & 1 << (count - 1) != 0 ? UInt8(ascii: "}") : UInt8(ascii: "]")
    }

    mutating func append(_ closer: UInt8) {
        if count >= 64 {
            deeper.append(closer)
        } else if closer == UInt8(ascii: "}") {
            bits |= 1 << count
        } else {
            bits &= ~(1 << count)
        }
        count += 1
    }

    mutating func removeLast() {
        if count > 64 { deeper.removeLast() }
        count -= 1
    }
}
