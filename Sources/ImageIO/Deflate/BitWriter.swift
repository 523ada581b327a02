/// Writes bits least significant first, as deflate packs them.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var accumulator: UInt64 = 0
    private var pending = 0

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the low `count` bits of `value` (at most 32 bits).
    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        accumulator |= UInt64(value) << UInt64(pending)
        pending += count
        if pending >= 32 {
            let word = UInt32(truncatingIfNeeded: accumulator)
            bytes.append(UInt8(truncatingIfNeeded: word))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            accumulator >>= 32
            pending -= 32
        }
    }

    /// Pads with zero bits to the next byte boundary and flushes.
    mutating func alignToByte() {
        while pending > 0 {
            bytes.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            pending = max(0, pending - 8)
        }
        accumulator = 0
    }

    /// Appends whole bytes; the writer must be byte-aligned.
    mutating func appendAligned(_ data: ArraySlice<UInt8>) {
        precondition(pending == 0, "appendAligned needs a byte-aligned writer")
        bytes.append(contentsOf: data)
    }

    /// Bits written so far, including those not yet flushed.
    var bitCount: Int { bytes.count * 8 + pending }
}
