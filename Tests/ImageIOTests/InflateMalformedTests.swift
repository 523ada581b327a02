import Testing
@testable import ImageIO

/// Hostile and broken streams: each must end in the right thrown error.
@Suite("Inflate of malformed streams")
struct InflateMalformedTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let stream: [UInt8]
        let error: ImageError
        var testDescription: String { id }
    }

    /// A zlib header (deflate, 32 KiB window, no dictionary) before the
    /// bits `build` writes.
    static func zlib(_ build: (inout BitWriter) -> Void) -> [UInt8] {
        var writer = BitWriter()
        build(&writer)
        writer.alignToByte()
        return [0x78, 0x01] + writer.bytes
    }

    /// Writes a Huffman code most significant bit first.
    static func code(_ writer: inout BitWriter, _ value: Int, _ length: Int) {
        writer.write(UInt32(HuffmanDecodingTable.reverse(value, bits: length)), count: length)
    }

    /// Starts a dynamic block with 257 literal/length and 1 distance codes,
    /// sending `lengths` for the code-length alphabet in RFC order.
    static func dynamicHeader(_ writer: inout BitWriter, codeLengthLengths lengths: [UInt32]) {
        writer.write(1, count: 1)
        writer.write(2, count: 2)
        writer.write(0, count: 5)
        writer.write(0, count: 5)
        writer.write(UInt32(lengths.count - 4), count: 4)
        for length in lengths { writer.write(length, count: 3) }
    }

    static let helloStream = Zlib.compress(Support.bytes("hello, hello, hello"))
    static let corrupt = ImageError.corrupt
    static let deflateTruncated = ImageError.truncated("deflate stream")

    static let cases: [Case] = [
        Case(id: "empty input", stream: [], error: .truncated("zlib stream")),
        Case(id: "header only", stream: [0x78, 0x01], error: deflateTruncated),
        Case(id: "bad header check", stream: [0x78, 0x9D, 0x03, 0x00], error: corrupt("bad zlib header check")),
        Case(id: "compression method 7", stream: [0x77, 0x0E, 0x03, 0x00], error: corrupt("unknown zlib compression method")),
        Case(id: "window of 64 KiB", stream: [0x88, 0x1C, 0x03, 0x00], error: corrupt("unknown zlib compression method")),
        Case(id: "preset dictionary", stream: [0x78, 0xBB, 0, 0, 0, 1, 0x03, 0x00], error: corrupt("zlib preset dictionary is not allowed")),
        Case(id: "block type 3", stream: zlib { $0.write(0b111, count: 3) }, error: corrupt("invalid block type in deflate stream")),
        Case(id: "stored length check", stream: zlib { w in
            w.write(1, count: 3); w.alignToByte(); w.write(5, count: 16); w.write(5, count: 16)
        }, error: corrupt("stored block length check failed in deflate stream")),
        Case(id: "stored data cut short", stream: zlib { w in
            w.write(1, count: 3); w.alignToByte(); w.write(10, count: 16); w.write(0xFFF5, count: 16); w.write(0x414141, count: 24)
        }, error: deflateTruncated),
        Case(id: "stored header cut short", stream: zlib { w in w.write(1, count: 3); w.alignToByte(); w.write(10, count: 16) }, error: deflateTruncated),
        Case(id: "no final block", stream: zlib { w in
            w.write(0, count: 3); w.alignToByte(); w.write(0, count: 16); w.write(0xFFFF, count: 16)
        }, error: deflateTruncated),
        Case(id: "fixed block cut short", stream: zlib { w in w.write(0b011, count: 3); code(&w, 0x30 + 65, 8) }, error: deflateTruncated),
        Case(id: "missing Adler-32", stream: Array(helloStream.dropLast(4)), error: .truncated("zlib stream")),
        Case(id: "partial Adler-32", stream: Array(helloStream.dropLast(1)), error: .truncated("zlib stream")),
        Case(id: "wrong Adler-32", stream: helloStream.dropLast() + [helloStream.last.map { $0 ^ 1 } ?? 0], error: corrupt("bad Adler-32 checksum in zlib stream")),
        Case(id: "distance before start", stream: zlib { w in
            w.write(0b011, count: 3); code(&w, 1, 7); code(&w, 0, 5)
        }, error: corrupt("invalid distance in deflate stream")),
        Case(id: "distance beyond output", stream: zlib { w in
            w.write(0b011, count: 3); code(&w, 0x30 + 97, 8); code(&w, 1, 7); code(&w, 1, 5)
        }, error: corrupt("invalid distance in deflate stream")),
        Case(id: "length symbol 286", stream: zlib { w in w.write(0b011, count: 3); code(&w, 0b1100_0110, 8) }, error: corrupt("invalid length code in deflate stream")),
        Case(id: "distance symbol 30", stream: zlib { w in
            w.write(0b011, count: 3); code(&w, 0x30 + 97, 8); code(&w, 1, 7); code(&w, 30, 5)
        }, error: corrupt("invalid distance code in deflate stream")),
        Case(id: "too many length codes", stream: zlib { w in
            w.write(0b101, count: 3); w.write(30, count: 5); w.write(0, count: 5); w.write(0, count: 4)
        }, error: corrupt("too many length or distance codes in deflate stream")),
        Case(id: "over-subscribed code-length code", stream: zlib { w in
            dynamicHeader(&w, codeLengthLengths: [UInt32](repeating: 1, count: 19))
        }, error: corrupt("over-subscribed Huffman code in deflate stream")),
        Case(id: "incomplete code-length code", stream: zlib { w in
            dynamicHeader(&w, codeLengthLengths: [1, 0, 0, 0])
        }, error: corrupt("incomplete Huffman code in deflate stream")),
        Case(id: "empty code-length code", stream: zlib { w in
            dynamicHeader(&w, codeLengthLengths: [0, 0, 0, 0])
        }, error: corrupt("empty Huffman code in deflate stream")),
        Case(id: "repeat with no previous length", stream: zlib { w in
            // Symbols 16 and 0 get one-bit codes: 0 is "0", 16 is "1".
            dynamicHeader(&w, codeLengthLengths: [1, 0, 0, 1]); code(&w, 1, 1); w.write(0, count: 2)
        }, error: corrupt("length repeat with no previous length in deflate stream")),
        Case(id: "zero run past the end", stream: zlib { w in
            // Symbols 18 and 0 get one-bit codes; two runs of 138 > 258.
            dynamicHeader(&w, codeLengthLengths: [0, 0, 1, 1])
            code(&w, 1, 1); w.write(127, count: 7); code(&w, 1, 1); w.write(127, count: 7)
        }, error: corrupt("code length repeat overflows in deflate stream")),
        Case(id: "no end-of-block code", stream: zlib { w in
            dynamicHeader(&w, codeLengthLengths: [0, 0, 1, 1])
            code(&w, 1, 1); w.write(127, count: 7); code(&w, 1, 1); w.write(109, count: 7)
        }, error: corrupt("missing end-of-block code in deflate stream")),
        Case(id: "unused bit pattern of a one-code set", stream: zlib { w in
            // Code-length code: 18 is "0", 0 is "10", 1 is "11". Literals
            // 0...255 get no code, end-of-block the lone code "0", and the
            // block then sends the unused pattern "1".
            var lengths = [UInt32](repeating: 0, count: 18)
            lengths[2] = 1
            lengths[3] = 2
            lengths[17] = 2
            dynamicHeader(&w, codeLengthLengths: lengths)
            code(&w, 0, 1); w.write(127, count: 7); code(&w, 0, 1); w.write(107, count: 7)
            code(&w, 0b11, 2); code(&w, 0b10, 2); code(&w, 1, 1)
        }, error: corrupt("invalid Huffman code in deflate stream")),
    ]

    @Test("throws the expected error", arguments: cases)
    func malformed(_ testCase: Case) {
        #expect(throws: testCase.error) { try Zlib.decompress(testCase.stream) }
    }

    @Test("Huffman tables reject bad code sets", arguments: [
        ("over-subscribed", [UInt8](repeating: 1, count: 3), "over-subscribed Huffman code in deflate stream"),
        ("incomplete", [2, 2, 2], "incomplete Huffman code in deflate stream"),
        ("lone two-bit code", [0, 2], "incomplete Huffman code in deflate stream"),
        ("empty", [0, 0, 0], "empty Huffman code in deflate stream"),
    ])
    func badCodeSets(id: String, lengths: [UInt8], reason: String) {
        #expect(throws: ImageError.corrupt(reason)) { try HuffmanDecodingTable(lengths: lengths[...], alphabet: .codeLengths, primaryBits: 9) }
    }

    @Test("a lone one-bit code is accepted, as zlib does")
    func loneCode() throws {
        let table = try HuffmanDecodingTable(lengths: [0, 0, 1][...], alphabet: .codeLengths, primaryBits: 9)
        #expect(table.entries[0] >> 16 == 2)
        #expect(table.entries[1] & 0xFF == 0)
    }

    @Test("decompression bombs stop at the limit")
    func bomb() {
        let bomb = Zlib.compress([UInt8](repeating: 0, count: 3 << 20))
        #expect(bomb.count < 5000)
        #expect(throws: ImageError.tooLarge("decompressed data exceeds 1000000 bytes")) {
            try Zlib.decompress(bomb, limit: 1_000_000)
        }
    }

    @Test("mutated and truncated streams never crash or hang", arguments: [1, 2, 3, 4])
    func mutations(seed: UInt32) throws {
        let original = Array(DeflateRoundTripTests.mixed(40000)[0..<40000])
        let stream = Zlib.compress(original)
        let noise = Support.lcgBytes(750, seed: seed)
        var failures = 0
        for trial in 0..<250 {
            var broken = stream
            let position = (Int(noise[3 * trial]) << 8 | Int(noise[3 * trial + 1])) % broken.count
            switch trial % 3 {
            case 0: broken[position] ^= 1 << (noise[3 * trial + 2] & 7)
            case 1: broken[position] = noise[3 * trial + 2]
            default: broken = Array(broken[0..<position])
            }
            do {
                let output = try Zlib.decompress(broken, limit: 100_000)
                #expect(output.count <= 100_000)
            } catch {
                failures += 1
            }
        }
        // Almost every mutation is caught, at the latest by the Adler-32.
        #expect(failures > 200)
    }
}
