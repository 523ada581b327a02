/// Format information (ISO/IEC 18004 7.9): level and mask protected by a BCH(15,5) code.
struct FormatInformation: Equatable, Sendable {
    let level: ErrorCorrectionLevel
    let mask: Mask

    /// The generator polynomial x^10 + x^8 + x^5 + x^4 + x^2 + x + 1.
    static let generator = 0x537
    /// XORed onto every codeword so that no valid format information is all light.
    static let xorMask = 0x5412

    /// The 15-bit masked codeword, most significant bit first as placed in the symbol.
    var codeword: Int {
        let data = level.formatBits << 3 | mask.rawValue
        return (data << 10 | BCH.remainder(data << 10, generator: Self.generator, degree: 10)) ^ Self.xorMask
    }

    /// All 32 valid format information values with their codewords.
    static let all: [(info: FormatInformation, codeword: Int)] = ErrorCorrectionLevel.allCases.flatMap { level in
        Mask.all.map { mask in
            let info = FormatInformation(level: level, mask: mask)
            return (info, info.codeword)
        }
    }

    /// The nearest valid format information to `bits` if it differs in at most 3 bits.
    static func nearest(to bits: Int) -> (info: FormatInformation, distance: Int)? {
        guard let best = all.min(by: { ($0.codeword ^ bits).nonzeroBitCount < ($1.codeword ^ bits).nonzeroBitCount })
        else { return nil }
        let distance = (best.codeword ^ bits).nonzeroBitCount
        return distance <= 3 ? (best.info, distance) : nil
    }
}
