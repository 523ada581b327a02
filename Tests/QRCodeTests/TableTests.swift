import Testing
@testable import QRCode

struct TableTests {
    /// ISO/IEC 18004 Table C.1: masked format information, levels L, M, Q, H, masks 0...7.
    static let formatStrings: [(level: ErrorCorrectionLevel, mask: Int, bits: String)] = {
        let table: [(ErrorCorrectionLevel, [String])] = [
            (.low, ["111011111000100", "111001011110011", "111110110101010", "111100010011101",
                    "110011000101111", "110001100011000", "110110001000001", "110100101110110"]),
            (.medium, ["101010000010010", "101000100100101", "101111001111100", "101101101001011",
                       "100010111111001", "100000011001110", "100111110010111", "100101010100000"]),
            (.quartile, ["011010101011111", "011000001101000", "011111100110001", "011101000000110",
                         "010010010110100", "010000110000011", "010111011011010", "010101111101101"]),
            (.high, ["001011010001001", "001001110111110", "001110011100111", "001100111010000",
                     "000011101100010", "000001001010101", "000110100001100", "000100000111011"]),
        ]
        return table.flatMap { level, strings in strings.enumerated().map { (level, $0.offset, $0.element) } }
    }()

    @Test("format information bit strings", arguments: formatStrings)
    func formatInformation(_ entry: (level: ErrorCorrectionLevel, mask: Int, bits: String)) throws {
        let info = FormatInformation(level: entry.level, mask: try #require(Mask(rawValue: entry.mask)))
        #expect(info.codeword == Int(entry.bits, radix: 2))
        #expect(FormatInformation.nearest(to: info.codeword ^ 0b100_0000_0100_0001)?.info == info)
    }

    /// ISO/IEC 18004 Table D.1: version information for versions 7...40.
    static let versionCodewords: [Int] = [
        0x07C94, 0x085BC, 0x09A99, 0x0A4D3, 0x0BBF6, 0x0C762, 0x0D847, 0x0E60D, 0x0F928, 0x10B78,
        0x1145D, 0x12A17, 0x13532, 0x149A6, 0x15683, 0x168C9, 0x177EC, 0x18EC4, 0x191E1, 0x1AFAB,
        0x1B08E, 0x1CC1A, 0x1D33F, 0x1ED75, 0x1F250, 0x209D5, 0x216F0, 0x228BA, 0x2379F, 0x24B0B,
        0x2542E, 0x26A64, 0x27541, 0x28C69,
    ]

    @Test("version information codewords", arguments: Array(7...40))
    func versionInformation(_ number: Int) throws {
        let version = try #require(QRVersion(rawValue: number))
        let expected = Self.versionCodewords[number - 7]
        #expect(VersionInformation.codeword(version) == expected)
        #expect(VersionInformation.nearest(to: expected ^ 0b10_0000_0001_0000_0001)?.version == version)
        #expect(VersionInformation.nearest(to: expected ^ 0b1111) == nil)
    }

    static let alignment: [(version: Int, centres: [Int])] = [
        (1, []), (2, [6, 18]), (6, [6, 34]), (7, [6, 22, 38]), (14, [6, 26, 46, 66]), (15, [6, 26, 48, 70]),
        (16, [6, 26, 50, 74]), (22, [6, 26, 50, 74, 98]), (32, [6, 34, 60, 86, 112, 138]),
        (36, [6, 24, 50, 76, 102, 128, 154]), (39, [6, 26, 54, 82, 110, 138, 166]), (40, [6, 30, 58, 86, 114, 142, 170]),
    ]

    @Test("alignment pattern centres", arguments: alignment)
    func alignmentCentres(_ entry: (version: Int, centres: [Int])) throws {
        #expect(SymbolGeometry.alignmentPatternCentres(try #require(QRVersion(rawValue: entry.version))) == entry.centres)
    }

    /// ISO/IEC 18004 Table 7 spot checks: numeric, alphanumeric, byte, kanji.
    static let capacities: [(version: Int, level: ErrorCorrectionLevel, counts: [Int])] = [
        (1, .low, [41, 25, 17, 10]), (1, .high, [17, 10, 7, 4]), (5, .quartile, [144, 87, 60, 37]),
        (10, .medium, [513, 311, 213, 131]), (26, .low, [3_283, 1_990, 1_367, 842]),
        (27, .high, [1_501, 910, 625, 385]), (40, .low, [7_089, 4_296, 2_953, 1_817]), (40, .high, [3_057, 1_852, 1_273, 784]),
    ]

    @Test("character capacities", arguments: capacities)
    func characterCapacity(_ entry: (version: Int, level: ErrorCorrectionLevel, counts: [Int])) throws {
        let version = try #require(QRVersion(rawValue: entry.version))
        let counts = [Mode.numeric, .alphanumeric, .byte, .kanji].map { version.characterCapacity($0, level: entry.level) }
        #expect(counts == entry.counts)
    }

    static let codewordCounts: [(version: Int, level: ErrorCorrectionLevel, total: Int, data: Int)] = [
        (1, .low, 26, 19), (1, .medium, 26, 16), (1, .high, 26, 9), (5, .quartile, 134, 62), (7, .low, 196, 156),
        (14, .high, 581, 197), (21, .medium, 1_156, 714), (40, .low, 3_706, 2_956), (40, .high, 3_706, 1_276),
    ]

    @Test("codeword counts and block layout", arguments: codewordCounts)
    func codewords(_ entry: (version: Int, level: ErrorCorrectionLevel, total: Int, data: Int)) throws {
        let layout = BlockLayout(version: try #require(QRVersion(rawValue: entry.version)), level: entry.level)
        #expect(layout.totalCodewords == entry.total)
        #expect(layout.dataCodewords == entry.data)
        let blockData = (0..<layout.blockCount).map(layout.dataLength(ofBlock:))
        #expect(blockData.reduce(0, +) == entry.data)
    }

    /// ISO/IEC 18004 Table 1: total codewords of versions 1...40.
    static let totalCodewords = [
        26, 44, 70, 100, 134, 172, 196, 242, 292, 346, 404, 466, 532, 581, 655, 733, 815, 901, 991, 1_085,
        1_156, 1_258, 1_364, 1_474, 1_588, 1_706, 1_828, 1_921, 2_051, 2_185, 2_323, 2_465, 2_611, 2_761, 2_876, 3_034,
        3_196, 3_362, 3_532, 3_706,
    ]

    @Test("total codewords of every version", arguments: QRVersion.all)
    func totalCodewordCount(_ version: QRVersion) {
        #expect(SymbolGeometry.rawDataModuleCount(version) / 8 == Self.totalCodewords[version.rawValue - 1])
        for level in ErrorCorrectionLevel.allCases {
            let layout = BlockLayout(version: version, level: level)
            // Blocks differ by at most one data codeword and the long ones come last.
            #expect(layout.shortBlockCount >= 1 && layout.shortBlockCount <= layout.blockCount)
            #expect(layout.dataCodewords + layout.eccPerBlock * layout.blockCount == layout.totalCodewords)
        }
    }

    @Test("data positions cover exactly the raw data modules", arguments: QRVersion.all)
    func dataPositions(_ version: QRVersion) {
        let positions = ModulePlacement.dataPositions(version)
        #expect(positions.count == SymbolGeometry.rawDataModuleCount(version))
        #expect(Set(positions).count == positions.count)
    }

    @Test("Shift JIS table maps kanji values both ways", arguments: [
        ("漢", 0x8ABF), ("字", 0x8E9A), ("点", 0x935F), ("Ａ", 0x8260), ("　", 0x8140), ("熙", 0xEAA4),
    ])
    func shiftJIS(_ entry: (character: String, code: Int)) throws {
        let scalar = try #require(entry.character.unicodeScalars.first)
        let kanji = try #require(ShiftJIS.kanjiValue(of: scalar))
        let (high, low) = ShiftJIS.bytes(ofKanjiValue: kanji)
        #expect(Int(high) << 8 | Int(low) == entry.code)
        #expect(ShiftJIS.scalar(ofKanjiValue: kanji) == scalar)
        #expect(ShiftJIS.kanjiValue(of: "A") == nil)
    }
}
