/// The mode indicators of ISO/IEC 18004 Table 2.
public enum Mode: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Digits 0–9, three to ten bits.
    case numeric = 0b0001
    /// The 45 characters 0–9, A–Z, space and $ % * + - . / :, two to eleven bits.
    case alphanumeric = 0b0010
    /// Arbitrary bytes.
    case byte = 0b0100
    /// Shift JIS double-byte characters, thirteen bits each.
    case kanji = 0b1000
    /// An Extended Channel Interpretation designator.
    case eci = 0b0111
    /// A structured append header.
    case structuredAppend = 0b0011
    /// FNC1 in the first position (GS1).
    case fnc1First = 0b0101
    /// FNC1 in the second position (an industry application indicator follows).
    case fnc1Second = 0b1001

    /// Width of the character count indicator in `version` (Table 3); 0 for modes without one.
    func characterCountBits(_ version: QRVersion) -> Int {
        let group = version.rawValue <= 9 ? 0 : version.rawValue <= 26 ? 1 : 2
        switch self {
        case .numeric: return [10, 12, 14][group]
        case .alphanumeric: return [9, 11, 13][group]
        case .byte: return [8, 16, 16][group]
        case .kanji: return [8, 10, 12][group]
        case .eci, .structuredAppend, .fnc1First, .fnc1Second: return 0
        }
    }

    public var description: String {
        switch self {
        case .numeric: "numeric"
        case .alphanumeric: "alphanumeric"
        case .byte: "byte"
        case .kanji: "kanji"
        case .eci: "ECI"
        case .structuredAppend: "structured append"
        case .fnc1First: "FNC1 (first position)"
        case .fnc1Second: "FNC1 (second position)"
        }
    }
}

/// The character sets of the compact modes.
enum CharacterSets {
    /// The alphanumeric mode characters in value order.
    static let alphanumeric: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

    /// The alphanumeric value of an ASCII byte, or nil.
    @inline(__always)
    static func alphanumericValue(_ byte: UInt8) -> Int? {
        let value = alphanumericValues[Int(byte)]
        return value < 0 ? nil : Int(value)
    }

    /// Each byte's alphanumeric value, -1 for bytes outside the set.
    private static let alphanumericValues: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (value, byte) in alphanumeric.enumerated() { table[Int(byte)] = Int8(value) }
        return table
    }()

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
