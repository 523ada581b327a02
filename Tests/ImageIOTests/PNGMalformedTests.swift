import Testing
@testable import ImageIO

/// Broken, hostile and unusual PNG files.
@Suite("PNG decoder errors")
struct PNGMalformedTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let file: [UInt8]
        let error: ImageError
        var testDescription: String { id }
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(CRC32.checksum(body)))
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func ihdr(_ width: Int, _ height: Int, depth: UInt8 = 8, colourType: UInt8 = 0, interlace: UInt8 = 0) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [depth, colourType, 0, 0, interlace])
    }

    /// A 2×2 8-bit grey image whose scanlines are `scanlines`.
    static func png(_ chunks: [UInt8]...) -> [UInt8] {
        PNGChunkReader.signature + chunks.joined()
    }

    static let scanlines2x2: [UInt8] = [0, 10, 20, 0, 30, 40]
    static let idat = chunk("IDAT", Zlib.compress(scanlines2x2))
    static let iend = chunk("IEND", [])
    static let valid = png(ihdr(2, 2), idat, iend)

    static let cases: [Case] = [
        Case(id: "signature only", file: PNGChunkReader.signature, error: .truncated("PNG file")),
        Case(id: "partial signature", file: [0x89, 0x50, 0x4E], error: .truncated("PNG signature")),
        Case(id: "wrong signature", file: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x00] + ihdr(2, 2), error: .corrupt("missing PNG signature")),
        Case(id: "cut inside IDAT", file: Array(valid[0..<(valid.count - 16)]), error: .truncated("IDAT chunk")),
        Case(id: "no IEND", file: png(ihdr(2, 2), idat), error: .truncated("PNG file")),
        Case(id: "bad CRC in IDAT", file: { var file = valid; file[8 + 25 + 10] ^= 0x40; return file }(), error: .corrupt("bad CRC in IDAT chunk")),
        Case(id: "bad CRC in IHDR", file: { var file = valid; file[8 + 8 + 3] = 3; return file }(), error: .corrupt("bad CRC in IHDR chunk")),
        Case(id: "unknown critical chunk", file: png(ihdr(2, 2), chunk("ABCD", [1]), idat, iend), error: .corrupt("unknown critical chunk ABCD")),
        Case(id: "non-letter chunk type", file: png(ihdr(2, 2), chunk("AB1D", [1]), idat, iend), error: .corrupt("invalid PNG chunk type")),
        Case(id: "IDAT first", file: png(idat, ihdr(2, 2), iend), error: .corrupt("first chunk is not IHDR")),
        Case(id: "two IHDR chunks", file: png(ihdr(2, 2), ihdr(2, 2), idat, iend), error: .corrupt("second IHDR chunk")),
        Case(id: "no IDAT", file: png(ihdr(2, 2), iend), error: .corrupt("no IDAT chunk")),
        Case(id: "colour type 5", file: png(ihdr(2, 2, colourType: 5), idat, iend), error: .corrupt("invalid colour type 5")),
        Case(id: "grey depth 3", file: png(ihdr(2, 2, depth: 3), idat, iend), error: .corrupt("bit depth 3 not allowed for colour type 0")),
        Case(id: "palette depth 16", file: png(ihdr(2, 2, depth: 16, colourType: 3), idat, iend), error: .corrupt("bit depth 16 not allowed for colour type 3")),
        Case(id: "zero width", file: png(ihdr(0, 2), idat, iend), error: .corrupt("image width or height out of range")),
        Case(id: "interlace method 2", file: png(ihdr(2, 2, interlace: 2), idat, iend), error: .corrupt("unknown interlace method")),
        Case(id: "short IHDR", file: png(chunk("IHDR", [0, 0, 0, 2]), idat, iend), error: .corrupt("IHDR chunk has the wrong length")),
        Case(id: "width over the limit", file: png(ihdr(40000, 1), idat, iend), error: .tooLarge("40000×1 pixels exceeds the limit of 32768 pixels a side")),
        Case(id: "pixel count over the limit", file: png(ihdr(30000, 30000), idat, iend), error: .tooLarge("30000×30000 pixels exceeds the limit of 40000000 pixels")),
        Case(id: "decompression bomb", file: png(ihdr(2, 2), chunk("IDAT", Zlib.compress([UInt8](repeating: 0, count: 1 << 20))), iend),
             error: .corrupt("more image data than the image size in IDAT")),
        Case(id: "too little image data", file: png(ihdr(2, 3), idat, iend), error: .truncated("PNG image data")),
        Case(id: "filter type 5", file: png(ihdr(2, 2), chunk("IDAT", Zlib.compress([5, 1, 2, 0, 3, 4])), iend), error: .corrupt("invalid PNG filter type 5")),
        Case(id: "corrupt zlib data", file: png(ihdr(2, 2), chunk("IDAT", [0x78, 0x01, 0xFF, 0xFF]), iend), error: .corrupt("invalid block type in deflate stream")),
        Case(id: "palette image without PLTE", file: png(ihdr(2, 2, colourType: 3), idat, iend), error: .corrupt("missing PLTE chunk")),
        Case(id: "PLTE in a grey image", file: png(ihdr(2, 2), chunk("PLTE", [1, 2, 3]), idat, iend), error: .corrupt("PLTE chunk in a greyscale image")),
        Case(id: "PLTE of 4 bytes", file: png(ihdr(2, 2, colourType: 3), chunk("PLTE", [1, 2, 3, 4]), idat, iend), error: .corrupt("PLTE chunk has the wrong length")),
        Case(id: "PLTE larger than the depth allows", file: png(ihdr(2, 2, depth: 1, colourType: 3), chunk("PLTE", [UInt8](repeating: 9, count: 9)), idat, iend),
             error: .corrupt("PLTE chunk has more entries than the bit depth allows")),
        Case(id: "tRNS longer than the palette", file: png(ihdr(2, 2, colourType: 3), chunk("PLTE", [1, 2, 3]), chunk("tRNS", [0, 0]), idat, iend),
             error: .corrupt("tRNS chunk longer than the palette")),
        Case(id: "grey tRNS of 6 bytes", file: png(ihdr(2, 2), chunk("tRNS", [0, 0, 0, 0, 0, 0]), idat, iend), error: .corrupt("tRNS chunk has the wrong length")),
    ]

    @Test("throws the expected error", arguments: cases)
    func malformed(_ testCase: Case) {
        #expect(throws: testCase.error) { try PNGDecoder.decode(testCase.file) }
    }

    @Test("limits can be tightened")
    func customLimits() {
        let limits = DecodeLimits(maxDimension: 100, maxPixels: 3)
        #expect(throws: ImageError.tooLarge("2×2 pixels exceeds the limit of 3 pixels")) {
            try PNGDecoder.decode(Self.valid, limits: limits)
        }
    }

    @Test("unknown ancillary chunks are skipped; the minimal file decodes")
    func ancillary() throws {
        let image = try PNGDecoder.decode(Self.png(Self.ihdr(2, 2), Self.chunk("vpAg", [1, 2, 3]), Self.idat, Self.chunk("zzZz", []), Self.iend))
        #expect(image == DecodedImage(width: 2, height: 2, layout: .grey, samples: [10, 20, 30, 40]))
        #expect(try PNGDecoder.decode(Self.valid) == image)
    }

    @Test("palette indices beyond the palette read as opaque black")
    func indexBeyondPalette() throws {
        let file = Self.png(Self.ihdr(2, 1, colourType: 3), Self.chunk("PLTE", [200, 100, 50]), Self.chunk("IDAT", Zlib.compress([0, 0, 7])), Self.iend)
        #expect(try PNGDecoder.decode(file).samples == [200, 100, 50, 0, 0, 0])
    }
}
