/// The code-length section that opens a dynamic Huffman block
/// (RFC 1951 §3.2.7): both code length lists, run-length coded with
/// symbols 16–18 and sent through a code-length code of at most 7 bits.
struct DynamicHeader {
    private let literalCount: Int
    private let distanceCount: Int
    /// Run-length symbols (0...18), each with its extra-bit value above bit 8.
    private var symbols: [UInt32] = []
    private let codeLengthLengths: [UInt8]
    private let codeLengthCount: Int

    init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
        literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        symbols = Self.runLengthCode(Array(literalLengths[0..<literalCount]) + distanceLengths[0..<distanceCount])
        var frequencies = [Int](repeating: 0, count: 19)
        for item in symbols { frequencies[Int(item & 0xFF)] += 1 }
        let codeLengthLengths = HuffmanCodeBuilder.lengths(frequencies: frequencies, limit: DeflateTables.maxCodeLengthCodeLength)
        self.codeLengthLengths = codeLengthLengths
        let lastSent = DeflateTables.codeLengthOrder.lastIndex { codeLengthLengths[$0] > 0 } ?? 0
        codeLengthCount = max(4, lastSent + 1)
    }

    /// Size of the section in bits (after the 3-bit block header).
    var bitCount: Int {
        var bits = 5 + 5 + 4 + 3 * codeLengthCount
        for item in symbols {
            let symbol = Int(item & 0xFF)
            bits += Int(codeLengthLengths[symbol]) + Self.extraBits(symbol)
        }
        return bits
    }

    func write(to writer: inout BitWriter) {
        writer.write(UInt32(literalCount - 257), count: 5)
        writer.write(UInt32(distanceCount - 1), count: 5)
        writer.write(UInt32(codeLengthCount - 4), count: 4)
        for index in 0..<codeLengthCount {
            writer.write(UInt32(codeLengthLengths[DeflateTables.codeLengthOrder[index]]), count: 3)
        }
        let codes = HuffmanCodeBuilder.reversedCodes(lengths: codeLengthLengths)
        for item in symbols {
            let symbol = Int(item & 0xFF)
            writer.write(UInt32(codes[symbol]), count: Int(codeLengthLengths[symbol]))
            writer.write(item >> 8, count: Self.extraBits(symbol))
        }
    }

    private static func extraBits(_ symbol: Int) -> Int {
        switch symbol {
        case 16: 2
        case 17: 3
        case 18: 7
        default: 0
        }
    }

    /// Replaces runs: 16 repeats the previous length 3–6 times, 17 and 18
    /// write 3–10 and 11–138 zeros.
    private static func runLengthCode(_ lengths: [UInt8]) -> [UInt32] {
        var result: [UInt32] = []
        func append(_ symbol: Int, _ extra: Int) { result.append(UInt32(symbol) | UInt32(extra) << 8) }
        var index = 0
        while index < lengths.count {
            let value = lengths[index]
            var run = 1
            while index + run < lengths.count && lengths[index + run] == value { run += 1 }
            index += run
            if value == 0 {
                while run >= 11 {
                    let take = min(run, 138)
                    append(18, take - 11)
                    run -= take
                }
                if run >= 3 {
                    append(17, run - 3)
                    run = 0
                }
            } else {
                append(Int(value), 0)
                run -= 1
                while run >= 3 {
                    let take = min(run, 6)
                    append(16, take - 3)
                    run -= take
                }
            }
            for _ in 0..<run { append(Int(value), 0) }
        }
        return result
    }
}
