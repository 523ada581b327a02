import Testing
@testable import ImageIO

/// The PNG decoder reads image data straight out of the IDAT chunks and
/// produces luminance a row at a time: whatever the chunking, and whether
/// samples or luminance are asked for, the pixels are the same.
@Suite("PNG streaming decode")
struct PNGStreamingTests {
    /// `png` with its image data cut into IDAT chunks of the given sizes
    /// (cycled), CRCs made right.
    static func rechunked(_ png: [UInt8], sizes: [Int]) throws -> [UInt8] {
        let data = try #require(PNGEncoderTests.chunkData(png, type: "IDAT"))
        let header = Array(png[8..<33])
        var out = Array(png[0..<8]) + header
        var start = 0
        var index = 0
        while start < data.count {
            let end = min(data.count, start + sizes[index % sizes.count])
            out += chunk("IDAT", Array(data[start..<end]))
            start = end
            index += 1
        }
        out += chunk("IDAT", []) + chunk("IEND", [])
        return out
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let length = UInt32(data.count)
        var bytes = [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        let body = Array(type.utf8) + data
        let crc = CRC32.checksum(body)
        bytes += body
        bytes += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return bytes
    }

    @Test("luminance decoding equals the samples' luminance", arguments: PNGDecoderTests.fixtures)
    func luminanceOfFixtures(_ name: String) throws {
        let png = try Support.fixture("png/\(name).png")
        let full = try PNGDecoder.decode(png)
        let luminance = try PNGDecoder.decodeLuminance(png)
        #expect(luminance.layout == .grey && luminance.width == full.width && luminance.height == full.height)
        #expect(luminance.samples == full.luminance())
    }

    @Test("image data split across IDAT chunks at any byte", arguments: [[1], [2, 3, 5], [7, 1, 64], [4096]])
    func chunking(_ sizes: [Int]) throws {
        // Random RGB compresses to stored blocks, which then straddle chunks too.
        let noise = Support.lcgBytes(61 * 23 * 3, seed: 77)
        let samples: [(String, [UInt8])] = [
            ("random RGB", PNGEncoder.encode(width: 61, height: 23, format: .rgb8, samples: noise)),
            ("gradient grey", PNGEncoder.encode(width: 200, height: 50, format: .grey8,
                                                samples: (0..<10000).map { UInt8(truncatingIfNeeded: $0 % 200 + $0 / 200) })),
            ("bilevel", PNGEncoder.encodeBilevel(width: 99, height: 40, isDark: noise.prefix(3960).map { $0 & 1 == 1 })),
        ]
        for (id, png) in samples {
            let expected = try PNGDecoder.decode(png)
            let split = try Self.rechunked(png, sizes: sizes)
            #expect(try PNGDecoder.decode(split) == expected, "\(id)")
            #expect(try PNGDecoder.decodeLuminance(split).samples == expected.luminance(), "\(id)")
        }
    }

    @Test("a large image inflates through the window without keeping its data")
    func largeImage() throws {
        // 2000 × 1500 RGBA: 12 MB of image data from a few kilobytes.
        let width = 2000, height = 1500
        let samples = (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: ($0 / 4 % width) / 8 + ($0 % 4) * 50) }
        let png = PNGEncoder.encode(width: width, height: height, format: .rgba8, samples: samples)
        let luminance = try PNGDecoder.decodeLuminance(png)
        #expect(luminance.samples == DecodedImage(width: width, height: height, layout: .rgba, samples: samples).luminance())
    }

    @Test("more image data than the image holds is refused")
    func excessData() throws {
        let png = PNGEncoder.encode(width: 4, height: 4, format: .grey8, samples: [UInt8](repeating: 9, count: 16))
        // Claim half the height: the data now runs past the last scanline.
        var short = png
        short[23] = 2
        let crc = CRC32.checksum(short[12..<29])
        for index in 0..<4 { short[29 + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(index))) }
        #expect(throws: ImageError.corrupt("more image data than the image size in IDAT")) { try PNGDecoder.decodeLuminance(short) }
    }
}
