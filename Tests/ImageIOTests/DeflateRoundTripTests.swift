import Testing
@testable import ImageIO

@Suite("Deflate encoder")
struct DeflateRoundTripTests {
    struct Input: Sendable, CustomTestStringConvertible {
        let id: String
        let bytes: [UInt8]
        var testDescription: String { id }
    }

    static let sentence = Support.bytes("Sphinx of black quartz, judge my vow; pack my box with five dozen liquor jugs. ")

    static let inputs: [Input] = [
        Input(id: "empty", bytes: []),
        Input(id: "one byte", bytes: [42]),
        Input(id: "two bytes", bytes: [1, 2]),
        Input(id: "three equal bytes", bytes: [7, 7, 7]),
        Input(id: "all zero 1 MB", bytes: [UInt8](repeating: 0, count: 1 << 20)),
        Input(id: "random 300 KB", bytes: Support.lcgBytes(300_000, seed: 5)),
        Input(id: "repetitive text", bytes: Array([[UInt8]](repeating: sentence, count: 2000).joined())),
        Input(id: "1 MB mixed", bytes: mixed(1 << 20)),
        Input(id: "period 32768", bytes: Array([[UInt8]](repeating: Support.lcgBytes(32768, seed: 3), count: 3).joined())),
        Input(id: "period 32769", bytes: Array([[UInt8]](repeating: Support.lcgBytes(32769, seed: 4), count: 3).joined())),
        Input(id: "byte ramp", bytes: (0..<70000).map { UInt8(truncatingIfNeeded: $0 / 3) }),
        Input(id: "skewed alphabet", bytes: Support.lcgBytes(200_000, seed: 8).map { $0 < 250 ? $0 & 1 : $0 }),
    ]

    /// Runs of text, random bytes, zeros and copies of earlier data.
    static func mixed(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        let noise = Support.lcgBytes(count, seed: 11)
        var step = 0
        while bytes.count < count {
            switch step % 4 {
            case 0: bytes += sentence
            case 1: bytes += noise[bytes.count..<min(count, bytes.count + 3000)]
            case 2: bytes += [UInt8](repeating: UInt8(step & 0xFF), count: 500 + step % 700)
            default: bytes += bytes[(bytes.count / 2)..<min(bytes.count, bytes.count / 2 + 4000)]
            }
            step += 1
        }
        return Array(bytes[0..<count])
    }

    @Test("round trip through our inflate", arguments: inputs)
    func roundTrip(_ input: Input) throws {
        let compressed = Zlib.compress(input.bytes)
        #expect(try Zlib.decompress(compressed) == input.bytes)
        // Incompressible data falls back to stored blocks: 5 bytes per
        // block of at most 16384 tokens, plus the zlib header and trailer.
        #expect(compressed.count <= input.bytes.count + 5 * (input.bytes.count / 16384 + 1) + 6)
    }

    @Test("compression ratios", arguments: [
        ("repetitive text", 20), ("all zero 1 MB", 500), ("byte ramp", 50), ("skewed alphabet", 4),
    ])
    func ratio(id: String, minimum: Int) throws {
        let input = try #require(Self.inputs.first { $0.id == id })
        let compressed = Zlib.compress(input.bytes)
        #expect(input.bytes.count / compressed.count >= minimum, "ratio \(input.bytes.count / compressed.count)")
    }

    /// Bilevel pictures as PNG scanlines (filter byte, then packed pixels):
    /// runs, repeated rows and blocks of rows, the shapes `.runs` looks for.
    static func scanlines(rows: Int, rowBytes: Int, repeat: Int, seed: UInt32) -> [UInt8] {
        let noise = Support.lcgBytes(rows * rowBytes, seed: seed)
        var bytes: [UInt8] = []
        var row = 0
        while row < rows {
            let line: [UInt8] = [0] + noise[(row * rowBytes)..<((row + 1) * rowBytes)].map { $0 < 128 ? 0x00 : 0xFF }
            for _ in 0..<min(`repeat`, rows - row) { bytes += line }
            row += `repeat`
        }
        return bytes
    }

