import Testing
@testable import QRCode
import TestSupport

struct DecoderTests {
    /// Flips the modules of codeword `index` (in placement order) of `grid`.
    static func corruptCodeword(_ grid: inout BitMatrix, version: QRVersion, index: Int) {
        for position in ModulePlacement.dataPositions(version)[(index * 8)..<(index * 8 + 8)] {
            grid[linear: position].toggle()
        }
    }

    /// Where codeword `codeword` of block `block` lands after interleaving.
    static func interleavedIndex(block: Int, codeword: Int, layout: BlockLayout) -> Int {
        let dataLength = layout.dataLength(ofBlock: block)
        if codeword >= dataLength { return layout.dataCodewords + (codeword - dataLength) * layout.blockCount + block }
        if codeword < layout.shortDataLength { return codeword * layout.blockCount + block }
        return layout.shortDataLength * layout.blockCount + block - layout.shortBlockCount
    }

    /// A symbol built from raw data codewords, bypassing the encoder's segment checks.
    static func symbol(dataBits: BitBuffer, version: QRVersion = .min, level: ErrorCorrectionLevel = .low) -> QRSymbol {
        let layout = BlockLayout(version: version, level: level)
        var bits = dataBits
        bits.append(0, width: min(4, layout.dataCodewords * 8 - bits.count))
        var bytes = bits.bytes
        var pad: UInt8 = 0xEC
        while bytes.count < layout.dataCodewords {
            bytes.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return SymbolBuilder.symbol(codewords: Codewords.interleaved(data: bytes, layout: layout), version: version, level: level, mask: Mask.all[0])
    }

    static let damageCases: [(version: Int, level: ErrorCorrectionLevel)] = [(1, .low), (2, .high), (7, .medium), (15, .quartile), (40, .high)]

    @Test("errors up to each block's capacity are corrected", arguments: damageCases)
    func correctsDamage(_ entry: (version: Int, level: ErrorCorrectionLevel)) throws {
        let version = try #require(QRVersion(rawValue: entry.version))
        let text = String(String(repeating: "damage ", count: 500).prefix(version.characterCapacity(.byte, level: entry.level)))
        let symbol = try QREncoder.encode(segments: [.bytes(Array(text.utf8))], level: entry.level, boostLevel: false, versions: version...version)
        let layout = BlockLayout(version: version, level: entry.level)
        var grid = symbol.modules
        let perBlock = layout.eccPerBlock / 2
        for block in 0..<layout.blockCount {
            // Spread the damage over data and error correction codewords.
            for codeword in stride(from: block % 2, to: perBlock * 2, by: 2) {
                Self.corruptCodeword(&grid, version: version, index: Self.interleavedIndex(block: block, codeword: codeword, layout: layout))
            }
        }
        let decoded = try QRDecoder.decode(grid)
        #expect(decoded.text == text)
        #expect(decoded.correctedErrors == perBlock * layout.blockCount)
    }

    @Test("damage beyond a block's capacity is reported as too damaged", arguments: damageCases)
    func tooDamaged(_ entry: (version: Int, level: ErrorCorrectionLevel)) throws {
        let version = try #require(QRVersion(rawValue: entry.version))
        let symbol = try QREncoder.encode(segments: [.bytes(Array("too damaged".utf8))], level: entry.level, boostLevel: false, versions: version...version)
        let layout = BlockLayout(version: version, level: entry.level)
        var grid = symbol.modules
        for codeword in 0...(layout.eccPerBlock / 2 + 1) {
            Self.corruptCodeword(&grid, version: version, index: Self.interleavedIndex(block: 0, codeword: codeword, layout: layout))
        }
        #expect(throws: QRDecodingError.tooDamaged(block: 0)) { try QRDecoder.decodeExactly(grid) }
    }

    @Test("destroyed format information is reported", arguments: [1, 7, 40])
    func formatDestroyed(_ number: Int) throws {
        let version = try #require(QRVersion(rawValue: number))
        let symbol = try QREncoder.encode(segments: [.bytes([1, 2, 3])], versions: version...version)
        // 0b000000000000000 is at least 4 bits from every masked format codeword... check, then write it.
        let garbage = (0..<(1 << 15)).first { bits in FormatInformation.all.allSatisfy { ($0.codeword ^ bits).nonzeroBitCount >= 5 } }
        let bits = try #require(garbage)
        var grid = symbol.modules
        let (first, second) = ModulePlacement.formatCoordinates(size: grid.size)
        for bit in 0..<15 {
            grid[first[bit].x, first[bit].y] = bits >> bit & 1 == 1
            grid[second[bit].x, second[bit].y] = bits >> bit & 1 == 1
        }
        #expect(throws: QRDecodingError.formatInformationUnreadable) { try QRDecoder.decodeExactly(grid) }
        #expect(throws: QRDecodingError.formatInformationUnreadable) { try QRDecoder.decode(grid) }
    }

    @Test("one damaged format copy is survived", arguments: [3, 7, 15])
    func oneFormatCopyDamaged(_ flipped: Int) throws {
        let symbol = try QREncoder.encode(text: "format copy")
        var grid = symbol.modules
        // Flipping all 15 bits turns the copy into another valid codeword; the other copy must win.
        for (x, y) in ModulePlacement.formatCoordinates(size: grid.size).first.prefix(flipped) { grid[x, y].toggle() }
        #expect(try QRDecoder.decodeExactly(grid).text == "format copy")
    }

    @Test("destroyed version information is reported", arguments: [7, 20, 40])
    func versionDestroyed(_ number: Int) throws {
        let version = try #require(QRVersion(rawValue: number))
        let symbol = try QREncoder.encode(segments: [.bytes([1, 2, 3])], versions: version...version)
        var grid = symbol.modules
        let (first, second) = ModulePlacement.versionCoordinates(size: grid.size)
        for bit in [0, 3, 6, 9, 12, 15] {
            grid[first[bit].x, first[bit].y].toggle()
            grid[second[bit].x, second[bit].y].toggle()
        }
        #expect(throws: QRDecodingError.versionInformationUnreadable) { try QRDecoder.decodeExactly(grid) }
        var oneCopy = symbol.modules
        for bit in 0..<6 { oneCopy[first[bit].x, first[bit].y].toggle() }
        #expect(try QRDecoder.decodeExactly(oneCopy).bytes == [1, 2, 3])
    }

    @Test("a grid of the wrong size is rejected", arguments: [0, 20, 22, 181])
    func invalidSize(_ size: Int) {
        #expect(throws: QRDecodingError.invalidSize(size)) { try QRDecoder.decode(BitMatrix(size: size)) }
    }

    @Test("malformed bit streams are reported")
    func malformedData() {
        var unknownMode = BitBuffer()
        unknownMode.append(0b0110, width: 4)
        #expect(throws: QRDecodingError.malformedData(.unknownMode(6))) { try QRDecoder.decodeExactly(Self.symbol(dataBits: unknownMode).modules) }
        var truncated = BitBuffer()
        truncated.append(Mode.byte.rawValue, width: 4)
        truncated.append(200, width: 8)
        #expect(throws: QRDecodingError.malformedData(.truncatedSegment(.byte))) { try QRDecoder.decodeExactly(Self.symbol(dataBits: truncated).modules) }
        var badDigits = BitBuffer()
        badDigits.append(Mode.numeric.rawValue, width: 4)
        badDigits.append(3, width: 10)
        badDigits.append(1_000, width: 10)
        #expect(throws: QRDecodingError.malformedData(.invalidNumericGroup)) { try QRDecoder.decodeExactly(Self.symbol(dataBits: badDigits).modules) }
        var badECI = BitBuffer()
        badECI.append(Mode.eci.rawValue, width: 4)
        badECI.append(0b1110_0000, width: 8)
        #expect(throws: QRDecodingError.malformedData(.invalidECIDesignator)) { try QRDecoder.decodeExactly(Self.symbol(dataBits: badECI).modules) }
    }

    @Test("structured append, FNC1 and ECI headers are recorded")
    func headers() throws {
        var bits = BitBuffer()
        bits.append(Mode.structuredAppend.rawValue, width: 4)
        bits.append(2, width: 4)
        bits.append(4, width: 4)
        bits.append(0xA7, width: 8)
        bits.append(Mode.fnc1Second.rawValue, width: 4)
        bits.append(137, width: 8)
        bits.append(contentsOf: BitBuffer.segmentBits(try QRSegment.eci(3), version: .min))
        bits.append(contentsOf: BitBuffer.segmentBits(QRSegment.bytes([0x47, 0x72, 0xFC, 0xDF, 0x65]), version: .min))
        let decoded = try QRDecoder.decodeExactly(Self.symbol(dataBits: bits, level: .low).modules)
        #expect(decoded.structuredAppend == StructuredAppend(index: 2, total: 5, parity: 0xA7))
        #expect(decoded.fnc1 == .industry(applicationIndicator: 137))
        #expect(decoded.eciAssignments == [3])
        #expect(decoded.text == "Grüße")
        #expect(decoded.segments.map(\.mode) == [.structuredAppend, .fnc1Second, .eci, .byte])
    }

    static let charsets: [(eci: Int?, bytes: [UInt8], text: String?)] = [
        (nil, Array("Grüße".utf8), "Grüße"), (26, Array("日本".utf8), "日本"), (nil, [0xFC, 0x41], nil),
        (3, [0xFC, 0x41], "üA"), (1, [0xE9], "é"), (27, [0x41, 0x42], "AB"), (27, [0xC0], nil),
        (20, [0x8A, 0xBF, 0x41, 0xB1], "漢Aｱ"), (20, [0x81], nil), (9, [0x41], nil),
    ]

    @Test("text follows the ECI character set", arguments: charsets)
    func characterSets(_ entry: (eci: Int?, bytes: [UInt8], text: String?)) {
        #expect(TextAssembler.decode(entry.bytes, eci: entry.eci) == entry.text)
    }

    @Test("mirrored and inverted grids decode and say so")
    func mirroredAndInverted() throws {
        let symbol = try QREncoder.encode(text: "mirror, mirror 12345")
        let mirrored = try QRDecoder.decode(symbol.modules.transposed)
        #expect(mirrored.text == "mirror, mirror 12345" && mirrored.mirrored && !mirrored.inverted)
        let inverted = try QRDecoder.decode(symbol.modules.inverted)
        #expect(inverted.text == "mirror, mirror 12345" && inverted.inverted && !inverted.mirrored)
        let both = try QRDecoder.decode(symbol.modules.inverted.transposed)
        #expect(both.mirrored && both.inverted)
        let plain = try QRDecoder.decode(symbol.modules)
        #expect(!plain.mirrored && !plain.inverted)
    }

    @Test("random grids and random damage never crash the decoder", arguments: [1, 2, 3, 7])
    func randomGrids(_ number: Int) throws {
        let version = try #require(QRVersion(rawValue: number))
        var random = SeededGenerator(seed: UInt64(number))
        let symbol = try QREncoder.encode(segments: [.bytes(Array("random damage".utf8))], versions: version...version)
        var outcomes = 0
        for trial in 0..<60 {
            var grid = trial % 2 == 0 ? BitMatrix(size: version.size) : symbol.modules
            let flips = trial % 2 == 0 ? version.size * version.size / 2 : trial
            for _ in 0..<flips {
                grid[Int.random(in: 0..<version.size, using: &random), Int.random(in: 0..<version.size, using: &random)].toggle()
            }
            do {
                let decoded = try QRDecoder.decode(grid)
                #expect(decoded.version == version)
            } catch {
                #expect(!error.description.isEmpty)
            }
            outcomes += 1
        }
        #expect(outcomes == 60)
    }

    @Test("every error has a one-line description", arguments: [
        QRDecodingError.invalidSize(5), .formatInformationUnreadable, .versionInformationUnreadable, .tooDamaged(block: 0),
        .malformedData(.unknownMode(6)), .malformedData(.truncatedSegment(.kanji)), .malformedData(.invalidNumericGroup),
        .malformedData(.invalidAlphanumericValue), .malformedData(.invalidECIDesignator),
    ])
    func descriptions(_ error: QRDecodingError) {
        #expect(!error.description.isEmpty && !error.description.contains("\n"))
    }
}

extension BitBuffer {
    /// A segment's header and payload as the encoder writes them.
    static func segmentBits(_ segment: QRSegment, version: QRVersion) -> BitBuffer {
        var bits = BitBuffer()
        bits.append(segment.mode.rawValue, width: 4)
        let countBits = segment.mode.characterCountBits(version)
        if countBits > 0 { bits.append(segment.characterCount, width: countBits) }
        bits.append(contentsOf: segment.data)
        return bits
    }
}
