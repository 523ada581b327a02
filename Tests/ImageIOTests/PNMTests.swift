import Testing
@testable import ImageIO

@Suite("PNM decoder and encoder")
struct PNMTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let file: [UInt8]
        let layout: DecodedImage.Layout
        let width: Int
        let samples: [UInt8]
        var testDescription: String { id }
    }

    static func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    static let cases: [Case] = [
        Case(id: "P1", file: text("P1\n3 2\n1 0 1\n0 1 0\n"), layout: .grey, width: 3, samples: [0, 255, 0, 255, 0, 255]),
        Case(id: "P1 digits unseparated with comments", file: text("P1 # a comment\n#another\n3 2 101\n#mid\n010"), layout: .grey, width: 3, samples: [0, 255, 0, 255, 0, 255]),
        Case(id: "P2", file: text("P2\n2 2\n# maxval next\n15\n0 15\n7 8\n"), layout: .grey, width: 2, samples: [0, 255, 119, 136]),
        Case(id: "P2 16-bit", file: text("P2 2 1 65535 65535 32768"), layout: .grey, width: 2, samples: [255, 128]),
        Case(id: "P3", file: text("P3\n2 1\n255\n255 0 0  0 0 255\n"), layout: .rgb, width: 2, samples: [255, 0, 0, 0, 0, 255]),
        Case(id: "P3 maxval 1", file: text("P3 1 1 1\n1 0 1"), layout: .rgb, width: 1, samples: [255, 0, 255]),
        Case(id: "P4 width 10", file: text("P4\n10 2\n") + [0b1010_0000, 0b0100_0000, 0xFF, 0b1111_1111],
             layout: .grey, width: 10, samples: [0, 255, 0, 255, 255, 255, 255, 255, 255, 0] + [UInt8](repeating: 0, count: 10)),
        Case(id: "P4 comment in header", file: text("P4 #c\n# d\n8 1\n") + [0x0F], layout: .grey, width: 8, samples: [255, 255, 255, 255, 0, 0, 0, 0]),
        Case(id: "P5", file: text("P5\n3 1\n255\n") + [0, 128, 255], layout: .grey, width: 3, samples: [0, 128, 255]),
        Case(id: "P5 maxval 100", file: text("P5 2 1 100\t") + [50, 100], layout: .grey, width: 2, samples: [128, 255]),
        Case(id: "P5 16-bit", file: text("P5\n2 1\n65535\n") + [0xFF, 0xFF, 0x80, 0x00], layout: .grey, width: 2, samples: [255, 128]),
        Case(id: "P5 maxval 1000", file: text("P5\n1 1\n1000\n") + [0x01, 0xF4], layout: .grey, width: 1, samples: [128]),
        Case(id: "P5 raster starting with whitespace byte", file: text("P5\n2 1\n255\n") + [0x20, 0x0A], layout: .grey, width: 2, samples: [32, 10]),
        Case(id: "P6", file: text("P6\r\n1 2\r\n255\r") + [1, 2, 3, 4, 5, 6], layout: .rgb, width: 1, samples: [1, 2, 3, 4, 5, 6]),
        Case(id: "P6 16-bit", file: text("P6 1 1 65535\n") + [0, 0, 0xFF, 0xFF, 0x7F, 0xFF], layout: .rgb, width: 1, samples: [0, 255, 127]),
        Case(id: "P5 with trailing data", file: text("P5 1 1 255\n") + [9, 1, 2, 3], layout: .grey, width: 1, samples: [9]),
    ]

    @Test("decodes", arguments: cases)
    func decode(_ testCase: Case) throws {
        let image = try ImageDecoder.decode(testCase.file)
        #expect(image.layout == testCase.layout)
        #expect(image.width == testCase.width)
        #expect(image.samples == testCase.samples)
    }

    @Test("rejects malformed files", arguments: [
        ("no dimensions", text("P2\n"), ImageError.truncated("PNM width")),
        ("height missing", text("P5 3 "), .truncated("PNM height")),
        ("letters in width", text("P5 3x 2 255\n"), .corrupt("invalid PNM width")),
        ("negative width", text("P2 -3 2 255\n"), .corrupt("invalid PNM width")),
        ("zero height", text("P5 3 0 255\n"), .corrupt("PNM width or height is zero")),
        ("maxval 0", text("P5 1 1 0\n") + [0], .corrupt("PNM maxval out of range")),
        ("maxval 65536", text("P5 1 1 65536\n") + [0, 0], .corrupt("PNM maxval out of range")),
        ("huge width", text("P5 99999999999 1 255\n"), .corrupt("PNM width out of range")),
        ("over the size limit", text("P5 40000 1 255\n"), .tooLarge("40000×1 pixels exceeds the limit of 32768 pixels a side")),
        ("no whitespace after maxval", text("P5 1 1 255"), .truncated("PNM header")),
        ("comment right after maxval", text("P5 1 1 255#c\n") + [0], .corrupt("invalid PNM header")),
        ("short raster", text("P5 2 2 255\n") + [1, 2, 3], .truncated("PNM pixel data")),
        ("short 16-bit raster", text("P6 1 1 65535\n") + [1, 2, 3, 4, 5], .truncated("PNM pixel data")),
        ("short PBM raster", text("P4 9 2\n") + [1, 2, 3], .truncated("PBM pixel data")),
        ("sample above maxval", text("P2 1 1 7 8"), .corrupt("PNM sample exceeds maxval")),
        ("binary sample above maxval", text("P5 1 1 7\n") + [8], .corrupt("PNM sample exceeds maxval")),
        ("ASCII raster ends early", text("P3 1 1 255 1 2"), .truncated("PNM sample")),
        ("PBM digit 2", text("P1 1 1 2"), .corrupt("invalid PBM pixel")),
        ("PBM ends early", text("P1 2 1 1"), .truncated("PBM pixel data")),
        ("magic P0 via PNMDecoder", text("P0 1 1"), .corrupt("missing PNM magic number")),
    ])
    func malformed(id: String, file: [UInt8], error: ImageError) {
        #expect(throws: error) { try PNMDecoder.decode(file) }
    }

    @Test("P4 and P5 writers round trip", arguments: [(1, 1), (7, 3), (8, 2), (9, 4), (33, 5)])
    func writers(width: Int, height: Int) throws {
        let noise = Support.lcgBytes(width * height, seed: UInt32(width + 100 * height))
        let dark = noise.map { $0 & 1 == 0 }
        let bitmap = try PNMDecoder.decode(PNMEncoder.encodeBitmap(width: width, height: height, isDark: dark))
        #expect(bitmap.samples == dark.map { $0 ? 0 : 255 })
        let grey = try PNMDecoder.decode(PNMEncoder.encodeGrey(width: width, height: height, samples: noise))
        #expect(grey == DecodedImage(width: width, height: height, layout: .grey, samples: noise))
    }
}

