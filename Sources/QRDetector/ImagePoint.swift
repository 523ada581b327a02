/// A position in image coordinates (pixels; x to the right, y downwards).
///
/// Pixel `(i, j)` covers the square from `(i, j)` to `(i + 1, j + 1)`, so its
/// centre is at `(i + 0.5, j + 0.5)`.
public struct ImagePoint: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public var description: String {
        "(\(Self.rounded(x)), \(Self.rounded(y)))"
    }

    /// Euclidean distance to `other`.
    public func distance(to other: ImagePoint) -> Double {
        let dx = x - other.x
        let dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }

    static func + (lhs: ImagePoint, rhs: ImagePoint) -> ImagePoint { ImagePoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    static func - (lhs: ImagePoint, rhs: ImagePoint) -> ImagePoint { ImagePoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    static func * (lhs: ImagePoint, rhs: Double) -> ImagePoint { ImagePoint(x: lhs.x * rhs, y: lhs.y * rhs) }

    /// The z component of the cross product of two vectors; positive when
    /// `other` is clockwise from `self` on screen (y grows downwards).
    func cross(_ other: ImagePoint) -> Double { x * other.y - y * other.x }

    private static func rounded(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return String(tenths)
    }
}
