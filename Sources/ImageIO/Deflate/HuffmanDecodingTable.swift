/// A lookup table that decodes one canonical Huffman code of RFC 1951.
///
/// Codes of up to `primaryBits` bits resolve with one lookup indexed by
/// the next input bits; longer codes go through a second-level table whose
/// entry the first lookup points to. Each entry packs:
/// - bits 0–7: code length to consume (0 marks a bit pattern no code uses),
/// - bits 8–11: extra bits to read after the code, or the index width of
///   the second-level table for pointer entries,
/// - bits 12–15: flags saying what the value is (see `Alphabet`),
/// - bits 16–31: the value, or the second-level table's offset.
///
/// Storing length and distance bases in the entries spares the decode loop
/// a second table lookup per symbol.
struct HuffmanDecodingTable: Sendable {
    private(set) var entries: [UInt32]
    let primaryBits: Int

    static let literalFlag: UInt32 = 0x1000
    static let baseFlag: UInt32 = 0x2000
    static let endOfBlockFlag: UInt32 = 0x4000
    static let pointerFlag: UInt32 = 0x8000

    /// What the symbols of a code stand for, which decides their entries.
    enum Alphabet {
        /// Code lengths 0...18: the value is the symbol, no flags.
        case codeLengths
        /// Literals (literal flag), end of block (its flag), lengths (base
        /// flag, base and extra bits); 286 and 287 get no flag: invalid.
        case literalsAndLengths
        /// Distances (base flag, base and extra bits); 30 and 31 invalid.
        case distances

        func payload(_ symbol: Int) -> UInt32 {
            switch self {
            case .codeLengths:
                return UInt32(symbol) << 16
            case .literalsAndLengths:
                if symbol < 256 { return UInt32(symbol) << 16 | HuffmanDecodingTable.literalFlag }
                if symbol == DeflateTables.endOfBlock { return HuffmanDecodingTable.endOfBlockFlag }
                let code = symbol - 257
                guard code < 29 else { return 0 }
                return UInt32(DeflateTables.lengthBase[code]) << 16 | UInt32(DeflateTables.lengthExtra[code]) << 8 | HuffmanDecodingTable.baseFlag
            case .distances:
                guard symbol < 30 else { return 0 }
                return UInt32(DeflateTables.distanceBase[symbol]) << 16 | UInt32(DeflateTables.distanceExtra[symbol]) << 8 | HuffmanDecodingTable.baseFlag
            }
        }
    }

    /// Builds the table for the code whose symbol `i` has length `lengths[i]`
    /// (0 = unused).
    ///
    /// Over-subscribed sets are always rejected. Incomplete sets are
    /// rejected too, except the one shape RFC 1951 permits in practice: a
    /// single code of one bit (`allowsSingleCode`), and no code at all when
    /// `allowsEmpty` (a block with only literals may send no distances).
    init(
        lengths: ArraySlice<UInt8>, alphabet: Alphabet, primaryBits: Int,
        allowsSingleCode: Bool = true, allowsEmpty: Bool = false
    ) throws(ImageError) {
        self.primaryBits = primaryBits
        var lengthCounts = [Int](repeating: 0, count: 16)
        for length in lengths { lengthCounts[Int(length)] += 1 }
        lengthCounts[0] = 0

        var unused = 1
        var longest = 0
        for length in 1...15 {
            unused = unused << 1 - lengthCounts[length]
            if unused < 0 { throw .corrupt("over-subscribed Huffman code in deflate stream") }
            if lengthCounts[length] > 0 { longest = length }
        }
        entries = [UInt32](repeating: 0, count: 1 << primaryBits)
        if longest == 0 {
            if allowsEmpty { return }
            throw .corrupt("empty Huffman code in deflate stream")
        }
        if unused > 0 && !(allowsSingleCode && longest == 1 && lengthCounts[1] == 1) {
            throw .corrupt("incomplete Huffman code in deflate stream")
        }

        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + lengthCounts[length - 1]) << 1
            nextCode[length] = code
        }
        let secondBits = max(0, longest - primaryBits)
        let primarySize = 1 << primaryBits
        for (offset, lengthByte) in lengths.enumerated() where lengthByte > 0 {
            let length = Int(lengthByte)
            let reversed = Self.reverse(nextCode[length], bits: length)
            nextCode[length] += 1
            let entry = alphabet.payload(offset) | UInt32(length)
            if length <= primaryBits {
                var index = reversed
                while index < primarySize {
                    entries[index] = entry
                    index += 1 << length
                }
                continue
            }
            let slot = reversed & (primarySize - 1)
            if entries[slot] & Self.pointerFlag == 0 {
                let start = entries.count
                entries.append(contentsOf: repeatElement(0, count: 1 << secondBits))
                entries[slot] = UInt32(start) << 16 | Self.pointerFlag | UInt32(secondBits) << 8
            }
            let start = Int(entries[slot] >> 16)
            var index = reversed >> primaryBits
            while index < 1 << secondBits {
                entries[start + index] = entry
                index += 1 << (length - primaryBits)
            }
        }
    }

    /// `code` with its lowest `bits` bits in reverse order: deflate sends
    /// Huffman codes most significant bit first into an LSB-first stream.
    @inline(__always)
    static func reverse(_ code: Int, bits: Int) -> Int {
        var result = 0
        var value = code
        for _ in 0..<bits {
            result = result << 1 | value & 1
            value >>= 1
        }
        return result
    }
}
