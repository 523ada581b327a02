/// Reed–Solomon error correction codewords as ISO/IEC 18004 7.5.2 defines them.
enum ReedSolomonEncoder {
    /// The generator polynomial (x − α^0)(x − α^1)…(x − α^(degree−1)),
    /// coefficients from the highest power down, leading 1 included.
    static func generatorPolynomial(degree: Int) -> [UInt8] {
        precondition(degree >= 1, "a generator polynomial has degree 1 or more")
        var poly: [UInt8] = [1]
        for index in 0..<degree {
            let root = GaloisField.power(index)
            var next = [UInt8](repeating: 0, count: poly.count + 1)
            for (position, coefficient) in poly.enumerated() {
                next[position] ^= coefficient
                next[position + 1] ^= GaloisField.multiply(coefficient, root)
            }
            poly = next
        }
        return poly
    }

    /// The `generator.count − 1` error correction codewords for `data`:
    /// the remainder of data · x^degree divided by the generator.
    static func errorCorrection(for data: ArraySlice<UInt8>, generator: [UInt8]) -> [UInt8] {
        let degree = generator.count - 1
        let exp = GaloisField.exp
        let log = GaloisField.log
        // Every generator coefficient is nonzero, so its logarithm exists.
        let generatorLogs = generator.dropFirst().map { log[Int($0)] }
        var remainder = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ remainder[0]
            for index in 0..<(degree - 1) { remainder[index] = remainder[index + 1] }
            remainder[degree - 1] = 0
            guard factor != 0 else { continue }
            let factorLog = log[Int(factor)]
            for index in 0..<degree { remainder[index] ^= exp[generatorLogs[index] + factorLog] }
        }
        return remainder
    }
}
