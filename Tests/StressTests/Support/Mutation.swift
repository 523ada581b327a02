import Foundation
import TestSupport

/// Ways to damage a file, each from a seeded generator so a failure repeats.
enum Mutation: String, CaseIterable, CustomStringConvertible {
    /// Cut to zero bytes.
    case empty
    /// Cut at a random length shorter than the file.
    case truncated
    /// A structural JSON byte (`{}[]":,` outside strings) replaced by a letter.
    case structuralByte
    /// A NUL byte inserted at a random place.
    case nul
    /// An invalid UTF-8 sequence (0xFF 0xFE) inside a string.
    case invalidUTF8
    /// `"schemaVersion":0`.
    case zeroSchema
    /// `"schemaVersion":"1"`: the right number with the wrong type.
    case wrongSchemaType
    /// No `schemaVersion` at all.
    case missingSchema
    /// `"schemaVersion":99`: written by a newer lifesignal.
    case futureSchema
    /// One random byte XORed with a random non-zero value: may still be valid.
    case flippedByte

    var description: String { rawValue }

    /// Whether the result is refused as too new rather than damaged.
    var isTooNew: Bool { self == .futureSchema }

    /// Whether the damage may leave a file that still parses (then the
    /// command may succeed, or be refused by a rule).
    var mayStillParse: Bool { self == .flippedByte }

    /// The damaged bytes, or nil when the mutation does not apply.
    func apply(to bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8]? {
        switch self {
        case .empty:
            return []
        case .truncated:
            guard bytes.count > 1 else { return nil }
            // Dropping only the final newline would leave valid JSON.
            let end = bytes.last == 0x0A ? bytes.count - 1 : bytes.count
            guard end > 1 else { return nil }
            return Array(bytes.prefix(Int.random(in: 1..<end, using: &random)))
        case .structuralByte:
            guard let position = Self.structuralPositions(bytes).randomElement(using: &random) else { return nil }
            var out = bytes
            out[position] = UInt8(ascii: "x")
            return out
        case .nul:
            var out = bytes
            out.insert(0, at: Int.random(in: 0..<max(1, bytes.count - 1), using: &random))
            return out
        case .invalidUTF8:
            let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
            guard let position = quotes.randomElement(using: &random) else { return nil }
            var out = bytes
            out.insert(contentsOf: [0xFF, 0xFE], at: position + 1)
            return out
        case .flippedByte:
            guard !bytes.isEmpty else { return nil }
            var out = bytes
            out[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            return out
        case .zeroSchema: return replacingSchema(bytes, with: "\"schemaVersion\":0")
        case .wrongSchemaType: return replacingSchema(bytes, with: "\"schemaVersion\":\"1\"")
        case .missingSchema: return replacingSchema(bytes, with: "\"schemaVersionX\":1")
        case .futureSchema: return replacingSchema(bytes, with: "\"schemaVersion\":99")
        }
    }

    /// Offsets of `{}[]:,` outside strings and of the quotes that open or
    /// close strings: changing any of them breaks the JSON.
    static func structuralPositions(_ bytes: [UInt8]) -> [Int] {
        var positions: [Int] = []
        var inString = false
        var escaped = false
        for (offset, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    positions.append(offset)
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                positions.append(offset)
            } else if Set("{}[]:,".utf8).contains(byte) {
                positions.append(offset)
            }
        }
        return positions
    }

    private func replacingSchema(_ bytes: [UInt8], with replacement: String) -> [UInt8]? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("\"schemaVersion\":1") else { return nil }
        return Array(text.replacingOccurrences(of: "\"schemaVersion\":1", with: replacement).utf8)
    }
}
