#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outer square of a finder pattern as seen in the image: a
/// quadrilateral whose sides give the symbol's local axis directions,
/// which is what lets a steep perspective be estimated from three finders.
struct FinderOutline {
    /// Outer corners, in order around the pattern.
    let corners: [ImagePoint]
    /// Unit directions of the four sides (`corners[i]` to `corners[i + 1]`),
    /// fitted to the boundary points between the corners.
    let sides: [ImagePoint]

    /// Number of rays cast from the centre to find the outer boundary.
    static let rayCount = 72

    /// Measures the outline of `pattern`; nil when too few rays reach a
    /// clean outer edge (a damaged or false pattern).
    init?(of pattern: FinderPattern, in image: BinaryImage) {
        let limit = pattern.moduleSize * 8
        var boundary: [ImagePoint] = []
        for ray in 0..<Self.rayCount {
            let angle = Double(ray) * 2 * Double.pi / Double(Self.rayCount)
            let direction = ImagePoint(x: cos(angle), y: sin(angle))
            if let distance = DimensionEstimator.edgeDistance(
                from: pattern.center, step: direction, limit: limit, in: image) {
                boundary.append(pattern.center + direction * max(0, distance - 0.25))
            }
        }
        guard boundary.count >= Self.rayCount * 3 / 4 else { return nil }
        let center = pattern.center
        // Corners: the farthest boundary point, the point farthest from it,
        // then the farthest on each side of the diagonal they span.
        guard let first = boundary.max(by: { $0.distance(to: center) < $1.distance(to: center) }),
              let third = boundary.max(by: { $0.distance(to: first) < $1.distance(to: first) })
        else { return nil }
        let diagonal = third - first
        let offsets = boundary.map { diagonal.cross($0 - first) }
        guard let maxIndex = offsets.indices.max(by: { offsets[$0] < offsets[$1] }),
              let minIndex = offsets.indices.min(by: { offsets[$0] < offsets[$1] }),
              offsets[maxIndex] > 0, offsets[minIndex] < 0
        else { return nil }
        corners = [first, boundary[maxIndex], third, boundary[minIndex]]
        var sides: [ImagePoint] = []
        for index in 0..<4 {
            let start = corners[index]
            let end = corners[(index + 1) % 4]
            sides.append(Self.fitDirection(from: start, to: end, boundary: boundary))
        }
        self.sides = sides
    }

    /// The direction of the boundary points lying along the middle of the
    /// side from `start` to `end` (principal axis), or of the chord itself.
    private static func fitDirection(from start: ImagePoint, to end: ImagePoint, boundary: [ImagePoint]) -> ImagePoint {
        let chord = end - start
        let length = chord.distance(to: ImagePoint(x: 0, y: 0))
        guard length > 0 else { return ImagePoint(x: 1, y: 0) }
        let unit = chord * (1 / length)
        let points = boundary.filter { point in
            let along = (point - start).x * unit.x + (point - start).y * unit.y
            let across = abs(unit.cross(point - start))
            return along > length * 0.2 && along < length * 0.8 && across < length * 0.15
        }
        guard points.count >= 3 else { return unit }
        let count = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.x } / count
        let meanY = points.reduce(0) { $0 + $1.y } / count
        var xx = 0.0
        var xy = 0.0
        var yy = 0.0
        for point in points {
            let dx = point.x - meanX
            let dy = point.y - meanY
            xx += dx * dx
            xy += dx * dy
            yy += dy * dy
        }
        let angle = atan2(2 * xy, xx - yy) / 2
        let fitted = ImagePoint(x: cos(angle), y: sin(angle))
        return fitted.x * unit.x + fitted.y * unit.y >= 0 ? fitted : fitted * -1
    }

    /// The mean direction of the two opposite sides most parallel to `axis`,
    /// pointing the same way as `axis`.
    func direction(along axis: ImagePoint) -> ImagePoint {
        func alignment(_ side: ImagePoint) -> Double { side.x * axis.x + side.y * axis.y }
        let pairs = [(sides[0], sides[2]), (sides[1], sides[3])]
        let best = pairs.max { abs(alignment($0.0)) + abs(alignment($0.1)) < abs(alignment($1.0)) + abs(alignment($1.1)) }
        // Safe: `pairs` has two elements.
        let (a, b) = best!
        let first = alignment(a) >= 0 ? a : a * -1
        let second = alignment(b) >= 0 ? b : b * -1
        return first + second
    }
}
