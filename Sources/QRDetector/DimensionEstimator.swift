/// Estimates the number of modules per side from finder geometry.
enum DimensionEstimator {
    /// Modules per side as a real number; module sizes are measured along
    /// the symbol's own axes so rotation does not inflate them.
    static func estimate(_ triple: FinderTriple, in image: BinaryImage) -> Double {
        let across = moduleSize(between: triple.topLeft, and: triple.topRight, in: image)
        let down = moduleSize(between: triple.topLeft, and: triple.bottomLeft, in: image)
        let top = triple.topLeft.center.distance(to: triple.topRight.center)
        let left = triple.topLeft.center.distance(to: triple.bottomLeft.center)
        return (top / across + left / down) / 2 + 7
    }

    /// Versions to try, nearest the estimate first: perspective and blur
    /// can put the estimate a version or two off.
    static func versions(around dimension: Double) -> [Int] {
        let exact = dimension.isFinite ? min(41, max(0, (dimension - 17) / 4)) : 0
        let candidates = max(1, Int(exact) - 2)...min(40, max(1, Int(exact) + 3))
        let ranked = candidates.sorted { lhs, rhs in
            let left = abs(Double(lhs) - exact)
            let right = abs(Double(rhs) - exact)
            return left != right ? left < right : lhs < rhs
        }
        return Array(ranked.prefix(5))
    }

    /// Mean module size of the two patterns, each measured along the line
    /// joining them, falling back to the scan estimate.
    private static func moduleSize(between a: FinderPattern, and b: FinderPattern, in image: BinaryImage) -> Double {
        let fromA = width(of: a, toward: b.center, in: image)
        let fromB = width(of: b, toward: a.center, in: image)
        switch (fromA, fromB) {
        case let (first?, second?): return (first + second) / 14
        case let (first?, nil): return first / 7
        case let (nil, second?): return second / 7
        case (nil, nil): return (a.moduleSize + b.moduleSize) / 2
        }
    }

    /// The finder's full 7-module width along the direction to `target`:
    /// the distance between its outer edges on both sides of the centre.
    private static func width(of pattern: FinderPattern, toward target: ImagePoint, in image: BinaryImage) -> Double? {
        let delta = target - pattern.center
        let length = delta.distance(to: ImagePoint(x: 0, y: 0))
        guard length > 0 else { return nil }
        let unit = delta * (1 / length)
        let limit = pattern.moduleSize * 7
        guard let forward = edgeDistance(from: pattern.center, step: unit, limit: limit, in: image),
              let backward = edgeDistance(from: pattern.center, step: unit * -1, limit: limit, in: image)
        else { return nil }
        let total = forward + backward
        let expected = pattern.moduleSize * 7
        return total > expected * 0.5 && total < expected * 2 ? total : nil
    }

    /// Distance from the dark centre to where the outer dark ring ends:
    /// three colour changes (core → light ring → dark ring → outside).
    static func edgeDistance(from start: ImagePoint, step: ImagePoint, limit: Double, in image: BinaryImage) -> Double? {
        var wasDark = true
        var changes = 0
        var distance = 0.0
        while distance <= limit {
            let point = start + step * distance
            let dark = image.isDark(at: point)
            if dark != wasDark {
                changes += 1
                wasDark = dark
                if changes == 3 { return distance }
            }
            distance += 0.5
        }
        return nil
    }
}
