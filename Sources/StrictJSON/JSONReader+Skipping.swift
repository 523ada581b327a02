extension JSONReader {
    /// Steps over any one value, checking it as strictly as reading it
    /// would: for members the caller does not know, and to check the syntax
    /// of a whole document. Nesting is followed with a small stack of the
    /// brackets to close, not by recursion, so depth costs no call stack.
    public mutating func skipValue() throws(JSONReadError) {
        var closers: [UInt8] = []
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