/// Luminance decoding of PNM files agrees with converting the samples.
struct PNMLuminanceTests {
    @Test("colour files convert as they are read", arguments: [
        "P3\n2 2\n255\n255 0 0  0 255 0\n0 0 255  10 20 30\n",
        "P3\n1 1\n65535\n65535 32768 0\n",
        "P2\n3 1\n15\n0 7 15\n",
        "P1\n3 1\n1 0 1\n",
    ])
    func plain(_ text: String) throws {
        let bytes = Support.bytes(text)
        #expect(try PNMDecoder.decodeLuminance(bytes).samples == PNMDecoder.decode(bytes).luminance())
    }

    @Test("binary colour, 8 and 16 bits a sample")
    func binary() throws {
        let noise = Support.lcgBytes(5 * 3 * 3 * 2, seed: 4)
        for (maxval, width) in [(255, 1), (65535, 2), (1000, 2)] {
            var bytes = Support.bytes("P6\n5 3\n\(maxval)\n")
            bytes += width == 1 ? Array(noise.prefix(45)) : noise.enumerated().map { $0.offset % 2 == 0 ? $0.element % 3 : $0.element }
            #expect(try PNMDecoder.decodeLuminance(bytes).samples == PNMDecoder.decode(bytes).luminance(), "maxval \(maxval)")
        }
    }
}
