/// Converts between Unicode scalars, QR kanji values and Shift JIS byte pairs.
///
/// Kanji mode (ISO/IEC 18004 7.4.6) covers Shift JIS 0x8140–0x9FFC and
/// 0xE040–0xEBBF; each pair packs into a 13-bit value.
enum ShiftJIS {
    /// Scalar values indexed by kanji value; 0 where there is no character.
    static let scalarsByKanjiValue: [UInt16] = {
        var result: [UInt16] = []
        result.reserveCapacity(8192)
        for chunk in ShiftJISTable.hexChunks {
            var digits = chunk.utf8.makeIterator()
            while let a = digits.next(), let b = digits.next(), let c = digits.next(), let d = digits.next() {
                result.append(UInt16(hexValue(a) << 12 | hexValue(b) << 8 | hexValue(c) << 4 | hexValue(d)))
            }
        }
        precondition(result.count == 8192, "the generated Shift JIS table must have 8192 entries")
        return result
    }()

    /// Kanji values keyed by scalar value; the first kanji value wins where several share a character.
    static let kanjiValuesByScalar: [UInt16: Int] = {
        var result: [UInt16: Int] = [:]
        for (kanji, scalar) in scalarsByKanjiValue.enumerated() where scalar != 0 && result[scalar] == nil {
            result[scalar] = kanji
        }
        return result
    }()

    /// The kanji value of `scalar`, or nil when kanji mode cannot carry it.
    static func kanjiValue(of scalar: Unicode.Scalar) -> Int? {
        guard scalar.value <= 0xFFFF else { return nil }
        return kanjiValuesByScalar[UInt16(scalar.value)]
    }

    /// The character with kanji value `kanji`, or nil for an unassigned value.
    static func scalar(ofKanjiValue kanji: Int) -> Unicode.Scalar? {
        guard (0..<8192).contains(kanji) else { return nil }
        let value = scalarsByKanjiValue[kanji]
        return value == 0 ? nil : Unicode.Scalar(value)
    }

    /// The Shift JIS byte pair of a kanji value.
    static func bytes(ofKanjiValue kanji: Int) -> (UInt8, UInt8) {
        let high = kanji / 0xC0
        let code = (high << 8 | kanji % 0xC0) + (high <= 0x1E ? 0x8140 : 0xC140)
        return (UInt8(code >> 8), UInt8(code & 0xFF))
    }

    private static func hexValue(_ digit: UInt8) -> Int {
        digit <= 0x39 ? Int(digit) - 0x30 : Int(digit) - 0x41 + 10
    }
}
