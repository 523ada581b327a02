/// Decodes a raw deflate stream (RFC 1951): stored, fixed-Huffman and
/// dynamic-Huffman blocks.
///
/// Every malformed stream ends in a thrown `ImageError`: each loop
/// iteration consumes input bits or throws, and the output buffer never
/// grows beyond the caller's limit plus one match.
struct Inflater: ~Copyable {
    private var reader: BitReader
    private var output: InflateOutput

    private static let literalPrimaryBits = 10
    private static let distancePrimaryBits = 8

    init(input: UnsafeBufferPointer<UInt8>, start: Int, expectedSize: Int, limit: Int) {
        reader = BitReader(input, position: start)
        output = InflateOutput(expectedSize: expectedSize, limit: limit)
    }

    /// Decodes blocks up to and including the final one, then returns the
    /// output and the byte position just after the stream.
    consuming func run() throws(ImageError) -> (output: [UInt8], end: Int) {
        var isFinal = false
        while !isFinal {
            try reader.refill()
            isFinal = reader.take(1) == 1
            switch reader.take(2) {
            case 0: try copyStoredBlock()
            case 1: try decodeBlock(literals: Self.fixedTables.literals, distances: Self.fixedTables.distances)
            case 2:
                let tables = try readDynamicTables()
                try decodeBlock(literals: tables.literals, distances: tables.distances)
            default: throw .corrupt("invalid block type in deflate stream")
            }
        }
        // Literals check the limit only when the buffer must grow, so a
        // stream may end up to one byte past it; catch that here.
        guard output.count <= output.limit else { throw output.limitError }
        let end = try reader.rewindToBytePosition()
        return (output.array(), end)
    }

    private mutating func copyStoredBlock() throws(ImageError) {
        let start = try reader.rewindToBytePosition()
        let input = reader.input
        guard start + 4 <= input.count else { throw .truncated("deflate stream") }
        let length = Int(input[start]) | Int(input[start + 1]) << 8
        let complement = Int(input[start + 2]) | Int(input[start + 3]) << 8
        guard length ^ complement == 0xFFFF else {
            throw .corrupt("stored block length check failed in deflate stream")
        }
        guard start + 4 + length <= input.count else { throw .truncated("deflate stream") }
        try output.append(UnsafeBufferPointer(rebasing: input[(start + 4)..<(start + 4 + length)]))
        reader.seek(to: start + 4 + length)
    }

    private static let fixedTables: (literals: HuffmanDecodingTable, distances: HuffmanDecodingTable) = {
        do {
            return (
                try HuffmanDecodingTable(lengths: DeflateTables.fixedLiteralLengths[...], alphabet: .literalsAndLengths, primaryBits: literalPrimaryBits),
                try HuffmanDecodingTable(lengths: DeflateTables.fixedDistanceLengths[...], alphabet: .distances, primaryBits: distancePrimaryBits)
            )
        } catch {
            // The fixed code lengths are constants of the standard and form
            // complete codes, so building them cannot fail.
            fatalError("fixed deflate tables are invalid: \(error)")
        }
    }()

    /// Reads the code-length code, then the literal/length and distance
    /// code lengths of a dynamic block (RFC 1951 §3.2.7).
    private mutating func readDynamicTables() throws(ImageError) -> (literals: HuffmanDecodingTable, distances: HuffmanDecodingTable) {
        try reader.refill()
        let literalCount = reader.take(5) + 257
        let distanceCount = reader.take(5) + 1
        let codeLengthCount = reader.take(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw .corrupt("too many length or distance codes in deflate stream")
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            try reader.refill()
            codeLengthLengths[DeflateTables.codeLengthOrder[index]] = UInt8(reader.take(3))
        }
        let codeLengthTable = try HuffmanDecodingTable(lengths: codeLengthLengths[...], alphabet: .codeLengths, primaryBits: 7, allowsSingleCode: false)

        var lengths = [UInt8](repeating: 0, count: literalCount + distanceCount)
        var index = 0
        while index < lengths.count {
            try reader.refill()
            let symbol = try decodeSymbol(codeLengthTable.entries)
            if symbol < 16 {
                lengths[index] = UInt8(symbol)
                index += 1
                continue
            }
            let repeated: UInt8
            let runLength: Int
            switch symbol {
            case 16:
                guard index > 0 else { throw .corrupt("length repeat with no previous length in deflate stream") }
                repeated = lengths[index - 1]
                runLength = 3 + reader.take(2)
            case 17:
                repeated = 0
                runLength = 3 + reader.take(3)
            default:
                repeated = 0
                runLength = 11 + reader.take(7)
            }
            guard index + runLength <= lengths.count else {
                throw .corrupt("code length repeat overflows in deflate stream")
            }
            for offset in index..<(index + runLength) { lengths[offset] = repeated }
            index += runLength
        }
        guard lengths[DeflateTables.endOfBlock] > 0 else {
            throw .corrupt("missing end-of-block code in deflate stream")
        }
        return (
            try HuffmanDecodingTable(lengths: lengths[0..<literalCount], alphabet: .literalsAndLengths, primaryBits: Self.literalPrimaryBits),
            try HuffmanDecodingTable(lengths: lengths[literalCount...], alphabet: .distances, primaryBits: Self.distancePrimaryBits, allowsEmpty: true)
        )
    }

