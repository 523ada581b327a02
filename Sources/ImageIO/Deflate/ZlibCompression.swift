extension Zlib {
    /// Tokens per deflate block: small enough for the Huffman codes to
    /// follow changes in the data, large enough to amortise block headers.
    private static let blockTokens = 16384

    /// Compresses `data` into a zlib stream (deflate with LZ77 hash chains,
    /// lazy matching and per-block choice of dynamic, fixed or stored
    /// coding), closed by the Adler-32 of `data`.
    public static func compress(_ data: [UInt8]) -> [UInt8] {
        var blocks = DeflateBlockWriter(expectedSize: data.count)
        // CMF 0x78: deflate with a 32 KiB window; FLG 0x9C: default level,
        // no dictionary, check bits making 0x789C a multiple of 31.
        blocks.writeHeaderBytes([0x78, 0x9C])
        data.withUnsafeBufferPointer { input in
            var finder = MatchFinder()
            var blockStart = 0
            finder.parse(input, blockTokens: blockTokens) { tokens, end, isLast in
                blocks.writeBlock(tokens: tokens, raw: data[blockStart..<end], isFinal: isLast)
                blockStart = end
            }
        }
        blocks.finish()
        let adler = Adler32.checksum(data)
        blocks.writeHeaderBytes([UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)])
        return blocks.writer.bytes
    }
}
