/// The four Reed–Solomon error correction levels of ISO/IEC 18004.
///
/// Cases are ordered from least to most redundancy; `Comparable` follows that order.
public enum ErrorCorrectionLevel: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    /// Recovers about 7 % of codewords.
    case low
    /// Recovers about 15 % of codewords.
    case medium
    /// Recovers about 25 % of codewords.
    case quartile
    /// Recovers about 30 % of codewords.
    case high

    /// The two bits that stand for the level in the format information (L=01, M=00, Q=11, H=10).
    public var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }

    /// The level whose format information bits are `bits`.
    public init?(formatBits bits: Int) {
        guard let level = Self.allCases.first(where: { $0.formatBits == bits }) else { return nil }
        self = level
    }

    /// The standard's one-letter name: L, M, Q or H.
    public var description: String {
        switch self {
        case .low: "L"
        case .medium: "M"
        case .quartile: "Q"
        case .high: "H"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
