/// One of the eight data mask patterns of ISO/IEC 18004 (reference 000 through 111).
public struct Mask: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The mask pattern reference, 0...7.
    public let rawValue: Int

    /// All eight masks in reference order.
    public static let all: [Mask] = [
        Mask(uncheckedReference: 0), Mask(uncheckedReference: 1), Mask(uncheckedReference: 2), Mask(uncheckedReference: 3),
        Mask(uncheckedReference: 4), Mask(uncheckedReference: 5), Mask(uncheckedReference: 6), Mask(uncheckedReference: 7),
    ]

    /// The mask `rawValue`, or nil outside 0...7.
    public init?(rawValue: Int) {
        guard (0...7).contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    init(uncheckedReference reference: Int) {
        precondition((0...7).contains(reference), "mask references run from 0 to 7")
        self.rawValue = reference
    }

    /// Whether the mask flips the module at column `x`, row `y` (the standard's `j` and `i`).
    @inline(__always)
    func flips(x: Int, y: Int) -> Bool {
        switch rawValue {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (x * y) % 2 + (x * y) % 3 == 0
        case 6: ((x * y) % 2 + (x * y) % 3) % 2 == 0
        default: ((x + y) % 2 + (x * y) % 3) % 2 == 0
        }
    }

    public var description: String { String(rawValue) }
}
