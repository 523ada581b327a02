import Testing
@testable import ImageIO

@Suite("PNG encoder")
struct PNGEncoderTests {
    /// An image to encode, with the luminance decoding must give back.
    struct Sample: Sendable, CustomTestStringConvertible {
        enum Pixels: Sendable {
            case bilevel([Bool])
            case samples(PNGEncoder.Format, [UInt8])
        }

        let id: String
        let width: Int
        let height: Int
        let pixels: Pixels
        var testDescription: String { id }

        func encode() -> [UInt8] {
            switch pixels {
            case .bilevel(let dark): PNGEncoder.encodeBilevel(width: width, height: height, isDark: dark)
            case .samples(let format, let samples): PNGEncoder.encode(width: width, height: height, format: format, samples: samples)
            }
        }

        var expectedLuminance: [UInt8] {
            switch pixels {
            case .bilevel(let dark):
                return dark.map { $0 ? 0 : 255 }
            case .samples(let format, let samples):
                let layout: DecodedImage.Layout = format == .grey8 ? .grey : format == .rgb8 ? .rgb : .rgba
                return DecodedImage(width: width, height: height, layout: layout, samples: samples).luminance()
            }
        }
    }

    static func bilevel(_ width: Int, _ height: Int) -> Sample {
        let noise = Support.lcgBytes(width * height, seed: UInt32(width * 1000 + height))
        return Sample(id: "bilevel-\(width)x\(height)", width: width, height: height, pixels: .bilevel(noise.map { $0 & 1 == 1 }))
    }

    /// Random blocks of `block` × `block` pixels, as a scaled-up QR code is.
    static func blocky(_ width: Int, _ height: Int, block: Int) -> Sample {
        let noise = Support.lcgBytes(width * height, seed: UInt32(width * 7 + block))
        let dark = (0..<(width * height)).map { index in
            noise[(index / width / block) * width + (index % width) / block] & 1 == 1
        }
        return Sample(id: "bilevel-blocks\(block)-\(width)x\(height)", width: width, height: height, pixels: .bilevel(dark))
    }

    static func eightBit(_ format: PNGEncoder.Format, _ width: Int, _ height: Int) -> Sample {
        let channels = format == .grey8 ? 1 : format == .rgb8 ? 3 : 4
        let noise = Support.lcgBytes(width * height * channels, seed: UInt32(width * 31 + height))
        // Gradients plus a little noise: every filter has something to win.
        let samples = noise.indices.map { index in
            let pixel = index / channels
            return UInt8(truncatingIfNeeded: (pixel % width) * 3 + (pixel / width) * 5 + index % channels * 40 + Int(noise[index] & 7))
        }
        return Sample(id: "\(format)-\(width)x\(height)", width: width, height: height, pixels: .samples(format, samples))
    }

    static let samples: [Sample] = [
        bilevel(1, 1), bilevel(7, 3), bilevel(8, 8), bilevel(9, 5), bilevel(21, 21),
        bilevel(33, 17), bilevel(64, 1), bilevel(177, 177),
        blocky(296, 296, block: 8), blocky(99, 60, block: 3), blocky(1000, 300, block: 16),
        eightBit(.grey8, 1, 1), eightBit(.grey8, 13, 7), eightBit(.grey8, 200, 120),
        eightBit(.rgb8, 31, 9), eightBit(.rgb8, 128, 64), eightBit(.rgba8, 17, 5), eightBit(.rgba8, 1, 40),
    ]

    @Test("encoded images decode to the same luminance", arguments: samples)
    func roundTrip(_ sample: Sample) throws {
        let decoded = try PNGDecoder.decode(sample.encode())
        #expect(decoded.width == sample.width)
        #expect(decoded.height == sample.height)
        #expect(decoded.luminance() == sample.expectedLuminance)
        if case .samples(_, let samples) = sample.pixels {
            #expect(decoded.samples == samples)
        }
    }

    @Test("bilevel images are 1-bit greyscale with unfiltered rows")
    func bilevelHeader() throws {
        let png = Self.bilevel(21, 21).encode()
        // IHDR data starts at byte 16: width, height, depth, colour type.
        #expect(Array(png[16..<26]) == [0, 0, 0, 21, 0, 0, 0, 21, 1, 0])
        let idat = try #require(Self.chunkData(png, type: "IDAT"))
        let scanlines = try Zlib.decompress(idat)
        #expect(scanlines.count == 21 * 4)
        #expect(stride(from: 0, to: scanlines.count, by: 4).allSatisfy { scanlines[$0] == 0 })
    }

    @Test("bilevel scanlines packed by the caller give the same file as packed rows",
          arguments: [(1, 1), (7, 3), (8, 8), (9, 2), (264, 264)])
    func bilevelScanlines(_ width: Int, _ height: Int) throws {
        let rowBytes = (width + 7) / 8
        let rows = Support.lcgBytes(rowBytes * height, seed: UInt32(width * 31 + height))
        var scanlines: [UInt8] = []
        for y in 0..<height { scanlines += [0] + rows[(y * rowBytes)..<((y + 1) * rowBytes)] }
        let png = PNGEncoder.encodeBilevel(width: width, height: height, scanlines: scanlines)
        #expect(png == PNGEncoder.encodeBilevel(width: width, height: height, packedRows: rows))
        let idat = try #require(Self.chunkData(png, type: "IDAT"))
        #expect(try Zlib.decompress(idat) == scanlines)
    }

    @Test("8-bit rows use more than one filter on gradients")
    func filterChoice() throws {
        let png = Self.eightBit(.rgb8, 128, 64).encode()
        let scanlines = try Zlib.decompress(try #require(Self.chunkData(png, type: "IDAT")))
        let filters = Set(stride(from: 0, to: scanlines.count, by: 128 * 3 + 1).map { scanlines[$0] })
        #expect(filters.count > 1)
        #expect(filters.isSubset(of: [0, 1, 2, 3, 4]))
    }

    @Test("encoded files end with the standard IEND chunk")
    func iend() {
        let png = Self.eightBit(.grey8, 1, 1).encode()
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    /// The data of the first chunk of `type` in a PNG file.
    static func chunkData(_ png: [UInt8], type: String) -> [UInt8]? {
        var position = 8
        while position + 12 <= png.count {
            let length = png[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[(position + 4)..<(position + 8)], as: UTF8.self) == type {
                return Array(png[(position + 8)..<(position + 8 + length)])
            }
            position += 12 + length
        }
        return nil
    }
}
