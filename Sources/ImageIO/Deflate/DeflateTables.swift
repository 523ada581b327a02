/// The fixed tables of RFC 1951 §3.2.5–3.2.7, shared by the encoder and
/// the decoder.
enum DeflateTables {
    /// Base match length of length symbols 257...285.
    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    /// Extra bits of length symbols 257...285.
    static let lengthExtra: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Base distance of distance symbols 0...29.
    static let distanceBase: [UInt16] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
        257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
        8193, 12289, 16385, 24577,
    ]
    /// Extra bits of distance symbols 0...29.
    static let distanceExtra: [UInt8] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
        7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order in which code-length code lengths are transmitted.
    static let codeLengthOrder: [Int] = [
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
    ]

    /// The largest distance a match may reach back.
    static let windowSize = 32768
    static let endOfBlock = 256
    static let maxCodeLength = 15
    static let maxCodeLengthCodeLength = 7

    /// Code lengths of the fixed literal/length code (§3.2.6).
    static let fixedLiteralLengths: [UInt8] = (0..<288).map { symbol in
        switch symbol {
        case 0..<144: 8
        case 144..<256: 9
        case 256..<280: 7
        default: 8
        }
    }
    /// Code lengths of the fixed distance code: 30 five-bit codes (the
    /// two unused symbols 30 and 31 also have length 5 in the standard).
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 32)

    /// The length symbol (257...285) of each match length 3...258,
    /// indexed by `length - 3`.
    static let lengthSymbol: [UInt16] = {
        var table = [UInt16](repeating: 0, count: 256)
        for code in 0..<29 {
            let base = Int(lengthBase[code]) - 3
            let span = 1 << Int(lengthExtra[code])
            for offset in 0..<span where base + offset < 256 {
                table[base + offset] = UInt16(257 + code)
            }
        }
        // 258 has its own symbol although 284's range would also cover it.
        table[255] = 285
        return table
    }()

    /// The distance symbol (0...29) of a distance 1...32768.
    @inline(__always)
    static func distanceSymbol(_ distance: Int) -> Int {
        let d = distance - 1
        if d < 4 { return d }
        // Each pair of symbols covers one power of two; the bit below the
        // top bit picks the symbol of the pair.
        let top = Int.bitWidth - 1 - d.leadingZeroBitCount
        return 2 * top + ((d >> (top - 1)) & 1)
    }
}
