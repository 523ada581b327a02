import Testing
@testable import ImageIO

@Suite("Checksums")
struct ChecksumTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let id: String
        let input: [UInt8]
        let crc32: UInt32
        let adler32: UInt32
        var testDescription: String { id }
    }

    static let vectors: [Vector] = [
        Vector(id: "empty", input: [], crc32: 0, adler32: 1),
        Vector(id: "check string", input: Support.bytes("123456789"), crc32: 0xCBF4_3926, adler32: 0x091E_01DE),
        Vector(id: "Wikipedia", input: Support.bytes("Wikipedia"), crc32: 0xADAA_C02E, adler32: 0x11E6_0398),
        Vector(id: "single a", input: Support.bytes("a"), crc32: 0xE8B7_BE43, adler32: 0x0062_0062),
        Vector(id: "quick fox", input: Support.bytes("The quick brown fox jumps over the lazy dog"), crc32: 0x414F_A339, adler32: 0x5BDC_0FDA),
        Vector(id: "IEND chunk type", input: Support.bytes("IEND"), crc32: 0xAE42_6082, adler32: 0x02D7_0121),
    ]

    @Test("known values", arguments: vectors)
    func knownValues(_ vector: Vector) {
        #expect(CRC32.checksum(vector.input) == vector.crc32)
        #expect(Adler32.checksum(vector.input) == vector.adler32)
    }

    @Test("chunked updates equal one shot", arguments: [1, 7, 5552, 5553, 65536])
    func chunked(chunkSize: Int) {
        let data = Support.lcgBytes(200_000, seed: 9) + [UInt8](repeating: 0xFF, count: 20000)
        var crc = CRC32()
        var adler = Adler32()
        var start = 0
        while start < data.count {
            let end = min(start + chunkSize, data.count)
            crc.update(data[start..<end])
            adler.update(data[start..<end])
            start = end
        }
        #expect(crc.value == CRC32.checksum(data))
        #expect(adler.value == Adler32.checksum(data))
    }

    @Test("Adler-32 sums stay exact on long runs of 0xFF")
    func adlerOverflow() {
        // Reference value from the definition, computed with wide sums.
        let data = [UInt8](repeating: 0xFF, count: 100_000)
        var a: UInt64 = 1
        var b: UInt64 = 0
        for byte in data {
            a = (a + UInt64(byte)) % 65521
            b = (b + a) % 65521
        }
        #expect(Adler32.checksum(data) == UInt32(b << 16 | a))
    }

    @Test("the written-out CRC table is the one the polynomial gives")
    func crcTable() {
        let derived = (0..<256).map { index -> UInt32 in
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            return value
        }
        #expect(CRC32.table == derived)
    }

    @Test("non-contiguous sequences are accepted")
    func nonContiguous() {
        let text = "123456789"
        #expect(CRC32.checksum(text.utf8) == 0xCBF4_3926)
        #expect(Adler32.checksum(text.utf8) == 0x091E_01DE)
    }
}
