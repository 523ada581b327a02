/// The 18-bit version information blocks of symbols from version 7 up
/// (ISO/IEC 18004, 7.10): six version bits followed by a BCH(18,6)
/// remainder, placed next to the top-right and bottom-left finders.
enum VersionInformation {
    /// Generator polynomial x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1.
    static let generator = 0x1F25

    /// The valid codewords for versions 7–40, indexed by `version − 7`.
    static let codewords: [Int] = (7...40).map(encode)

    /// The codeword for `version`: the version in the top six bits and the
    /// remainder of its division by the generator in the low twelve.
    static func encode(_ version: Int) -> Int {
        var remainder = version << 12
        for bit in stride(from: 17, through: 12, by: -1) where remainder & (1 << bit) != 0 {
            remainder ^= generator << (bit - 12)
        }
        return version << 12 | remainder
    }

    /// The version whose codeword is nearest `bits`, with the number of
    /// differing bits; nil when more than three bits would have to change,
    /// which the code's minimum distance of 8 cannot correct reliably.
    static func decode(_ bits: Int) -> (version: Int, errors: Int)? {
        var best: (version: Int, errors: Int)?
        for (index, codeword) in codewords.enumerated() {
            let errors = (codeword ^ bits).nonzeroBitCount
            if errors <= 3 && errors < (best?.errors ?? Int.max) {
                best = (index + 7, errors)
            }
        }
        return best
    }

    /// Reads both blocks of a `size`-module symbol through `module`, a
    /// function returning whether the module at (row, column) is dark, and
    /// keeps the better-read one.
    static func read(size: Int, module: (Int, Int) -> Bool) -> (version: Int, errors: Int)? {
        guard size >= 45 else { return nil }
        var topRight = 0
        var bottomLeft = 0
        // Bit i sits at row i / 3, column size − 11 + i % 3 in the top-right
        // block, and transposed in the bottom-left block.
        for bit in 0..<18 {
            let along = bit / 3
            let across = size - 11 + bit % 3
            if module(along, across) { topRight |= 1 << bit }
            if module(across, along) { bottomLeft |= 1 << bit }
        }
        let readings = [decode(topRight), decode(bottomLeft)].compactMap { $0 }
        return readings.min { $0.errors < $1.errors }
    }
}
