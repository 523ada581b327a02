/// The zlib container (RFC 1950) around deflate data.
public enum Zlib {
    /// The default ceiling on decompressed size: 1 GiB.
    public static let defaultLimit = 1 << 30

    /// Decompresses a complete zlib stream and verifies its Adler-32.
    ///
    /// - Parameters:
    ///   - expectedSize: a hint to size the output buffer up front.
    ///   - limit: output beyond this many bytes throws `.tooLarge`, which
    ///     bounds the memory a hostile stream can claim.
    /// - Throws: `.truncated`, `.corrupt` or `.tooLarge`. Bytes after the
    ///   stream's checksum are ignored.
    public static func decompress(_ data: [UInt8], expectedSize: Int = 0, limit: Int = defaultLimit) throws(ImageError) -> [UInt8] {
        guard data.count >= 2 else { throw .truncated("zlib stream") }
        let method = data[0] & 0x0F
        let windowBits = Int(data[0] >> 4) + 8
        guard method == 8, windowBits <= 15 else { throw .corrupt("unknown zlib compression method") }
        guard (Int(data[0]) << 8 | Int(data[1])) % 31 == 0 else { throw .corrupt("bad zlib header check") }
        guard data[1] & 0x20 == 0 else { throw .corrupt("zlib preset dictionary is not allowed") }

        let (output, end) = try data.withUnsafeBufferPointer { (input) throws(ImageError) in
            try Inflater(input: input, start: 2, expectedSize: expectedSize, limit: limit).run()
        }
        guard end + 4 <= data.count else { throw .truncated("zlib stream") }
        let stored = data[end..<(end + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard stored == Adler32.checksum(output) else { throw .corrupt("bad Adler-32 checksum in zlib stream") }
        return output
    }
}
