import Testing
@testable import QRCode

struct EncoderTests {
    static let codewordExamples: [(id: String, segments: [QRSegment], version: Int, level: ErrorCorrectionLevel, data: [UInt8], ecc: [UInt8])] = [
        ("ISO 18004 Annex I: 01234567 at 1-M", [try! QRSegment.numeric("01234567")], 1, .medium, // digits only, cannot throw
         [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11],
         [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]),
        ("Thonky: HELLO WORLD at 1-Q", [try! QRSegment.alphanumeric("HELLO WORLD")], 1, .quartile, // only alphanumeric characters, cannot throw
         [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236],
         [168, 72, 22, 82, 217, 54, 156, 0, 46, 15, 180, 122, 16]),
        ("Thonky: HELLO WORLD at 1-M", [try! QRSegment.alphanumeric("HELLO WORLD")], 1, .medium, // only alphanumeric characters, cannot throw
         [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17],
         [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]),
    ]

    @Test("data and error correction codewords", arguments: codewordExamples)
    func codewords(_ example: (id: String, segments: [QRSegment], version: Int, level: ErrorCorrectionLevel, data: [UInt8], ecc: [UInt8])) throws {
        let version = try #require(QRVersion(rawValue: example.version))
        let layout = BlockLayout(version: version, level: example.level)
        let data = Codewords.data(for: example.segments, version: version, layout: layout)
        #expect(data == example.data)
        #expect(Codewords.interleaved(data: data, layout: layout) == example.data + example.ecc)
    }

