/// An append-only sequence of bits, most significant bit first.
struct BitBuffer: Equatable, Sendable {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    /// Appends the low `width` bits of `value`, most significant first.
    mutating func append(_ value: Int, width: Int) {
        precondition(width >= 0 && width <= 31 && value >> width == 0, "\(value) does not fit in \(width) bits")
        for shift in stride(from: width - 1, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
    }

    mutating func append(contentsOf other: BitBuffer) { bits += other.bits }

    /// The bits packed into bytes; a partial last byte is padded with zeros.
    var bytes: [UInt8] {
        var result = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (index, bit) in bits.enumerated() where bit { result[index >> 3] |= 0x80 >> UInt8(index & 7) }
        return result
    }
}
