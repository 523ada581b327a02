/// An append-only sequence of bits, most significant bit first, packed into bytes.
struct BitBuffer: Equatable, Sendable {
    /// The bits so far; a partial last byte is padded with zeros.
    private(set) var bytes: [UInt8] = []
    /// Number of bits appended.
    private(set) var count = 0

    /// Appends the low `width` bits of `value`, most significant first.
    mutating func append(_ value: Int, width: Int) {
        precondition(width >= 0 && width <= 31 && value >> width == 0, "\(value) does not fit in \(width) bits")
        var remaining = width
        while remaining > 0 {
            let used = count & 7
            if used == 0 { bytes.append(0) }
            let take = min(8 - used, remaining)
            let chunk = (value >> (remaining - take)) & ((1 << take) - 1)
            bytes[bytes.count - 1] |= UInt8(chunk << (8 - used - take))
            remaining -= take
            count += take
        }
    }

    mutating func append(contentsOf other: BitBuffer) {
        if count & 7 == 0 {
            bytes += other.bytes
            count += other.count
            return
        }
        var left = other.count
        for byte in other.bytes {
            let width = min(8, left)
            append(Int(byte) >> (8 - width), width: width)
            left -= width
        }
    }

    /// The bits as booleans, for tests and diagnostics.
    var bits: [Bool] {
        (0..<count).map { bytes[$0 >> 3] >> UInt8(7 - $0 & 7) & 1 == 1 }
    }
}
