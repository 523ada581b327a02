import Testing
@testable import ImageIO

/// Streams produced by the real zlib (see Fixtures/make_fixtures.py).
@Suite("Inflate of zlib-made streams")
struct ZlibFixtureTests {
    struct Entry: Sendable, CustomTestStringConvertible {
        let file: String
        let size: Int
        let crc32: UInt32
        var testDescription: String { file }
    }

    /// Fixtures/zlib/MANIFEST: "file size crc32" per line.
    static let manifest: [Entry] = {
        guard let text = try? Support.fixture("zlib/MANIFEST") else { return [] }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 3, let size = Int(fields[1]), let crc = UInt32(fields[2], radix: 16) else { return nil }
            return Entry(file: String(fields[0]), size: size, crc32: crc)
        }
    }()

    @Test("manifest lists every level and strategy")
    func manifestComplete() {
        // 6 inputs × 7 configurations + the hand-made far-distance stream.
        #expect(Self.manifest.count == 43)
    }

    @Test("decodes to the recorded size and CRC-32", arguments: manifest)
    func decodes(_ entry: Entry) throws {
        let stream = try Support.fixture("zlib/\(entry.file)")
        let output = try Zlib.decompress(stream)
        #expect(output.count == entry.size)
        #expect(CRC32.checksum(output) == entry.crc32)
    }

    @Test("inputs match the generator", arguments: ["l0", "l1", "l6", "l9", "fixed", "huffman", "rle"])
    func originals(config: String) throws {
        let text = try Support.fixture("zlib/text.txt")
        #expect(try Zlib.decompress(Support.fixture("zlib/text-\(config).zz")) == text)
        #expect(try Zlib.decompress(Support.fixture("zlib/random-\(config).zz")) == Support.lcgBytes(100_000, seed: 1))
        #expect(try Zlib.decompress(Support.fixture("zlib/zeros-\(config).zz")) == [UInt8](repeating: 0, count: 70000))
    }

    @Test("a match reaching exactly 32768 bytes back")
    func farDistance() throws {
        let head = Support.lcgBytes(32768, seed: 7)
        #expect(try Zlib.decompress(Support.fixture("zlib/far-distance.zz")) == head + head[0..<258])
    }

    @Test("output limit is enforced on a valid stream")
    func limit() throws {
        let stream = try Support.fixture("zlib/zeros-l9.zz")
        #expect(throws: ImageError.tooLarge("decompressed data exceeds 69999 bytes")) {
            try Zlib.decompress(stream, limit: 69999)
        }
        #expect(try Zlib.decompress(stream, limit: 70000).count == 70000)
    }
}
