/// One committed transaction as the journal holds it: every file it writes,
/// with the new content, and every file it deletes, in path order.
///
/// Binary, little-endian, self-checking:
///
///     "DFJ2"  bodyLength:u32  headerCheck:u32      12-byte header
///     body: entries, each
///         'w' pathLength:u16 path contentLength:u32 content
///         'd' pathLength:u16 path
///     checksum:u64                                  over header and body
///
/// `headerCheck` (FNV-1a of the first 8 bytes) lets a reader tell a damaged
/// length from a record cut short by a crash; `checksum` (FNV-1a) covers
/// everything before it.
struct JournalRecord: Hashable, Sendable {
    enum Entry: Hashable, Sendable {
        case write(String, [UInt8])
        case delete(String)

        var path: String {
            switch self {
            case .write(let path, _), .delete(let path): path
            }
        }
    }

    var entries: [Entry]

    static let magic: [UInt8] = Array("DFJ2".utf8)
    static let headerSize = 12
    static let trailerSize = 8

    func encoded() -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(entries.reduce(0) { total, entry in
            if case .write(let path, let content) = entry { return total + 7 + path.utf8.count + content.count }
            return total + 3 + entry.path.utf8.count
        })
        for entry in entries {
            switch entry {
            case .write(let path, let content):
                body.append(UInt8(ascii: "w"))
                Self.append(UInt16(path.utf8.count), to: &body)
                body += path.utf8
                Self.append(UInt32(content.count), to: &body)
                body += content
            case .delete(let path):
                body.append(UInt8(ascii: "d"))
                Self.append(UInt16(path.utf8.count), to: &body)
                body += path.utf8
            }
        }
        var bytes = Self.header(bodyLength: UInt32(body.count))
        bytes.reserveCapacity(Self.headerSize + body.count + Self.trailerSize)
        bytes += body
        Self.append(Self.checksum(bytes[...]), to: &bytes)
        return bytes
    }

    /// The header for a body of `bodyLength` bytes.
    static func header(bodyLength: UInt32) -> [UInt8] {
        var header = magic
        append(bodyLength, to: &header)
        append(UInt32(truncatingIfNeeded: checksum(header[...])), to: &header)
        return header
    }

    /// Parses a body whose checksum already matched; `describe` names the
    /// record in errors.
    static func decodeBody(_ body: ArraySlice<UInt8>, describe: () -> String) throws(JournalDamage) -> JournalRecord {
        var reader = ByteReader(body)
        var entries: [Entry] = []
        while !reader.isAtEnd {
            guard let kind = reader.byte(), let pathLength = reader.integer(UInt16.self),
                  let pathBytes = reader.bytes(Int(pathLength)) else {
                throw JournalDamage("\(describe()) ends inside an entry")
            }
            guard let path = String(validating: pathBytes, as: UTF8.self) else {
                throw JournalDamage("\(describe()) names a path that is not UTF-8")
            }
            do {
                try StorePath.validateFile(path)
            } catch {
                throw JournalDamage("\(describe()) names an invalid path '\(path)'")
            }
            switch kind {
            case UInt8(ascii: "w"):
                guard let length = reader.integer(UInt32.self), let content = reader.bytes(Int(length)) else {
                    throw JournalDamage("\(describe()) ends inside the content of '\(path)'")
                }
                entries.append(.write(path, Array(content)))
            case UInt8(ascii: "d"):
                entries.append(.delete(path))
            default:
                throw JournalDamage("\(describe()) has an entry of unknown kind \(kind)")
            }
        }
        return JournalRecord(entries: entries)
    }

    /// 64-bit FNV-1a: detects torn writes and accidental edits, cheaply.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}

/// Why a journal cannot be trusted; becomes `DurableFilesError.damaged`.
struct JournalDamage: Error, Hashable {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

/// Sequential little-endian reads from a byte slice; nil past the end.
struct ByteReader {
    private let bytes: ArraySlice<UInt8>
    private(set) var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.position = bytes.startIndex
    }

    var isAtEnd: Bool { position == bytes.endIndex }

    mutating func byte() -> UInt8? {
        bytes(1).map { $0[$0.startIndex] }
    }

    mutating func integer<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) -> T? {
        guard let raw = bytes(MemoryLayout<T>.size) else { return nil }
        var value: T = 0
        for (shift, byte) in raw.enumerated() {
            value |= T(byte) << (8 * shift)
        }
        return value
    }

    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, bytes.endIndex - position >= count else { return nil }
        defer { position += count }
        return bytes[position..<(position + count)]
    }
}
