/// Reads a deflate stream's bits, least significant bit of each byte first,
/// from one buffer or from several pieces read as one.
///
/// Keeps up to 64 bits buffered. Past the end of the input it pretends to
/// read zero bytes so that look-ahead near the end stays branch-free, and
/// throws `truncated` as soon as any of those pretend bits is consumed.
struct BitReader {
    let input: SegmentedInput
    /// The segment being read, and the position in it of the next byte to buffer.
    private var segmentIndex: Int
    private var current: UnsafeBufferPointer<UInt8>
    private var position: Int
    private(set) var buffer: UInt64 = 0
    private(set) var bitCount = 0
    /// Zero bytes appended beyond the input so far.
    private var padding = 0

    /// Starts reading at logical byte `start`.
    init(_ input: SegmentedInput, start: Int = 0) {
        self.input = input
        segmentIndex = 0
        current = input.segments.first ?? UnsafeBufferPointer(start: nil, count: 0)
        position = 0
        seek(to: start)
    }

    /// Tops the buffer up to at least 57 bits: enough for any one
    /// length/distance pair with its extra bits.
    @inline(__always)
    mutating func refill() throws(ImageError) {
        if position + 8 <= current.count, let base = current.baseAddress {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            // Bits above bitCount are either zero or the very bits this
            // load puts there, so OR-ing the whole word is harmless.
            buffer |= word << UInt64(bitCount)
            position += (63 - bitCount) >> 3
            bitCount |= 56
            return
        }
        try refillNearEnd()
    }

    /// Byte by byte, across segment boundaries and past the end.
    private mutating func refillNearEnd() throws(ImageError) {
        try checkNotOverrun()
        while bitCount <= 56 {
            if position < current.count {
                buffer |= UInt64(current[position]) << UInt64(bitCount)
                position += 1
            } else if segmentIndex + 1 < input.segments.count {
                segmentIndex += 1
                current = input.segments[segmentIndex]
                position = 0
                continue
            } else {
                padding += 1
            }
            bitCount += 8
        }
    }

    /// Throws if any bit beyond the end of the input has been consumed.
    mutating func checkNotOverrun() throws(ImageError) {
        if padding * 8 > bitCount { throw .truncated("deflate stream") }
    }

    /// The buffered bits, lowest first (at least 57 after a `refill`).
    @inline(__always)
    var peek: UInt64 { buffer }

    @inline(__always)
    mutating func drop(_ count: Int) {
        buffer >>= UInt64(count)
        bitCount -= count
    }

    /// Consumes and returns `count` bits (requires a prior `refill`).
    @inline(__always)
    mutating func take(_ count: Int) -> Int {
        let value = Int(truncatingIfNeeded: buffer & ((1 << UInt64(count)) - 1))
        drop(count)
        return value
    }

    /// Discards bits up to the next byte boundary.
    mutating func alignToByte() {
        drop(bitCount & 7)
    }

    /// Hands the buffered whole bytes back to the input and returns the
    /// logical byte position where reading resumes; used for stored
    /// blocks, which are byte-aligned and copied directly, and for what
    /// follows the stream.
    mutating func rewindToBytePosition() throws(ImageError) -> Int {
        alignToByte()
        try checkNotOverrun()
        let resume = input.start(of: segmentIndex) + position - (bitCount / 8 - padding)
        seek(to: resume)
        return resume
    }

    /// Continues reading bits at logical byte `newPosition` with an empty buffer.
    mutating func seek(to newPosition: Int) {
        let count = input.count
        let target = min(max(0, newPosition), count)
        if !input.segments.isEmpty {
            segmentIndex = input.segment(containing: target)
            current = input.segments[segmentIndex]
            position = target - input.start(of: segmentIndex)
        }
        buffer = 0
        bitCount = 0
        padding = 0
    }
}