    /// Decodes one code-length symbol; the caller has refilled the reader.
    private mutating func decodeSymbol(_ table: [UInt32]) throws(ImageError) -> Int {
        try table.withUnsafeBufferPointer { (table) throws(ImageError) -> Int in
            let entry = lookUp(table, primaryBits: 7)
            let length = Int(entry & 0xFF)
            guard length > 0 else { throw .corrupt("invalid Huffman code in deflate stream") }
            reader.drop(length)
            return Int(entry >> 16)
        }
    }

    /// The table entry for the next input bits, without consuming them.
    @inline(__always)
    private func lookUp(_ table: UnsafeBufferPointer<UInt32>, primaryBits: Int) -> UInt32 {
        let bits = reader.peek
        let entry = table[Int(truncatingIfNeeded: bits & ((1 << UInt64(primaryBits)) - 1))]
        guard entry & HuffmanDecodingTable.pointerFlag != 0 else { return entry }
        let width = UInt64(entry >> 8 & 0xF)
        let index = Int(truncatingIfNeeded: (bits >> UInt64(primaryBits)) & ((1 << width) - 1))
        return table[Int(entry >> 16) + index]
    }

    /// Consumes an entry's code and extra bits; returns value plus extra.
    @inline(__always)
    private mutating func consume(_ entry: UInt32) -> Int {
        reader.drop(Int(entry & 0xFF))
        return Int(entry >> 16) + reader.take(Int(entry >> 8 & 0xF))
    }

    /// Decodes literal and match symbols until the end-of-block symbol.
    private mutating func decodeBlock(literals: HuffmanDecodingTable, distances: HuffmanDecodingTable) throws(ImageError) {
        try literals.entries.withUnsafeBufferPointer { (literalTable) throws(ImageError) in
            try distances.entries.withUnsafeBufferPointer { (distanceTable) throws(ImageError) in
                try decodeSymbols(literalTable, distanceTable)
            }
        }
    }

    private mutating func decodeSymbols(_ literalTable: UnsafeBufferPointer<UInt32>, _ distanceTable: UnsafeBufferPointer<UInt32>) throws(ImageError) {
        while true {
            try reader.refill()
            try output.reserve(InflateOutput.slack)
            let entry = lookUp(literalTable, primaryBits: Self.literalPrimaryBits)
            if entry & HuffmanDecodingTable.literalFlag != 0 {
                reader.drop(Int(entry & 0xFF))
                output.base[output.count] = UInt8(truncatingIfNeeded: entry >> 16)
                output.count += 1
                continue
            }
            guard entry & HuffmanDecodingTable.baseFlag != 0 else {
                if entry & HuffmanDecodingTable.endOfBlockFlag != 0 {
                    reader.drop(Int(entry & 0xFF))
                    return
                }
                throw .corrupt(entry & 0xFF == 0 ? "invalid Huffman code in deflate stream" : "invalid length code in deflate stream")
            }
            let length = consume(entry)
            let distanceEntry = lookUp(distanceTable, primaryBits: Self.distancePrimaryBits)
            guard distanceEntry & HuffmanDecodingTable.baseFlag != 0 else {
                throw .corrupt(distanceEntry & 0xFF == 0 ? "invalid Huffman code in deflate stream" : "invalid distance code in deflate stream")
            }
            let distance = consume(distanceEntry)
            guard distance <= output.count else { throw .corrupt("invalid distance in deflate stream") }
            guard output.count + length <= output.limit else { throw output.limitError }
            output.copyMatch(distance: distance, length: length)
        }
    }
}