    @Test("interleaving follows the standard's 5-Q example layout")
    func interleaving() throws {
        let layout = BlockLayout(version: try #require(QRVersion(rawValue: 5)), level: .quartile)
        #expect(layout.blockCount == 4 && layout.shortBlockCount == 2 && layout.shortDataLength == 15)
        let data = (0..<62).map { UInt8($0) }
        let all = Codewords.interleaved(data: data, layout: layout)
        // Column 0 of the four blocks, then column 1…; the long blocks' 16th codewords come last.
        #expect(Array(all.prefix(8)) == [0, 15, 30, 46, 1, 16, 31, 47])
        #expect(Array(all[56..<62]) == [14, 29, 44, 60, 45, 61])
        let blocks = Codewords.deinterleaved(all, layout: layout)
        #expect(blocks.map(\.count) == [33, 33, 34, 34])
        #expect(blocks.flatMap { $0.prefix($0.count - 18) } == data)
    }

    static let segmentBits: [(id: String, segment: QRSegment, bits: String)] = [
        ("numeric 8675309", try! QRSegment.numeric("8675309"), "1101100011" + "1000010010" + "1001"), // digits only, cannot throw
        ("alphanumeric HELLO", try! QRSegment.alphanumeric("HELLO"), "01100001011" + "01111000110" + "011000"), // valid set, cannot throw
        ("byte 0xA5", QRSegment.bytes([0xA5]), "10100101"),
        ("kanji 点茗", try! QRSegment.kanji("点茗"), "0110110011111" + "1101010101010"), // both in JIS X 0208, cannot throw
        ("ECI 26", try! QRSegment.eci(26), "00011010"), // in range, cannot throw
        ("ECI 1000", try! QRSegment.eci(1000), "10" + "00001111101000"), // in range, cannot throw
        ("ECI 100000", try! QRSegment.eci(100_000), "110" + "000011000011010100000"), // in range, cannot throw
    ]

    @Test("segment payload bits", arguments: segmentBits)
    func segmentPayload(_ entry: (id: String, segment: QRSegment, bits: String)) {
        #expect(entry.segment.data.bits.map { $0 ? "1" : "0" }.joined() == entry.bits)
    }

    @Test("segment factories reject foreign characters")
    func invalidCharacters() {
        #expect(throws: QREncodingError.invalidCharacters(mode: .numeric)) { try QRSegment.numeric("12a") }
        #expect(throws: QREncodingError.invalidCharacters(mode: .alphanumeric)) { try QRSegment.alphanumeric("abc") }
        #expect(throws: QREncodingError.invalidCharacters(mode: .kanji)) { try QRSegment.kanji("Kanji") }
        #expect(throws: QREncodingError.invalidECIAssignment(1_000_000)) { try QRSegment.eci(1_000_000) }
    }

    static let optimalSplits: [(text: String, version: Int, kanji: Bool, modes: [Mode])] = [
        ("0123456789", 1, false, [.numeric]),
        ("HELLO WORLD", 1, false, [.alphanumeric]),
        ("hello", 1, false, [.byte]),
        ("ABC1234567890123456DEF", 1, false, [.alphanumeric, .numeric, .alphanumeric]),
        ("ABC123DEF", 1, false, [.alphanumeric]),
        ("abc12345678901234567xyz", 1, false, [.byte, .numeric, .byte]),
        ("a1b", 1, false, [.byte]),
        ("漢字漢字漢字", 1, true, [.kanji]),
        ("漢字漢字漢字", 1, false, [.byte]),
        ("Ｑ点検abc漢字", 1, true, [.kanji, .byte, .kanji]),
    ]

    @Test("optimal segmentation chooses the cheapest modes", arguments: optimalSplits)
    func optimalSegmentation(_ entry: (text: String, version: Int, kanji: Bool, modes: [Mode])) throws {
        let version = try #require(QRVersion(rawValue: entry.version))
        let segments = QRSegment.optimal(for: entry.text, version: version, allowKanji: entry.kanji)
        #expect(segments.map(\.mode) == entry.modes)
        let best = try #require(QRSegment.totalBits(segments, in: version))
        // No single-mode encoding the text allows is cheaper.
        for single in [try? [QRSegment.numeric(entry.text)], try? [QRSegment.alphanumeric(entry.text)], [QRSegment.bytes(Array(entry.text.utf8))]] {
            if let single, let bits = QRSegment.totalBits(single, in: version) { #expect(best <= bits) }
        }
    }

    @Test("minimum level is boosted; an exact level is kept")
    func levelBoosting() throws {
        let boosted = try QREncoder.encode(text: "HELLO", level: .low)
        #expect(boosted.version.rawValue == 1 && boosted.level == .high)
        let exact = try QREncoder.encode(text: "HELLO", level: .low, boostLevel: false)
        #expect(exact.level == .low)
        let full = try QREncoder.encode(text: String(repeating: "A", count: 25), level: .low)
        #expect(full.version.rawValue == 1 && full.level == .low)
        #expect(try QREncoder.encode(text: String(repeating: "A", count: 26), level: .low).version.rawValue == 2)
    }

    @Test("too much data is an error")
    func dataTooLong() {
        #expect(throws: QREncodingError.dataTooLong(bits: 4 + 16 + 8 * 2_954, capacityBits: 2_956 * 8)) {
            try QREncoder.encode(bytes: [UInt8](repeating: 0x41, count: 2_954), level: .low)
        }
        #expect(throws: (any Error).self) { try QREncoder.encode(text: String(repeating: "9", count: 7_090), level: .low) }
        #expect((try? QREncoder.encode(text: String(repeating: "9", count: 7_089), level: .low))?.version.rawValue == 40)
        #expect(QREncodingError.dataTooLong(bits: 1, capacityBits: 0).description.contains("too long"))
    }

    @Test("ECI 26 is written only for non-ASCII byte segments")
    func utf8Designator() throws {
        #expect(try QRDecoder.decode(QREncoder.encode(text: "plain ascii").modules).eciAssignments == [])
        #expect(try QRDecoder.decode(QREncoder.encode(text: "Grüße").modules).eciAssignments == [26])
        #expect(try QRDecoder.decode(QREncoder.encode(text: "Grüße", utf8ECI: false).modules).eciAssignments == [])
        #expect(try QRDecoder.decode(QREncoder.encode(text: "漢字", kanji: true).modules).eciAssignments == [])
    }

    static let texts: [(id: String, text: String, kanji: Bool)] = [
        ("empty", "", false),
        ("kanji mixed with UTF-8 and digits", "点検 OK 漢字 Grüße 2026-11-21 ＱＲコード", true),
        ("same text without kanji mode", "点検 OK 漢字 Grüße 2026-11-21 ＱＲコード", false),
        ("version group 10–26", String(repeating: "Mixed 0123456789 TEXT, lower case; ", count: 12), false),
        ("version group 27–40", String(repeating: "Mixed 0123456789 TEXT, lower case; ", count: 60), false),
        ("emoji and Cyrillic", String(repeating: "Привет 🙂 ", count: 20), false),
    ]

    @Test("encode(text:) round trips through the decoder", arguments: texts)
    func textRoundTrip(_ entry: (id: String, text: String, kanji: Bool)) throws {
        let symbol = try QREncoder.encode(text: entry.text, kanji: entry.kanji)
        let decoded = try QRDecoder.decode(symbol.modules)
        #expect(decoded.text == entry.text)
        #expect(decoded.segments.contains { $0.mode == .kanji } == entry.kanji)
        #expect(decoded.level >= .medium)
    }

    @Test("a fixed mask is honoured, otherwise the lowest penalty wins", arguments: Mask.all)
    func maskSelection(_ mask: Mask) throws {
        let fixed = try QREncoder.encode(text: "mask test 12345", mask: mask)
        #expect(fixed.mask == mask)
        let chosen = try QREncoder.encode(text: "mask test 12345")
        #expect(MaskPenalty.score(chosen.modules) <= MaskPenalty.score(fixed.modules))
    }
}
