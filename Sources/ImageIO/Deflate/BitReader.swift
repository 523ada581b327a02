/// Reads a deflate stream's bits, least significant bit of each byte first.
///
/// Keeps up to 64 bits buffered. Past the end of the input it pretends to
/// read zero bytes so that look-ahead near the end stays branch-free, and
/// throws `truncated` as soon as any of those pretend bits is consumed.
struct BitReader {
    let input: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    private(set) var buffer: UInt64 = 0
    private(set) var bitCount = 0
    /// Zero bytes appended beyond the input so far.
    private var padding = 0

    init(_ input: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.input = input
        self.position = position
    }

    /// Tops the buffer up to at least 57 bits: enough for any one
    /// length/distance pair with its extra bits.
    @inline(__always)
    mutating func refill() throws(ImageError) {
        if position + 8 <= input.count, let base = input.baseAddress {
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

    private mutating func refillNearEnd() throws(ImageError) {
        try checkNotOverrun()
        while bitCount <= 56 {
            if position < input.count {
                buffer |= UInt64(input[position]) << UInt64(bitCount)
                position += 1
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

    /// The next `count` bits (at most 32, after a `refill`).
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
    /// byte position where reading resumes; used for stored blocks, which
    /// are byte-aligned and copied directly.
    mutating func rewindToBytePosition() throws(ImageError) -> Int {
        alignToByte()
        try checkNotOverrun()
        let buffered = bitCount / 8 - padding
        position -= buffered
        buffer = 0
        bitCount = 0
        padding = 0
        return position
    }

    /// Continues reading bits at byte `newPosition` with an empty buffer.
    mutating func seek(to newPosition: Int) {
        position = newPosition
        buffer = 0
        bitCount = 0
        padding = 0
    }
}
