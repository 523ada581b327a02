/// How the deflate encoder looks for repeated bytes.
public enum DeflateStrategy: Sendable, Equatable {
    /// Hash chains over 3-byte prefixes with lazy matching: any data.
    case general
    /// Runs of one byte value and repeats of the row `rowLength` bytes back
    /// first, a short hash chain only where those fall short: bilevel
    /// images such as QR codes, in a fraction of the time.
    case runs(rowLength: Int)
}

extension Zlib {
    /// Tokens per deflate block: small enough for the Huffman codes to
    /// follow changes in the data, large enough to amortise block headers.
    private static let blockTokens = 16384

    /// Compresses `data` into a zlib stream (LZ77 parsing as `strategy`
    /// says, then per-block choice of dynamic, fixed or stored coding),
    /// closed by the Adler-32 of `data`.
    public static func compress(_ data: [UInt8], strategy: DeflateStrategy = .general) -> [UInt8] {
        var blocks = DeflateBlockWriter(expectedSize: data.count)
        // CMF 0x78: deflate with a 32 KiB window; FLG 0x9C: default level,
        // no dictionary, check bits making 0x789C a multiple of 31.
        blocks.writeHeaderBytes([0x78, 0x9C])
        data.withUnsafeBufferPointer { input in
            var blockStart = 0
            func emit(_ tokens: UnsafeBufferPointer<MatchFinder.Token>, end: Int, isLast: Bool) {
                blocks.writeBlock(tokens: tokens, raw: data[blockStart..<end], isFinal: isLast)
                blockStart = end
            }
            switch strategy {
            case .general:
                var finder = MatchFinder()
                finder.parse(input, blockTokens: blockTokens, emit: emit)
            case .runs(let rowLength):
                RunMatchFinder(rowLength: rowLength).parse(input, blockTokens: blockTokens, emit: emit)
            }
        }
        blocks.finish()
        let adler = Adler32.checksum(data)
        blocks.writeHeaderBytes([UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)])
        return blocks.writer.bytes
    }
}
