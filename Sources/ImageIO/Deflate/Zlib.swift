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
        try data.withUnsafeBufferPointer { (buffer) throws(ImageError) -> [UInt8] in
            let input = SegmentedInput(buffer)
            try checkHeader(input)
            let (output, end, _) = try Inflater(input: input, start: 2, expectedSize: expectedSize, limit: limit,
                                                sink: DiscardingSink()).run()
            guard try storedChecksum(input, at: end) == Adler32.checksum(output) else {
                throw .corrupt("bad Adler-32 checksum in zlib stream")
            }
            return output
        }
    }

    /// Decompresses a zlib stream stored in pieces, handing the output to
    /// `sink` in order as it is produced, so that only a 32 KiB window is
    /// kept; verifies the Adler-32 at the end.
    ///
    /// - Throws: as `decompress`; `.tooLarge` beyond `limit` bytes of
    ///   output, and whatever `sink` throws.
    static func decompress<Sink: InflateSink>(_ input: SegmentedInput, limit: Int, into sink: Sink) throws(ImageError) -> Sink {
        try checkHeader(input)
        let (_, end, checked) = try Inflater(input: input, start: 2, streamingWithLimit: limit,
                                             into: ChecksummingSink(inner: sink)).run()
        guard try storedChecksum(input, at: end) == checked.adler.value else {
            throw .corrupt("bad Adler-32 checksum in zlib stream")
        }
        return checked.inner
    }

    private static func checkHeader(_ input: SegmentedInput) throws(ImageError) {
        guard input.count >= 2 else { throw .truncated("zlib stream") }
        let first = input.byte(at: 0)
        let second = input.byte(at: 1)
        let method = first & 0x0F
        let windowBits = Int(first >> 4) + 8
        guard method == 8, windowBits <= 15 else { throw .corrupt("unknown zlib compression method") }
        guard (Int(first) << 8 | Int(second)) % 31 == 0 else { throw .corrupt("bad zlib header check") }
        guard second & 0x20 == 0 else { throw .corrupt("zlib preset dictionary is not allowed") }
    }

    /// The big-endian Adler-32 that closes the stream at `end`. Bytes after
    /// it are ignored.
    private static func storedChecksum(_ input: SegmentedInput, at end: Int) throws(ImageError) -> UInt32 {
        guard end + 4 <= input.count else { throw .truncated("zlib stream") }
        return (end..<(end + 4)).reduce(UInt32(0)) { $0 << 8 | UInt32(input.byte(at: $1)) }
    }
}

/// Drops what it is given: for inflate runs that keep their whole output.
struct DiscardingSink: InflateSink {
    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) {}
}

/// Checksums the output on its way to another sink.
struct ChecksummingSink<Inner: InflateSink>: InflateSink {
    var inner: Inner
    var adler = Adler32()

    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImageError) {
        adler.update(bytes)
        try inner.consume(bytes)
    }
}
