import Testing
@testable import ImageIO

/// Random damage to valid files: decoding must return or throw, never
/// crash, hang or exceed its limits.
@Suite("Robustness against damaged files")
struct RobustnessTests {
    /// Damages one byte inside a chunk's data and repairs the chunk's CRC,
    /// so that the damage reaches the decoder beyond the CRC check.
    static func damage(_ png: [UInt8], noise: ArraySlice<UInt8>) -> [UInt8] {
        var chunks: [(start: Int, length: Int)] = []
        var position = 8
        while position + 12 <= png.count {
            let length = png[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
            chunks.append((position, length))
            position += 12 + length
        }
        let bytes = Array(noise)
        let chunk = chunks[Int(bytes[0]) % chunks.count]
        guard chunk.length > 0 else { return png }
        var damaged = png
        let offset = chunk.start + 8 + (Int(bytes[1]) << 8 | Int(bytes[2])) % chunk.length
        damaged[offset] = bytes[3] == damaged[offset] ? ~bytes[3] : bytes[3]
        let crc = CRC32.checksum(damaged[(chunk.start + 4)..<(chunk.start + 8 + chunk.length)])
        let crcStart = chunk.start + 8 + chunk.length
        for index in 0..<4 { damaged[crcStart + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(index))) }
        return damaged
    }

    @Test("damaged PNG chunks", arguments: ["ct0-d1", "ct2-d16-trns", "ct3-d8-trns-adam7", "ct6-d8-adam7", "split-idat-ancillary"])
    func damagedPNG(name: String) throws {
        let png = try Support.fixture("png/\(name).png")
        let noise = Support.lcgBytes(4 * 300, seed: UInt32(png.count))
        let limits = DecodeLimits(maxDimension: 4096, maxPixels: 1 << 20)
        var outcomes = (decoded: 0, rejected: 0)
        for trial in 0..<300 {
            do {
                let image = try ImageDecoder.decode(Self.damage(png, noise: noise[(4 * trial)..<(4 * trial + 4)]), limits: limits)
                #expect(image.samples.count == image.width * image.height * image.layout.channels)
                outcomes.decoded += 1
            } catch {
                outcomes.rejected += 1
            }
        }
        #expect(outcomes.decoded + outcomes.rejected == 300)
        #expect(outcomes.rejected > 0)
    }

    @Test("truncated PNG files are reported as truncated or corrupt")
    func truncatedPNG() throws {
        let png = try Support.fixture("png/ct2-d8-adam7.png")
        for length in 0..<png.count {
            do {
                _ = try PNGDecoder.decode(Array(png[0..<length]))
                Issue.record("a file cut to \(length) bytes decoded")
            } catch .truncated {
                continue
            } catch {
                Issue.record("a file cut to \(length) bytes threw \(error)")
            }
        }
    }

    @Test("damaged PNM headers")
    func damagedPNM() {
        let file = Array("P2\n# comment\n4 3\n255\n".utf8) + Array((0..<12).map { "\($0 * 20) " }.joined().utf8)
        let noise = Support.lcgBytes(3 * 400, seed: 77)
        var rejected = 0
        for trial in 0..<400 {
            var damaged = file
            damaged[Int(noise[3 * trial]) % damaged.count] = noise[3 * trial + 1] % 64 + 32
            if (try? PNMDecoder.decode(damaged)) == nil { rejected += 1 }
        }
        #expect(rejected > 0)
    }
}
