/// One of the three 7×7 "eye" patterns in the corners of a QR symbol.
struct FinderPattern: Sendable, Equatable {
    var center: ImagePoint
    /// Module size estimated from the horizontal and vertical crossings.
    var moduleSize: Double
    /// How many scan rows confirmed it; more rows means more trust.
    var count: Int
    /// The share of the scan lines through its 3-module core, both ways,
    /// that confirmed it: near 1 for a finder, far less for a lookalike in
    /// the data, whose rings are rarely whole.
    var support = 1.0

    /// Whether a sighting at `other` is this pattern again: within a module
    /// and a half of its centre, with a similar module size.
    func isSame(center other: ImagePoint, moduleSize otherSize: Double) -> Bool {
        let limit = max(moduleSize, otherSize) * 1.5
        guard abs(center.x - other.x) <= limit, abs(center.y - other.y) <= limit else { return false }
        let ratio = moduleSize / otherSize
        return ratio > 0.6 && ratio < 1 / 0.6
    }

    /// Folds another sighting into this one, weighting by confirmations.
    mutating func merge(center other: ImagePoint, moduleSize otherSize: Double) {
        let weight = Double(count)
        let total = weight + 1
        center = ImagePoint(x: (center.x * weight + other.x) / total, y: (center.y * weight + other.y) / total)
        moduleSize = (moduleSize * weight + otherSize) / total
        count += 1
    }
}
