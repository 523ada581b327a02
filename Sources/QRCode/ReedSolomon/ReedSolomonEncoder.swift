/// Reed–Solomon error correction codewords as ISO/IEC 18004 7.5.2 defines them.
enum ReedSolomonEncoder {
    /// The generator polynomial (x − α^0)(x − α^1)…(x − α^(degree−1)),
    /// coefficients from the highest power down, leading 1 included.
    static func generatorPolynomial(degree: Int) -> [UInt8] {
        precondition(degree >= 1, "a generator polynomial has degree 1 or more")
        // Multiplied out in place: after step i the first i + 2 coefficients
        // hold (x − α^0)…(x − α^i), highest power first.
        var poly = [UInt8](repeating: 0, count: degree + 1)
        poly[0] = 1
        for index in 0..<degree {
            let root = GaloisField.power(index)
            for position in stride(from: index + 1, through: 1, by: -1) {
                poly[position] ^= GaloisField.multiply(poly[position - 1], root)
            }
        }
        return poly
    }

    /// The `generator.count − 1` error correction codewords for `data`:
    /// the remainder of data · x^degree divided by the generator.
    static func errorCorrection(for data: ArraySlice<UInt8>, generator: [UInt8]) -> [UInt8] {
        let degree = generator.count - 1
        // Every generator coefficient is nonzero, so its logarithm exists.
        let generatorLogs = generator.dropFirst().map { GaloisField.log[Int($0)] }
        var remainder = [UInt8](repeating: 0, count: degree)
        GaloisField.exp.withUnsafeBufferPointer { exp in
            GaloisField.log.withUnsafeBufferPointer { log in
                generatorLogs.withUnsafeBufferPointer { generatorLogs in
                    remainder.withUnsafeMutableBufferPointer { remainder in
                        for byte in data {
                            let factor = byte ^ remainder[0]
                            // Shift the remainder one place and subtract factor × generator in one pass.
                            if factor == 0 {
                                for index in 0..<(degree - 1) { remainder[index] = remainder[index + 1] }
                                remainder[degree - 1] = 0
                                continue
                            }
                            let factorLog = log[Int(factor)]
                            for index in 0..<(degree - 1) {
                                remainder[index] = remainder[index + 1] ^ exp[generatorLogs[index] + factorLog]
                            }
                            remainder[degree - 1] = exp[generatorLogs[degree - 1] + factorLog]
                        }
                    }
                }
            }
        }
        return remainder
    }
}
