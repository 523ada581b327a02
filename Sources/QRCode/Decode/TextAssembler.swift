/// Builds the text of a symbol, decoding each byte run with the character set its ECI selects.
///
/// The rules, chosen so that text is either right or absent:
/// - no ECI, or ECI 26: UTF-8; a run that is not valid UTF-8 makes the text nil
///   (ISO/IEC 18004 says ISO-8859-1 by default, but encoders in the wild write
///   UTF-8 without an ECI, and guessing Latin-1 would turn binary data into noise);
/// - ECI 1 and 3: ISO-8859-1;
/// - ECI 20: Shift JIS (ASCII, half-width katakana, and the kanji-mode table);
/// - ECI 27 and 170: ASCII, nil if a byte is 0x80 or above;
/// - any other ECI: nil.
/// Numeric and alphanumeric characters are ASCII under every one of these sets.
struct TextAssembler {
    private var text = ""
    private var run: [UInt8] = []
    private var eci: Int?
    private var failed = false

    /// Adds bytes to the current run; numeric and alphanumeric characters arrive here as ASCII.
    mutating func append(_ bytes: [UInt8]) { run += bytes }

    mutating func appendScalar(_ scalar: Unicode.Scalar?) {
        flush()
        if let scalar { text.unicodeScalars.append(scalar) } else { failed = true }
    }

    mutating func select(eci assignment: Int) {
        flush()
        eci = assignment
    }

    mutating func finish() -> String? {
        flush()
        return failed ? nil : text
    }

    private mutating func flush() {
        defer { run = [] }
        guard !run.isEmpty else { return }
        if let decoded = Self.decode(run, eci: eci) { text += decoded } else { failed = true }
    }

    static func decode(_ bytes: [UInt8], eci: Int?) -> String? {
        switch eci {
        case nil, 26?:
            return String(validating: bytes, as: UTF8.self)
        case 1?, 3?:
            var view = String.UnicodeScalarView()
            view.append(contentsOf: bytes.map { Unicode.Scalar($0) })
            return String(view)
        case 20?:
            return decodeShiftJIS(bytes)
        case 27?, 170?:
            return bytes.allSatisfy({ $0 < 0x80 }) ? String(validating: bytes, as: UTF8.self) : nil
        default:
            return nil
        }
    }

    private static func decodeShiftJIS(_ bytes: [UInt8]) -> String? {
        var view = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                view.append(Unicode.Scalar(byte))
                index += 1
            } else if (0xA1...0xDF).contains(byte), let scalar = Unicode.Scalar(0xFF61 + UInt32(byte) - 0xA1) {
                view.append(scalar)
                index += 1
            } else {
                guard index + 1 < bytes.count,
                      let kanji = kanjiValue(high: byte, low: bytes[index + 1]),
                      let scalar = ShiftJIS.scalar(ofKanjiValue: kanji) else { return nil }
                view.append(scalar)
                index += 2
            }
        }
        return String(view)
    }

    private static func kanjiValue(high: UInt8, low: UInt8) -> Int? {
        let code = Int(high) << 8 | Int(low)
        let offset: Int
        switch code {
        case 0x8140...0x9FFC: offset = code - 0x8140
        case 0xE040...0xEBBF: offset = code - 0xC140
        default: return nil
        }
        let (upper, lower) = (offset >> 8, offset & 0xFF)
        guard lower < 0xC0 else { return nil }
        return upper * 0xC0 + lower
    }
}
