/// CRC-32 as used by PNG chunks and gzip (ISO 3309, reflected polynomial
/// 0xEDB88320, initial value and final XOR 0xFFFFFFFF).
///
/// Incremental: feed any number of chunks with `update`, read `value`.
public struct CRC32: Sendable, Equatable {
    private var state: UInt32 = 0xFFFF_FFFF

    /// A checksum of no bytes.
    public init() {}

    /// The CRC-32 of everything fed so far.
    public var value: UInt32 { state ^ 0xFFFF_FFFF }

    /// Feeds `bytes` into the checksum.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var crc = state
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            crc = Self.fold(crc, buffer)
        }
        if done == nil {
            for byte in bytes {
                crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
        }
        state = crc
    }

    /// The CRC-32 of `bytes` in one call.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// Folds `buffer` in eight bytes at a time ("slicing by 8"): eight
    /// independent lookups per step instead of a chain of eight.
    private static func fold(_ start: UInt32, _ buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var crc = start
        tables.withUnsafeBufferPointer { t in
            var index = 0
            if let base = buffer.baseAddress {
                while index + 8 <= buffer.count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let low = UInt32(truncatingIfNeeded: word) ^ crc
                    let high = UInt32(truncatingIfNeeded: word >> 32)
                    crc = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int(low >> 8 & 0xFF)]
                        ^ t[5 * 256 + Int(low >> 16 & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                        ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int(high >> 8 & 0xFF)]
                        ^ t[256 + Int(high >> 16 & 0xFF)] ^ t[Int(high >> 24)]
                    index += 8
                }
            }
            while index < buffer.count {
                crc = t[Int((crc ^ UInt32(buffer[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        return crc
    }

    /// The slow path for sequences without contiguous storage.
    private static let table = Array(tables[0..<256])

    /// Table k holds the CRC of each byte value followed by k zero bytes;
    /// table 0 is the classic byte-at-a-time table.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 {
                value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
            }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()
}
