import ByteKeyed

/// A strict reader of one JSON document (RFC 8259) held in memory, pulled
/// value by value by code that knows the shape it expects, so no tree of
/// values is ever built.
///
/// Strict means: UTF-8 only (no byte order mark), no trailing commas, no
/// leading zeros, no lone surrogates, no raw control characters in strings,
/// nesting at most `maximumDepth` deep, and nothing but whitespace after the
/// value. Members whose names the caller does not know are skipped, after
/// the same checks. Every read skips the whitespace in front of its value.
///
/// Errors say what was expected at which byte (`JSONReadError`); every
/// loop is bounded by the input, so hostile bytes end in an error, never in
/// a crash or a hang.
public struct JSONReader {
    /// How deep arrays and objects may nest, as with Foundation's decoder.
    static let maximumDepth = 512

    public let bytes: [UInt8]
    /// Where the next read starts. (Set only by the reader's own files.)
    public var offset = 0
    /// Arrays and objects open around the current position.
    public var depth = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    // MARK: The document

    /// Reads the document's one value with `body` and checks that only
    /// whitespace follows it.
    public mutating func readDocument<T>(_ body: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> T {
        let value = try body(&self)
        skipWhitespace()
        guard offset == bytes.count else { throw .syntax("unexpected text after the end of the document", at: offset) }
        return value
    }

    // MARK: Arrays and objects

    /// Reads an object, handing each member to `member` with the index of
    /// its name in `names` (nil for a name not in the table: `member` should
    /// then skip the value). `member` must read exactly one value. A name
    /// in the table may appear only once.
    public mutating func readObject(names: JSONNames,
                             _ member: (inout JSONReader, Int?) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try open(UInt8(ascii: "{"), expected: "an object")
        defer { depth -= 1 }
        if consume(UInt8(ascii: "}")) { return }
        var seen: UInt64 = 0
        var next = 0
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw expected("a member name in quotes") }
            let nameOffset = offset
            let match = try readMemberName(in: names, expected: next)
            if let match {
                guard seen & 1 << match == 0 else {
                    throw JSONReadError(kind: .duplicateField(names.names[match]), offset: nameOffset)
                }
                seen |= 1 << match
                next = match + 1
            }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw expected("':' after the member name") }
            do {
                try member(&self, match)
            } catch {
                throw match.map { error.within(.member(names.names[$0])) } ?? error
            }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return }
            throw expected("',' or '}' after a member")
        }
    }

    /// Reads an object used as a dictionary: any member names, each handed
    /// to `member` with its name; a name given twice (the same bytes) is an
    /// error. The names seen go in a `ByteKeyedTable`: a `Set<String>` would
    /// cost the runtime's conformance scan on the command that reads one.
    public mutating func readDictionary(_ member: (inout JSONReader, String) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try open(UInt8(ascii: "{"), expected: "an object")
        defer { depth -= 1 }
        if consume(UInt8(ascii: "}")) { return }
        var seen = ByteKeyedTable<Void>()
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw expected("a member name in quotes") }
            let nameOffset = offset
            let name = try readString()
            guard seen.insert(name) else { throw JSONReadError(kind: .duplicateField(name), offset: nameOffset) }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw expected("':' after the member name") }
            try member(&self, name)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return }
            throw expected("',' or '}' after a member")
        }
    }

    /// Reads an array, handing each element to `element` with its position.
    /// `element` must read exactly one value.
    public mutating func readArray(_ element: (inout JSONReader, Int) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try open(UInt8(ascii: "["), expected: "an array")
        defer { depth -= 1 }
        if consume(UInt8(ascii: "]")) { return }
        var index = 0
        while true {
            do {
                try element(&self, index)
            } catch {
                throw error.within(.index(index))
            }
            index += 1
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { return }
            throw expected("',' or ']' after an element")
        }
    }

    /// Steps into an array or object; the caller steps out (`depth -= 1`).
    private mutating func open(_ bracket: UInt8, expected what: String) throws(JSONReadError) {
        skipWhitespace()
        guard peek() == bracket else { throw mismatch(expected: what) }
        guard depth < Self.maximumDepth else { throw .syntax("nested more than \(Self.maximumDepth) deep", at: offset) }
        depth += 1
        offset += 1
        skipWhitespace()
    }

    // MARK: Literals

    public mutating func readBool() throws(JSONReadError) -> Bool {
        skipWhitespace()
        if consume(Self.trueWord) { return true }
        if consume(Self.falseWord) { return false }
        throw mismatch(expected: "true or false")
    }

    /// Reads `null` if that is what comes next, and says whether it did.
    public mutating func readNull() -> Bool {
        skipWhitespace()
        return consume(Self.nullWord)
    }

    /// A value that may be `null` (or, for a member, absent: the caller
    /// decides that by never calling this).
    public mutating func readOptional<T>(_ read: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> T? {
        readNull() ? nil : try read(&self)
    }

    // MARK: Bytes

    public func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    public mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// Steps over `byte` if it comes next.
    public mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    /// Steps over `word` if it comes next.
    public mutating func consume(_ word: [UInt8]) -> Bool {
        guard matches(word, at: offset) else { return false }
        offset += word.count
        return true
    }

    public func matches(_ word: [UInt8], at position: Int) -> Bool {
        guard word.count <= bytes.count - position else { return false }
        for (k, byte) in word.enumerated() where bytes[position + k] != byte { return false }
        return true
    }

    static let trueWord = Array("true".utf8)
    static let falseWord = Array("false".utf8)
    static let nullWord = Array("null".utf8)

    // MARK: Errors

    /// A syntax error at the current position: `what` was expected there.
    public func expected(_ what: String) -> JSONReadError {
        .syntax("expected " + what, at: offset, atEnd: offset >= bytes.count)
    }

    /// The error for a value of another kind than `expected` at the current
    /// position, or the syntax error when no value starts there at all.
    public func mismatch(expected what: String) -> JSONReadError {
        guard let byte = peek() else { return expected(what) }
        let found: String
        switch byte {
        case UInt8(ascii: "{"): found = "an object"
        case UInt8(ascii: "["): found = "an array"
        case UInt8(ascii: "\""): found = "a string"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): found = "a number"
        case UInt8(ascii: "t") where matches(Self.trueWord, at: offset): found = "true"
        case UInt8(ascii: "f") where matches(Self.falseWord, at: offset): found = "false"
        case UInt8(ascii: "n") where matches(Self.nullWord, at: offset): found = "null"
        default: return expected(what)
        }
        return JSONReadError(kind: .wrongType(expected: what, found: found), offset: offset)
    }
}
