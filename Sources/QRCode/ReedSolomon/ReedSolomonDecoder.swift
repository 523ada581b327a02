/// Corrects a Reed–Solomon block: syndromes, Berlekamp–Massey, Chien search, Forney.
///
/// A block is data followed by error correction codewords; byte `i` of an
/// `n`-byte block is the coefficient of x^(n−1−i). The code's roots are
/// α^0 … α^(ecc−1), so up to ⌊ecc/2⌋ byte errors are corrected.
enum ReedSolomonDecoder {
    /// Why a block could not be corrected.
    enum Failure: Error, Equatable {
        /// The error locator's degree or roots show more errors than the code can fix.
        case tooManyErrors
    }

    /// Corrects `block` in place and returns how many bytes changed.
    ///
    /// Throws when the syndromes reveal more damage than ⌊ecc/2⌋ errors;
    /// damage beyond that can still alias to a valid block, which no decoder can detect.
    @discardableResult
    static func correct(_ block: inout [UInt8], eccCount: Int) throws(Failure) -> Int {
        let syndromes = self.syndromes(of: block, count: eccCount)
        if syndromes.allSatisfy({ $0 == 0 }) { return 0 }

        let locator = berlekampMassey(syndromes)
        let errorCount = locator.count - 1
        guard errorCount >= 1, errorCount * 2 <= eccCount else { throw .tooManyErrors }

        let positions = chienSearch(locator, blockLength: block.count)
        guard positions.count == errorCount else { throw .tooManyErrors }

        let evaluator = errorEvaluator(syndromes: syndromes, locator: locator)
        let derivative = formalDerivative(locator)
        for position in positions {
            // Forney with the first root α^0: e = X · Ω(X⁻¹) / Λ'(X⁻¹).
            let x = GaloisField.power(position)
            let xInverse = GaloisField.inverse(x)
            let denominator = evaluate(derivative, at: xInverse)
            guard denominator != 0 else { throw .tooManyErrors }
            let magnitude = GaloisField.multiply(x, GaloisField.divide(evaluate(evaluator, at: xInverse), denominator))
            block[block.count - 1 - position] ^= magnitude
        }
        guard self.syndromes(of: block, count: eccCount).allSatisfy({ $0 == 0 }) else { throw .tooManyErrors }
        return errorCount
    }

    /// S_i = r(α^i) for i in 0..<count.
    static func syndromes(of block: [UInt8], count: Int) -> [UInt8] {
        let exp = GaloisField.exp
        let log = GaloisField.log
        return (0..<count).map { index in
            // Horner's rule; multiplying by α^index adds index to the logarithm.
            var value: UInt8 = 0
            for byte in block { value = (value == 0 ? 0 : exp[log[Int(value)] + index]) ^ byte }
            return value
        }
    }

    /// The error locator Λ(x), coefficients from x^0 upward, trimmed to its degree.
    static func berlekampMassey(_ syndromes: [UInt8]) -> [UInt8] {
        var locator: [UInt8] = [1]
        var previous: [UInt8] = [1]
        var length = 0
        var shift = 1
        var previousDiscrepancy: UInt8 = 1
        for step in 0..<syndromes.count {
            var discrepancy = syndromes[step]
            for index in 1..<min(locator.count, length + 1) where index <= step {
                discrepancy ^= GaloisField.multiply(locator[index], syndromes[step - index])
            }
            if discrepancy == 0 {
                shift += 1
                continue
            }
            let scale = GaloisField.divide(discrepancy, previousDiscrepancy)
            var updated = locator
            let needed = previous.count + shift
            if updated.count < needed { updated += [UInt8](repeating: 0, count: needed - updated.count) }
            for (index, coefficient) in previous.enumerated() {
                updated[index + shift] ^= GaloisField.multiply(scale, coefficient)
            }
            if 2 * length <= step {
                previous = locator
                length = step + 1 - length
                previousDiscrepancy = discrepancy
                shift = 1
            } else {
                shift += 1
            }
            locator = updated
        }
        while locator.count > 1, locator[locator.count - 1] == 0 { locator.removeLast() }
        return locator
    }

    /// Error positions p (powers of x) in 0..<blockLength where Λ(α^−p) = 0.
    static func chienSearch(_ locator: [UInt8], blockLength: Int) -> [Int] {
        (0..<blockLength).filter { evaluate(locator, at: GaloisField.power(-$0)) == 0 }
    }

    /// Ω(x) = S(x) · Λ(x) mod x^(syndromes.count).
    static func errorEvaluator(syndromes: [UInt8], locator: [UInt8]) -> [UInt8] {
        var product = [UInt8](repeating: 0, count: syndromes.count)
        for (i, s) in syndromes.enumerated() where s != 0 {
            for (j, l) in locator.enumerated() where i + j < product.count {
                product[i + j] ^= GaloisField.multiply(s, l)
            }
        }
        return product
    }

    /// Λ'(x); in characteristic 2 only odd powers survive.
    static func formalDerivative(_ poly: [UInt8]) -> [UInt8] {
        guard poly.count > 1 else { return [0] }
        return (1..<poly.count).map { $0 % 2 == 1 ? poly[$0] : 0 }
    }

    /// The polynomial (coefficients from x^0 upward) at `x`, by Horner's rule.
    static func evaluate(_ poly: [UInt8], at x: UInt8) -> UInt8 {
        var value: UInt8 = 0
        for coefficient in poly.reversed() { value = GaloisField.multiply(value, x) ^ coefficient }
        return value
    }
}
