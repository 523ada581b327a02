/// Reads the entropy-coded data of a JPEG scan (ITU T.81 F.2.2.5): bits
/// most significant first, a 0xFF data byte followed by a stuffed 0x00,
/// and a marker ending the data.
///
/// At a marker or the end of the file it feeds zero bits so that look-ahead
/// stays simple; consuming any of them means the data was cut short.
struct JPEGEntropyReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read; at a marker, its 0xFF.
    private(set) var position: Int
    /// Buffered bits, the next one in bit 63.
    private var buffer: UInt64 = 0
    private var bitCount = 0
    /// Zero bits fed past the data, at the bottom of the buffer.
    private var paddingBits = 0
    /// Whether the data ended (a marker or the end of the file).
    private var atEnd = false
    /// Whether any fed zero bit was consumed.
    private(set) var overran = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, position: Int) {
        self.bytes = bytes
        self.position = position
    }

    @inline(__always)
    private mutating func fill() {
        while bitCount <= 56 {
            var byte: UInt8 = 0
            if !atEnd {
                if position >= bytes.count {
                    atEnd = true
                } else if bytes[position] != 0xFF {
                    byte = bytes[position]
                    position += 1
                } else {
                    // 0xFF 0x00 is a data byte; 0xFF 0xFF is fill before a marker.
                    var next = position + 1
                    while next < bytes.count && bytes[next] == 0xFF { next += 1 }
                    if next < bytes.count && bytes[next] == 0x00 && next == position + 1 {
                        byte = 0xFF
                        position += 2
                    } else {
                        atEnd = true
                        position = next - 1
                    }
                }
            }
            if atEnd { paddingBits += 8 }
            buffer |= UInt64(byte) << UInt64(56 - bitCount)
            bitCount += 8
        }
    }

    /// The next 16 bits without consuming them.
    @inline(__always)
    mutating func peek16() -> Int {
        if bitCount < 16 { fill() }
        return Int(buffer >> 48)
    }

    @inline(__always)
    mutating func skip(_ count: Int) {
        buffer <<= UInt64(count)
        bitCount -= count
        if bitCount < paddingBits {
            overran = true
            paddingBits = bitCount
        }
    }

    /// The next `count` bits (0...16) as an unsigned number.
    @inline(__always)
    mutating func bits(_ count: Int) -> Int {
        guard count > 0 else { return 0 }
        if bitCount < count { fill() }
        let value = Int(buffer >> UInt64(64 - count))
        skip(count)
        return value
    }

    @inline(__always)
    mutating func bit() -> Bool { bits(1) == 1 }

    /// `count` bits read as a coefficient difference (F.2.2.1, EXTEND).
    @inline(__always)
    mutating func signed(_ count: Int) -> Int {
        guard count > 0 else { return 0 }
        let value = bits(count)
        return value < 1 << (count - 1) ? value - (1 << count) + 1 : value
    }

    /// Drops the bits left in the current byte and steps over the
    /// restart marker that must come next; false when there is none.
    mutating func restart() -> Bool {
        buffer = 0
        bitCount = 0
        paddingBits = 0
        atEnd = false
        // Data left before the marker (a damaged stream) is skipped.
        while position + 1 < bytes.count && !(bytes[position] == 0xFF && bytes[position + 1] != 0x00 && bytes[position + 1] != 0xFF) {
            position += 1
        }
        guard position + 1 < bytes.count, (0xD0...0xD7).contains(bytes[position + 1]) else { return false }
        position += 2
        return true
    }

    /// Where the scan's data ends: the marker after it (or the end of the file).
    mutating func end() -> Int {
        var scan = position
        while scan + 1 < bytes.count && !(bytes[scan] == 0xFF && bytes[scan + 1] != 0x00
                                          && !(0xD0...0xD7).contains(bytes[scan + 1]) && bytes[scan + 1] != 0xFF) {
            scan += 1
        }
        return scan + 1 < bytes.count ? scan : bytes.count
    }
}

/// A JPEG Huffman code (T.81 C and F.2.2.3), decoded a symbol at a time
/// from a 9-bit look-up table, longer codes by their canonical ranges.
struct JPEGHuffmanTable: Sendable {
    /// For each 9-bit prefix: code length << 8 | symbol, or 0 for longer codes.
    private var fast = [UInt16](repeating: 0, count: 512)
    /// For lengths 1...16: the largest code of that length (-1 when none),
    /// and the offset from a code to its symbol's index.
    private var maxCode = [Int](repeating: -1, count: 18)
    private var offset = [Int](repeating: 0, count: 17)
    private var symbols: [UInt8]

    /// Builds the code from the 16 counts of codes of each length and the
    /// symbols in order; throws when the counts over-subscribe the code space.
    init(counts: [Int], symbols: [UInt8]) throws(ImageError) {
        self.symbols = symbols
        var code = 0
        var index = 0
        for length in 1...16 {
            let count = counts[length - 1]
            offset[length] = index - code
            if count > 0 {
                for _ in 0..<count {
                    guard code < 1 << length else { throw .corrupt("over-subscribed Huffman table in JPEG") }
                    if length <= 9 {
                        let shift = 9 - length
                        for fill in 0..<(1 << shift) {
                            fast[code << shift | fill] = UInt16(length << 8) | UInt16(symbols[index])
                        }
                    }
                    code += 1
                    index += 1
                }
                maxCode[length] = code - 1
            }
            guard code <= 1 << length else { throw .corrupt("over-subscribed Huffman table in JPEG") }
            code <<= 1
        }
    }

    /// The next symbol.
    @inline(__always)
    func decode(_ reader: inout JPEGEntropyReader) throws(ImageError) -> Int {
        let look = reader.peek16()
        let entry = fast[look >> 7]
        if entry != 0 {
            reader.skip(Int(entry >> 8))
            return Int(entry & 0xFF)
        }
        for length in 10...16 {
            let code = look >> (16 - length)
            if code <= maxCode[length] {
                reader.skip(length)
                return Int(symbols[code + offset[length]])
            }
        }
        throw .corrupt("invalid Huffman code in JPEG data")
    }
}
