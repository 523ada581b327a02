import StrictJSON

/// The value forms of etcd's JSON gateway: 64-bit integers as strings of
/// digits (proto3's JSON mapping; numbers are taken too) and bytes as base64.
extension JSONReader {
    mutating func readEtcdInt64() throws(JSONReadError) -> Int64 {
        let (negative, magnitude) = try readEtcdInteger()
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw .badValue("out of range for a signed 64-bit integer", at: offset) }
            return magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { throw .badValue("out of range for a signed 64-bit integer", at: offset) }
        return Int64(magnitude)
    }

    mutating func readEtcdUInt64() throws(JSONReadError) -> UInt64 {
        let (negative, magnitude) = try readEtcdInteger()
        guard !negative || magnitude == 0 else { throw .badValue("a negative number where an unsigned one belongs", at: offset) }
        return magnitude
    }

    /// A sign and a magnitude, from `"123"` or `123`.
    private mutating func readEtcdInteger() throws(JSONReadError) -> (Bool, UInt64) {
        skipWhitespace()
        let start = offset
        let digits: ArraySlice<UInt8>
        if peek() == UInt8(ascii: "\"") {
            digits = try readStringUTF8()
        } else {
            guard try skipNumber() else { throw .badValue("not an integer", at: start) }
            digits = bytes[start..<offset]
        }
        var rest = digits[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.count <= 20 else { throw .badValue("not a 64-bit integer", at: start) }
        var value: UInt64 = 0
        for byte in rest {
            guard Self.isDigit(byte) else { throw .badValue("not a 64-bit integer", at: start) }
            let (scaled, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = scaled.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowAgain else { throw .badValue("out of range for a 64-bit integer", at: start) }
            value = sum
        }
        return (negative, value)
    }

    /// Bytes written as base64.
    mutating func readBase64() throws(JSONReadError) -> [UInt8] {
        skipWhitespace()
        let start = offset
        let text = try readStringUTF8()
        guard let bytes = Base64.decode(text) else { throw .badValue("not base64", at: start) }
        return bytes
    }

    /// Reads an array of objects, each with `element`.
    mutating func readList<T>(_ element: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> [T] {
        var list: [T] = []
        try readArray { (reader, _) throws(JSONReadError) in list.append(try element(&reader)) }
        return list
    }
}
