extension JSONReader {
    /// Reads an integer written as one: `-12`, not `-12.0` or `-1.2e1`,
    /// and within the range of `Int`.
    public mutating func readInt() throws(JSONReadError) -> Int {
        skipWhitespace()
        guard let first = peek(), first == UInt8(ascii: "-") || Self.isDigit(first) else {
            throw mismatch(expected: "an integer")
        }
        let start = offset
        let isInteger = try skipNumber()
        let token = bytes[start..<offset]
        guard isInteger else {
            throw .badValue("\(JSONReadError.quoted(String(decoding: token, as: UTF8.self))) is not an integer", at: start)
        }
        let negative = first == UInt8(ascii: "-")
        var value = 0
        for byte in token where byte != UInt8(ascii: "-") {
            let digit = Int(byte - UInt8(ascii: "0"))
            // Negative numbers are built downwards so that Int.min fits.
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAgain) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow, !overflowAgain else {
                throw .badValue("\(JSONReadError.quoted(String(decoding: token, as: UTF8.self))) is out of range", at: start)
            }
            value = next
        }
        return value
    }

    /// Steps over a number, checked against the grammar of RFC 8259;
    /// says whether it was written as an integer (no fraction or exponent).
    @discardableResult
    public mutating func skipNumber() throws(JSONReadError) -> Bool {
        _ = consume(UInt8(ascii: "-"))
        guard let lead = peek(), Self.isDigit(lead) else { throw expected("a digit") }
        offset += 1
        if lead == UInt8(ascii: "0") {
            if let next = peek(), Self.isDigit(next) { throw .syntax("a number cannot start with 0 followed by digits", at: offset - 1) }
        } else {
            skipDigits()
        }
        var isInteger = true
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            guard let next = peek(), Self.isDigit(next) else { throw expected("a digit after the decimal point") }
            skipDigits()
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            isInteger = false
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard let next = peek(), Self.isDigit(next) else { throw expected("a digit in the exponent") }
            skipDigits()
        }
        return isInteger
    }

    private mutating func skipDigits() {
        while let byte = peek(), Self.isDigit(byte) { offset += 1 }
    }

    public static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