    static let runsInputs: [(id: String, bytes: [UInt8], rowLength: Int)] = [
        ("empty", [], 10),
        ("one byte", [9], 10),
        ("short row length", [UInt8](repeating: 3, count: 100), 1),
        ("row length beyond the window", Support.lcgBytes(70000, seed: 2), 40000),
        ("QR-like, 1 KB", scanlines(rows: 40, rowBytes: 25, repeat: 4, seed: 6), 26),
        ("QR-like, 40 KB", scanlines(rows: 400, rowBytes: 100, repeat: 8, seed: 7), 101),
        ("QR-like, 300 KB, rows over 258 bytes", scanlines(rows: 1000, rowBytes: 300, repeat: 16, seed: 8), 301),
        ("random 100 KB", Support.lcgBytes(100_000, seed: 12), 77),
        ("text", Array([[UInt8]](repeating: sentence, count: 500).joined()), 80),
    ]

    @Test("the runs strategy round-trips and finds the rows", arguments: runsInputs.indices)
    func runsStrategy(_ index: Int) throws {
        let input = Self.runsInputs[index]
        let compressed = Zlib.compress(input.bytes, strategy: .runs(rowLength: input.rowLength))
        #expect(try Zlib.decompress(compressed) == input.bytes, "\(input.id)")
        #expect(compressed.count <= input.bytes.count + 5 * (input.bytes.count / 16384 + 1) + 6, "\(input.id)")
        if input.id.hasPrefix("QR-like") {
            // What .runs is for: as small as the general matcher makes it.
            let general = Zlib.compress(input.bytes)
            #expect(compressed.count <= general.count + general.count / 10 + 16,
                    "\(input.id): \(compressed.count) bytes, general \(general.count)")
        }
    }

    @Test("stream header is a valid zlib header")
    func header() {
        let stream = Zlib.compress(Support.bytes("hello"))
        #expect(stream[0] == 0x78)
        #expect((Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0)
    }
}

@Suite("Huffman code construction")
struct HuffmanCodeBuilderTests {
    /// Fibonacci frequencies force a maximally deep Huffman tree.
    static let fibonacci: [Int] = {
        var values = [1, 1]
        while values.count < 30 { values.append(values[values.count - 1] + values[values.count - 2]) }
        return values
    }()

    @Test("lengths respect the limit and form a complete code", arguments: [
        ("fibonacci 15", fibonacci, 15),
        ("fibonacci 7", Array(fibonacci[0..<19]), 7),
        ("uniform", [Int](repeating: 10, count: 286), 15),
        ("one symbol", [0, 0, 5, 0], 15),
        ("none", [0, 0, 0, 0], 15),
        ("powers", (0..<19).map { 1 << $0 }, 7),
    ])
    func limited(id: String, frequencies: [Int], limit: Int) {
        let lengths = HuffmanCodeBuilder.lengths(frequencies: frequencies, limit: limit)
        #expect(lengths.allSatisfy { Int($0) <= limit })
        let kraft = lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (limit - Int($1))) }
        #expect(kraft == 1 << limit, "Kraft sum \(kraft) of \(1 << limit)")
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
            #expect(lengths[symbol] > 0)
        }
    }

    @Test("unlimited codes are optimal Huffman codes")
    func optimal() {
        // Frequencies 1, 1, 2, 4: Huffman lengths 3, 3, 2, 1.
        #expect(HuffmanCodeBuilder.lengths(frequencies: [1, 1, 2, 4], limit: 15) == [3, 3, 2, 1])
    }

    @Test("canonical codes follow RFC 1951's example")
    func canonical() {
        // RFC 1951 §3.2.2: lengths (3,3,3,3,3,2,4,4) give codes
        // 010 011 100 101 110 00 1110 1111.
        let codes = HuffmanCodeBuilder.reversedCodes(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
        let expected = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
        let lengths = [3, 3, 3, 3, 3, 2, 4, 4]
        for index in expected.indices {
            #expect(Int(codes[index]) == HuffmanDecodingTable.reverse(expected[index], bits: lengths[index]))
        }
    }
}
