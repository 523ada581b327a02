/// A QR Code symbol version, 1 (21 × 21 modules) through 40 (177 × 177 modules).
public struct QRVersion: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The version number, 1...40.
    public let rawValue: Int

    /// The smallest version.
    public static let min = QRVersion(uncheckedNumber: 1)
    /// The largest version.
    public static let max = QRVersion(uncheckedNumber: 40)
    /// Every version in increasing order.
    public static let all: [QRVersion] = (1...40).map { QRVersion(uncheckedNumber: $0) }

    /// The version `rawValue`, or nil outside 1...40.
    public init?(rawValue: Int) {
        guard (1...40).contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// The version whose symbols have `size` modules per side, or nil for any other size.
    public init?(size: Int) {
        guard size >= 21, (size - 17) % 4 == 0 else { return nil }
        self.init(rawValue: (size - 17) / 4)
    }

    init(uncheckedNumber number: Int) {
        precondition((1...40).contains(number), "QR versions run from 1 to 40")
        self.rawValue = number
    }

    /// Modules per side, without the quiet zone.
    public var size: Int { 17 + 4 * rawValue }

    public var description: String { String(rawValue) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
