import Testing
@testable import QRCode
import TestSupport

struct ReedSolomonTests {
    /// Generator polynomials in exponent form (α^e), from the ISO/IEC 18004 Annex A table.
    static let generators: [(degree: Int, exponents: [Int])] = [
        (7, [0, 87, 229, 146, 149, 238, 102, 21]),
        (10, [0, 251, 67, 46, 61, 118, 70, 64, 94, 32, 45]),
        (13, [0, 74, 152, 176, 100, 86, 100, 106, 104, 130, 218, 206, 140, 78]),
        (15, [0, 8, 183, 61, 91, 202, 37, 51, 58, 58, 237, 140, 124, 5, 99, 105]),
        (16, [0, 120, 104, 107, 109, 102, 161, 76, 3, 91, 191, 147, 169, 182, 194, 225, 120]),
    ]

    @Test("generator polynomial", arguments: generators)
    func generatorPolynomial(_ entry: (degree: Int, exponents: [Int])) {
        let poly = ReedSolomonEncoder.generatorPolynomial(degree: entry.degree)
        #expect(poly.map { GaloisField.log[Int($0)] } == entry.exponents)
    }

    @Test("GF(256) tables are consistent")
    func fieldTables() {
        #expect(GaloisField.exp[8] == 0x1D)
        for value in 1...255 {
            let byte = UInt8(value)
            #expect(GaloisField.multiply(byte, GaloisField.inverse(byte)) == 1)
        }
    }

    @Test("Annex I: error correction codewords of 01234567 at 1-M")
    func annexIExample() {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let ecc = ReedSolomonEncoder.errorCorrection(for: data[...], generator: ReedSolomonEncoder.generatorPolynomial(degree: 10))
        #expect(ecc == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    /// Block shapes (data, ecc) that occur in real symbols.
    static let shapes: [(data: Int, ecc: Int)] = [(19, 7), (16, 10), (9, 17), (13, 22), (15, 30), (118, 30), (122, 30), (43, 26)]

    @Test("errors up to capacity are corrected", arguments: shapes)
    func correctsUpToCapacity(_ shape: (data: Int, ecc: Int)) throws {
        var random = SeededGenerator(seed: UInt64(shape.data * 1000 + shape.ecc))
        let generator = ReedSolomonEncoder.generatorPolynomial(degree: shape.ecc)
        for trial in 0..<40 {
            let data = (0..<shape.data).map { _ in UInt8.random(in: 0...255, using: &random) }
            let clean = data + ReedSolomonEncoder.errorCorrection(for: data[...], generator: generator)
            var damaged = clean
            let errorCount = trial % (shape.ecc / 2 + 1)
            for position in Array(clean.indices).shuffled(using: &random).prefix(errorCount) {
                damaged[position] ^= UInt8.random(in: 1...255, using: &random)
            }
            let fixed = try ReedSolomonDecoder.correct(&damaged, eccCount: shape.ecc)
            #expect(fixed == errorCount)
            #expect(damaged == clean)
        }
    }

    @Test("damage beyond capacity is reported, not silently miscorrected (mostly)", arguments: shapes)
    func failsBeyondCapacity(_ shape: (data: Int, ecc: Int)) {
        var random = SeededGenerator(seed: UInt64(shape.data * 7 + shape.ecc))
        let generator = ReedSolomonEncoder.generatorPolynomial(degree: shape.ecc)
        var failures = 0
        let trials = 60
        for _ in 0..<trials {
            let data = (0..<shape.data).map { _ in UInt8.random(in: 0...255, using: &random) }
            let clean = data + ReedSolomonEncoder.errorCorrection(for: data[...], generator: generator)
            var damaged = clean
            let errorCount = shape.ecc / 2 + 1 + Int.random(in: 0...3, using: &random)
            for position in Array(clean.indices).shuffled(using: &random).prefix(errorCount) {
                damaged[position] ^= UInt8.random(in: 1...255, using: &random)
            }
            do {
                try ReedSolomonDecoder.correct(&damaged, eccCount: shape.ecc)
                #expect(damaged != clean, "more errors than capacity cannot restore the original")
            } catch {
                failures += 1
            }
        }
        // A miscorrection needs the damage to land within ⌊ecc/2⌋ of another codeword, which is rare.
        #expect(failures >= trials * 8 / 10)
    }
}

