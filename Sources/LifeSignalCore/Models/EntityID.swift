/// A random identifier in UUID form (lowercase, hyphenated), validated
/// before it is ever used to name a file.
public struct EntityID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts exactly 36 characters: lowercase hex in 8-4-4-4-12 groups.
    public init?(validating text: String) {
        var text = text
        guard text.withUTF8(Self.isValid) else { return nil }
        rawValue = text
    }

    /// `init(validating:)` on UTF-8 bytes, for readers that hold bytes: the
    /// String is built only for a valid ID.
    public init?(validatingUTF8 bytes: ArraySlice<UInt8>) {
        guard let text = bytes.withUnsafeBufferPointer({ Self.isValid($0) ? String(decoding: $0, as: UTF8.self) : nil }) else {
            return nil
        }
        rawValue = text
    }

    /// Whether `bytes` spell a valid ID (what `init(validatingUTF8:)`
    /// accepts), for readers that check an ID long before, or without
    /// ever, building it.
    package static func isValid(utf8 bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer(isValid)
    }

    /// An ID from bytes `isValid(utf8:)` accepted already.
    package init(checkedUTF8 bytes: ArraySlice<UInt8>) {
        rawValue = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    private static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36, let base = UnsafeRawPointer(bytes.baseAddress) else { return false }
        let hyphen = UInt8(ascii: "-")
        guard bytes[8] == hyphen, bytes[13] == hyphen, bytes[18] == hyphen, bytes[23] == hyphen else { return false }
        // Eight bytes at a time (an ID is read for every feed item): the
        // words at 0, 8, 16, 24 and 28 cover every byte; in each, the
        // hyphens (checked above) are counted as the digit 0.
        func word(_ offset: Int, hyphensAt hyphens: UInt64) -> UInt64 {
            let bytes = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            return bytes & ~(hyphens * 0xFF) | hyphens * UInt64(UInt8(ascii: "0"))
        }
        // Byte i of a mask is 1 where a hyphen is: positions 8 and 13 in the second word, 18 and 23 in the third.
        return isLowercaseHex(word(0, hyphensAt: 0)) && isLowercaseHex(word(8, hyphensAt: 1 | 1 << 40))
            && isLowercaseHex(word(16, hyphensAt: 1 << 16 | 1 << 56)) && isLowercaseHex(word(24, hyphensAt: 0))
            && isLowercaseHex(word(28, hyphensAt: 0))
    }

    /// Whether all eight bytes of `word` are 0-9 or a-f. Each byte below
    /// 0x80 plus a constant below 0x80 stays below 0x100, so no sum carries
    /// into the next byte; its top bit says whether the byte reached the
    /// bound the constant was chosen for.
    private static func isLowercaseHex(_ word: UInt64) -> Bool {
        let tops: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        guard word & tops == 0 else { return false }
        func atLeast(_ bound: UInt8) -> UInt64 { (word &+ ones &* UInt64(0x80 - bound)) & tops }
        let digit = atLeast(UInt8(ascii: "0")) & ~atLeast(UInt8(ascii: "9") + 1)
        let letter = atLeast(UInt8(ascii: "a")) & ~atLeast(UInt8(ascii: "f") + 1)
        return digit | letter == tops
    }

    /// A version 4 UUID made from 16 random bytes.
    public init(randomBytes bytes: [UInt8]) {
        precondition(bytes.count == 16, "an ID takes exactly 16 random bytes")
        var b = bytes
        b[6] = (b[6] & 0x0f) | 0x40
        b[8] = (b[8] & 0x3f) | 0x80
        let hex = Hex.encode(b)
        let chars = Array(hex)
        rawValue = String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16])
            + "-" + String(chars[16..<20]) + "-" + String(chars[20..<32])
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = EntityID(validating: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "invalid ID \"\(text.prefix(40))\""))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
    /// The first eight characters, enough to name an item on the command line.
    public var short: String {
        // An ID is ASCII: eight printable bytes, and a ninth byte that is
        // ASCII too (nothing it could join), are eight characters, cut
        // without walking grapheme clusters.
        let fast = rawValue.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.count > 8, bytes[8] < 0x80, bytes[..<8].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<8]), as: UTF8.self)
        }
        return (fast ?? nil) ?? String(rawValue.prefix(8))
    }

    public static func < (lhs: EntityID, rhs: EntityID) -> Bool { lhs.rawValue < rhs.rawValue }
}
