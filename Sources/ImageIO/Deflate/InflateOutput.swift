/// Where inflated bytes go once the decoder is done with them.
protocol InflateSink {
    /// Takes the next bytes of the output, in order.
    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImageError)
}

/// The output of an inflate run, with a hard size limit.
///
/// Either keeps everything (the whole output is wanted as one array) or
/// keeps only the last 32 KiB that matches can reach back into, handing
/// older bytes to a sink in chunks, so that memory stays bounded whatever
/// the output's size. Manages raw memory so that the decode loop can write
/// and copy matches without per-byte bounds checks or copy-on-write checks.
struct InflateOutput: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// Bytes in the buffer.
    var count = 0
    /// Bytes the buffer no longer holds (handed on and dropped).
    private(set) var dropped = 0
    /// Bytes at the start of the buffer already handed to the sink.
    private var handedOn = 0
    let limit: Int
    /// Whether old bytes are handed on and dropped rather than kept.
    let streams: Bool

    /// The largest number of bytes one symbol can write (a 258-byte match).
    static let slack = 258
    /// Bytes handed to a sink at a time when streaming.
    static let chunk = 1 << 16

    /// Keeps the whole output; `expectedSize` sizes the first buffer.
    init(expectedSize: Int, limit: Int) {
        self.limit = limit
        streams = false
        capacity = min(max(1024, expectedSize), limit) + Self.slack
        base = .allocate(capacity: capacity)
    }

    /// Keeps only the window; older bytes go to the sink.
    init(streamingWithLimit limit: Int) {
        self.limit = limit
        streams = true
        capacity = DeflateTables.windowSize + Self.chunk + Self.slack
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Bytes produced so far.
    var total: Int { dropped + count }

    var limitError: ImageError { .tooLarge("decompressed data exceeds \(limit) bytes") }

    /// Makes room for `extra` more bytes, handing bytes on when streaming,
    /// and throws when the output is already at the limit. Callers writing
    /// `extra` bytes at once must also check `total + extra <= limit`
    /// (room is not permission).
    @inline(__always)
    mutating func reserve<Sink: InflateSink>(_ extra: Int, sink: inout Sink) throws(ImageError) {
        if count + extra > capacity { try makeRoom(extra, sink: &sink) }
    }

    private mutating func makeRoom<Sink: InflateSink>(_ extra: Int, sink: inout Sink) throws(ImageError) {
        guard total < limit else { throw limitError }
        guard streams else {
            grow(to: count + extra)
            return
        }
        try handOn(sink: &sink)
        // Keep the window that matches may still reach; drop the rest.
        let keep = min(count, DeflateTables.windowSize)
        let drop = count - keep
        if drop > 0 {
            base.update(from: base + drop, count: keep)
            dropped += drop
            count = keep
            handedOn = keep
        }
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let ceiling = streams ? needed : limit + Self.slack
        let newCapacity = max(needed, min(capacity * 2, ceiling))
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Hands every byte not yet handed on to the sink (streaming only).
    mutating func handOn<Sink: InflateSink>(sink: inout Sink) throws(ImageError) {
        guard streams, count > handedOn else { return }
        try sink.consume(UnsafeBufferPointer(start: base + handedOn, count: count - handedOn))
        handedOn = count
    }

    /// Appends a copy of the `length` bytes that start `distance` bytes
    /// back; they may overlap the bytes being written (a run).
    @inline(__always)
    mutating func copyMatch(distance: Int, length: Int) {
        let destination = base + count
        let source = destination - distance
        if distance >= length {
            destination.update(from: source, count: length)
        } else {
            for index in 0..<length { destination[index] = source[index] }
        }
        count += length
    }

    /// Appends raw bytes (a piece of a stored block) that fit the room reserved.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    /// The bytes kept (all of them unless streaming).
    func array() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}
