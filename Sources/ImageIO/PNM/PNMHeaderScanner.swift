/// Reads the ASCII parts of a Netpbm file: decimal numbers separated by
/// whitespace, with `#` comments running to the end of a line.
struct PNMHeaderScanner {
    let bytes: [UInt8]
    private(set) var position: Int

    init(_ bytes: [UInt8], position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// Netpbm's whitespace: blank, tab, CR, LF, vertical tab, form feed.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Skips whitespace and comments.
    mutating func skipSeparators() {
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isWhitespace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "#") {
                while position < bytes.count && bytes[position] != 0x0A && bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// The next unsigned decimal number; `what` names it in errors.
    mutating func number(_ what: String) throws(ImageError) -> Int {
        skipSeparators()
        guard position < bytes.count else { throw .truncated("PNM \(what)") }
        var value = 0
        var digits = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
            // Anything this long is absurd for any PNM field; stopping here
            // also keeps the arithmetic from overflowing.
            guard value <= Int(Int32.max) else { throw .corrupt("PNM \(what) out of range") }
            position += 1
            digits += 1
        }
        guard digits > 0 else { throw .corrupt("invalid PNM \(what)") }
        if position < bytes.count && !Self.isWhitespace(bytes[position]) && bytes[position] != UInt8(ascii: "#") {
            throw .corrupt("invalid PNM \(what)")
        }
        return value
    }

    /// The next PBM pixel digit of a P1 file, in which digits need not be
    /// separated.
    mutating func bit() throws(ImageError) -> Bool {
        skipSeparators()
        guard position < bytes.count else { throw .truncated("PBM pixel data") }
        let byte = bytes[position]
        guard byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else { throw .corrupt("invalid PBM pixel") }
        position += 1
        return byte == UInt8(ascii: "1")
    }

    /// Consumes the single whitespace byte that ends a binary file's header.
    mutating func endOfHeader() throws(ImageError) {
        guard position < bytes.count else { throw .truncated("PNM header") }
        guard Self.isWhitespace(bytes[position]) else { throw .corrupt("invalid PNM header") }
        position += 1
    }
}
