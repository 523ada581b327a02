/// Walks the chunks of a PNG file, checking lengths and CRCs.
struct PNGChunkReader {
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    struct Chunk {
        /// The four-letter type, such as "IHDR".
        let type: String
        let data: ArraySlice<UInt8>

        /// Critical chunks (upper-case first letter) must be understood.
        let isCritical: Bool
    }

    private let bytes: [UInt8]
    private var position = signature.count

    /// Starts after the signature, which the caller has checked.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next chunk; throws `.truncated` when the file ends first.
    mutating func next() throws(ImageError) -> Chunk {
        guard position + 8 <= bytes.count else { throw .truncated("PNG file") }
        let length = Int(Self.bigEndian32(bytes, at: position))
        let typeBytes = bytes[(position + 4)..<(position + 8)]
        guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
            throw .corrupt("invalid PNG chunk type")
        }
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard length <= Int(Int32.max) else { throw .corrupt("\(type) chunk length out of range") }
        let dataStart = position + 8
        guard dataStart + length + 4 <= bytes.count else { throw .truncated("\(type) chunk") }
        var crc = CRC32()
        crc.update(bytes[(position + 4)..<(dataStart + length)])
        guard crc.value == Self.bigEndian32(bytes, at: dataStart + length) else {
            throw .corrupt("bad CRC in \(type) chunk")
        }
        position = dataStart + length + 4
        return Chunk(type: type, data: bytes[dataStart..<(dataStart + length)], isCritical: typeBytes.first.map { $0 & 0x20 == 0 } ?? true)
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
