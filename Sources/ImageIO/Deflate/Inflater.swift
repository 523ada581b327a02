/// Decodes a raw deflate stream (RFC 1951): stored, fixed-Huffman and
/// dynamic-Huffman blocks.
///
/// Every malformed stream ends in a thrown `ImageError`: each loop
/// iteration consumes input bits or throws, and the output buffer never
/// grows beyond the caller's limit plus one match. Streaming, the output
/// goes to `sink` as it leaves the 32 KiB window; otherwise it is all kept.
struct Inflater<Sink: InflateSink>: ~Copyable {
    private var reader: BitReader
    private var output: InflateOutput
    private(set) var sink: Sink

    private static var literalPrimaryBits: Int { FixedInflateTables.literalPrimaryBits }
    private static var distancePrimaryBits: Int { FixedInflateTables.distancePrimaryBits }

    /// Keeps the whole output; `sink` receives nothing.
    init(input: SegmentedInput, start: Int, expectedSize: Int, limit: Int, sink: Sink) {
        reader = BitReader(input, start: start)
        output = InflateOutput(expectedSize: expectedSize, limit: limit)
        self.sink = sink
    }

    /// Hands the output to `sink` in order, keeping only the window.
    init(input: SegmentedInput, start: Int, streamingWithLimit limit: Int, into sink: Sink) {
        reader = BitReader(input, start: start)
        output = InflateOutput(streamingWithLimit: limit)
        self.sink = sink
    }

    /// Decodes blocks up to and including the final one, then returns the
    /// output kept (everything unless streaming), the logical byte
    /// position just after the stream, and the sink.
    consuming func run() throws(ImageError) -> (output: [UInt8], end: Int, sink: Sink) {
        var isFinal = false
        while !isFinal {
            try reader.refill()
            isFinal = reader.take(1) == 1
            switch reader.take(2) {
            case 0: try copyStoredBlock()
            case 1: try decodeBlock(literals: FixedInflateTables.literals, distances: FixedInflateTables.distances)
            case 2:
                let tables = try readDynamicTables()
                try decodeBlock(literals: tables.literals, distances: tables.distances)
            default: throw .corrupt("invalid block type in deflate stream")
            }
        }
        // Literals check the limit only when the buffer must grow, so a
        // stream may end up to one byte past it; catch that here.
        guard output.total <= output.limit else { throw output.limitError }
        try output.handOn(sink: &sink)
        let end = try reader.rewindToBytePosition()
        return (output.array(), end, sink)
    }

    private mutating func copyStoredBlock() throws(ImageError) {
        let start = try reader.rewindToBytePosition()
        let input = reader.input
        guard start + 4 <= input.count else { throw .truncated("deflate stream") }
        let length = Int(input.byte(at: start)) | Int(input.byte(at: start + 1)) << 8
        let complement = Int(input.byte(at: start + 2)) | Int(input.byte(at: start + 3)) << 8
        guard length ^ complement == 0xFFFF else {
            throw .corrupt("stored block length check failed in deflate stream")
        }
        guard start + 4 + length <= input.count else { throw .truncated("deflate stream") }
        guard output.total + length <= output.limit else { throw output.limitError }
        try input.forEachPiece(from: start + 4, length: length) { (piece) throws(ImageError) in
            var offset = 0
            while offset < piece.count {
                let take = min(piece.count - offset, InflateOutput.chunk)
                try output.reserve(take, sink: &sink)
                output.append(UnsafeBufferPointer(rebasing: piece[offset..<(offset + take)]))
                offset += take
            }
        }
        reader.seek(to: start + 4 + length)
    }

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
            try output.reserve(InflateOutput.slack, sink: &sink)
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
            guard output.total + length <= output.limit else { throw output.limitError }
            output.copyMatch(distance: distance, length: length)
        }
    }
}

/// The decoding tables of the fixed Huffman codes (RFC 1951 §3.2.6), built once.
enum FixedInflateTables {
    static let literalPrimaryBits = 10
    static let distancePrimaryBits = 8

    static let literals = table(DeflateTables.fixedLiteralLengths, .literalsAndLengths, primaryBits: literalPrimaryBits)
    static let distances = table(DeflateTables.fixedDistanceLengths, .distances, primaryBits: distancePrimaryBits)

    private static func table(_ lengths: [UInt8], _ alphabet: HuffmanDecodingTable.Alphabet, primaryBits: Int) -> HuffmanDecodingTable {
        do {
            return try HuffmanDecodingTable(lengths: lengths[...], alphabet: alphabet, primaryBits: primaryBits)
        } catch {
            // The fixed code lengths are constants of the standard and form
            // complete codes, so building them cannot fail.
            fatalError("fixed deflate tables are invalid: \(error)")
        }
    }
}
