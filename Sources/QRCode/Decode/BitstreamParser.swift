/// Parses the data bit stream of ISO/IEC 18004 7.4 into segments, bytes and text.
struct BitstreamParser {
    private let data: [UInt8]
    private var position = 0
    private let version: QRVersion

    init(data: [UInt8], version: QRVersion) {
        self.data = data
        self.version = version
    }

    /// Everything `DecodedQR` holds that comes from the bit stream.
    struct Content {
        var bytes: [UInt8] = []
        var text: String?
        var segments: [DecodedSegment] = []
        var eciAssignments: [Int] = []
        var structuredAppend: StructuredAppend?
        var fnc1: FNC1?
    }

    private var remaining: Int { data.count * 8 - position }

    private mutating func read(_ width: Int) -> Int {
        var value = 0
        for _ in 0..<width {
            value = value << 1 | Int(data[position >> 3] >> UInt8(7 - position & 7) & 1)
            position += 1
        }
        return value
    }

    private mutating func read(_ width: Int, for mode: Mode) throws(QRDecodingError) -> Int {
        guard width <= remaining else { throw .malformedData(.truncatedSegment(mode)) }
        return read(width)
    }

    /// Reads segments until the terminator or until fewer than four bits remain.
    mutating func parse() throws(QRDecodingError) -> Content {
        var content = Content()
        var text = TextAssembler()
        while remaining >= 4 {
            let indicator = read(4)
            if indicator == 0 { break }
            guard let mode = Mode(rawValue: indicator) else { throw .malformedData(.unknownMode(indicator)) }
            let countBits = mode.characterCountBits(version)
            let count = countBits > 0 ? try read(countBits, for: mode) : 0
            switch mode {
            case .numeric:
                let digits = try readNumeric(count: count)
                content.bytes += digits
                text.append(digits)
            case .alphanumeric:
                let characters = try readAlphanumeric(count: count)
                content.bytes += characters
                text.append(characters)
            case .byte:
                var bytes: [UInt8] = []
                for _ in 0..<count { bytes.append(UInt8(try read(8, for: .byte))) }
                content.bytes += bytes
                text.append(bytes)
            case .kanji:
                for _ in 0..<count {
                    let value = try read(13, for: .kanji)
                    let (high, low) = ShiftJIS.bytes(ofKanjiValue: value)
                    content.bytes += [high, low]
                    text.appendScalar(ShiftJIS.scalar(ofKanjiValue: value))
                }
            case .eci:
                let assignment = try readECI()
                content.eciAssignments.append(assignment)
                text.select(eci: assignment)
                content.segments.append(DecodedSegment(mode: mode, characterCount: assignment))
                continue
            case .structuredAppend:
                let index = try read(4, for: mode)
                let total = try read(4, for: mode) + 1
                let parity = UInt8(try read(8, for: mode))
                content.structuredAppend = StructuredAppend(index: index, total: total, parity: parity)
            case .fnc1First:
                content.fnc1 = .gs1
            case .fnc1Second:
                content.fnc1 = .industry(applicationIndicator: UInt8(try read(8, for: mode)))
            }
            content.segments.append(DecodedSegment(mode: mode, characterCount: count))
        }
        content.text = text.finish()
        return content
    }

    private mutating func readNumeric(count: Int) throws(QRDecodingError) -> [UInt8] {
        var digits: [UInt8] = []
        var left = count
        while left > 0 {
            let groupSize = min(3, left)
            let value = try read(groupSize * 3 + 1, for: .numeric)
            let limit = [1, 10, 100, 1000][groupSize]
            guard value < limit else { throw .malformedData(.invalidNumericGroup) }
            var divisor = limit / 10
            while divisor > 0 {
                digits.append(UInt8(0x30 + value / divisor % 10))
                divisor /= 10
            }
            left -= groupSize
        }
        return digits
    }

    private mutating func readAlphanumeric(count: Int) throws(QRDecodingError) -> [UInt8] {
        var characters: [UInt8] = []
        let table = CharacterSets.alphanumeric
        var left = count
        while left >= 2 {
            let value = try read(11, for: .alphanumeric)
            guard value < 45 * 45 else { throw .malformedData(.invalidAlphanumericValue) }
            characters += [table[value / 45], table[value % 45]]
            left -= 2
        }
        if left == 1 {
            let value = try read(6, for: .alphanumeric)
            guard value < 45 else { throw .malformedData(.invalidAlphanumericValue) }
            characters.append(table[value])
        }
        return characters
    }

    /// An ECI designator: one, two or three bytes announced by the leading bits 0, 10 or 110.
    private mutating func readECI() throws(QRDecodingError) -> Int {
        let first = try read(8, for: .eci)
        if first & 0x80 == 0 { return first }
        if first & 0xC0 == 0x80 { return (first & 0x3F) << 8 | (try read(8, for: .eci)) }
        if first & 0xE0 == 0xC0 { return (first & 0x1F) << 16 | (try read(16, for: .eci)) }
        throw .malformedData(.invalidECIDesignator)
    }
}
