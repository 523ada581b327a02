/// A run of data in one mode, with its character count and encoded bits (ISO/IEC 18004 7.4).
///
/// Build segments with the static factories; they validate their input.
/// `QRSegment.optimal(for:version:allowKanji:)` splits text the cheapest way.
public struct QRSegment: Equatable, Sendable {
    /// The segment's mode.
    public let mode: Mode
    /// Characters (bytes in byte mode, pairs in kanji mode) the count indicator announces; 0 for ECI.
    public let characterCount: Int
    /// The payload bits that follow the count indicator.
    let data: BitBuffer

    init(mode: Mode, characterCount: Int, data: BitBuffer) {
        self.mode = mode
        self.characterCount = characterCount
        self.data = data
    }

    /// A numeric segment; throws unless `digits` holds only 0–9.
    public static func numeric(_ digits: String) throws(QREncodingError) -> QRSegment {
        let bytes = Array(digits.utf8)
        guard bytes.allSatisfy(CharacterSets.isDigit) else { throw .invalidCharacters(mode: .numeric) }
        return bytes.withUnsafeBufferPointer { numeric(digits: $0) }
    }

    /// A numeric segment of ASCII digits the caller has checked.
    static func numeric(digits bytes: UnsafeBufferPointer<UInt8>) -> QRSegment {
        var bits = BitBuffer()
        var index = 0
        while index < bytes.count {
            let group = bytes[index..<min(index + 3, bytes.count)]
            let value = group.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            bits.append(value, width: group.count * 3 + 1)
            index += 3
        }
        return QRSegment(mode: .numeric, characterCount: bytes.count, data: bits)
    }

    /// An alphanumeric segment; throws unless `text` holds only 0–9, A–Z, space and $ % * + - . / :.
    public static func alphanumeric(_ text: String) throws(QREncodingError) -> QRSegment {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ CharacterSets.alphanumericValue($0) != nil }) else {
            throw .invalidCharacters(mode: .alphanumeric)
        }
        return bytes.withUnsafeBufferPointer { alphanumeric(characters: $0) }
    }

    /// An alphanumeric segment of ASCII characters the caller has checked.
    static func alphanumeric(characters bytes: UnsafeBufferPointer<UInt8>) -> QRSegment {
        let values = bytes.map { CharacterSets.alphanumericValue($0) ?? 0 }
        var bits = BitBuffer()
        var index = 0
        while index + 1 < values.count {
            bits.append(values[index] * 45 + values[index + 1], width: 11)
            index += 2
        }
        if index < values.count { bits.append(values[index], width: 6) }
        return QRSegment(mode: .alphanumeric, characterCount: values.count, data: bits)
    }

    /// A byte segment carrying `bytes` unchanged.
    public static func bytes(_ bytes: [UInt8]) -> QRSegment {
        var bits = BitBuffer()
        for byte in bytes { bits.append(Int(byte), width: 8) }
        return QRSegment(mode: .byte, characterCount: bytes.count, data: bits)
    }

    /// A kanji segment; throws unless every character of `text` is in the Shift JIS kanji-mode range.
    public static func kanji(_ text: String) throws(QREncodingError) -> QRSegment {
        var values: [Int] = []
        for scalar in text.unicodeScalars {
            guard let value = ShiftJIS.kanjiValue(of: scalar) else { throw .invalidCharacters(mode: .kanji) }
            values.append(value)
        }
        return kanji(values: values)
    }

    /// A kanji segment of 13-bit kanji values.
    static func kanji(values: [Int]) -> QRSegment {
        var bits = BitBuffer()
        for value in values { bits.append(value, width: 13) }
        return QRSegment(mode: .kanji, characterCount: values.count, data: bits)
    }

    /// An ECI designator selecting assignment `number` (0...999999), e.g. 26 for UTF-8.
    public static func eci(_ number: Int) throws(QREncodingError) -> QRSegment {
        var bits = BitBuffer()
        switch number {
        case 0..<(1 << 7): bits.append(number, width: 8)
        case (1 << 7)..<(1 << 14): bits.append(0b10 << 14 | number, width: 16)
        case (1 << 14)...999_999: bits.append(0b110 << 21 | number, width: 24)
        default: throw .invalidECIAssignment(number)
        }
        return QRSegment(mode: .eci, characterCount: 0, data: bits)
    }

    /// Bits this segment takes in `version`, header included, or nil if its count overflows the indicator.
    func bitLength(in version: QRVersion) -> Int? {
        let countBits = mode.characterCountBits(version)
        guard countBits == 0 || characterCount < 1 << countBits else { return nil }
        return 4 + countBits + data.count
    }

    /// Total bits of `segments` in `version`, or nil when a count does not fit its indicator.
    static func totalBits(_ segments: [QRSegment], in version: QRVersion) -> Int? {
        var total = 0
        for segment in segments {
            guard let length = segment.bitLength(in: version) else { return nil }
            total += length
        }
        return total
    }
}
