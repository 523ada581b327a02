/// Three finder patterns assigned to the top-left, top-right and
/// bottom-left corners of one symbol.
///
/// The top-left pattern is the one at the right angle. The other two are
/// assigned so that, seen from top-left, top-right comes before bottom-left
/// clockwise on screen; a mirrored symbol therefore samples as the
/// transpose of its true grid, which the decoder undoes.
struct FinderTriple: Sendable {
    let topLeft: FinderPattern
    let topRight: FinderPattern
    let bottomLeft: FinderPattern

    /// Orders three patterns, or returns nil when they cannot be the
    /// corners of one symbol (far from a right isosceles triangle, module
    /// sizes too different, or a size outside versions 1–40).
    init?(_ a: FinderPattern, _ b: FinderPattern, _ c: FinderPattern) {
        let ab = a.center.distance(to: b.center)
        let bc = b.center.distance(to: c.center)
        let ca = c.center.distance(to: a.center)
        var corner = a
        var first = b
        var second = c
        if bc >= ab && bc >= ca {
            (corner, first, second) = (a, b, c)
        } else if ca >= ab && ca >= bc {
            (corner, first, second) = (b, c, a)
        } else {
            (corner, first, second) = (c, a, b)
        }
        if (first.center - corner.center).cross(second.center - corner.center) < 0 {
            swap(&first, &second)
        }
        topLeft = corner
        topRight = first
        bottomLeft = second
        guard geometryError != nil else { return nil }
    }

    /// How far the triple is from an ideal symbol corner layout (0 is
    /// perfect), or nil when it is implausible.
    var geometryError: Double? {
        let top = topLeft.center.distance(to: topRight.center)
        let left = topLeft.center.distance(to: bottomLeft.center)
        let diagonal = topRight.center.distance(to: bottomLeft.center)
        guard top > 0, left > 0 else { return nil }
        let legRatio = max(top, left) / min(top, left)
        let pythagoras = abs(diagonal * diagonal / (top * top + left * left) - 1)
        let sizes = [topLeft.moduleSize, topRight.moduleSize, bottomLeft.moduleSize]
        // Safe: the array literal above is not empty.
        let sizeRatio = sizes.max()! / sizes.min()!
        let meanSize = sizes.reduce(0, +) / 3
        let modulesAcross = (top + left) / 2 / meanSize
        guard legRatio < 2.2, pythagoras < 0.5, sizeRatio < 3, modulesAcross > 9, modulesAcross < 200 else {
            return nil
        }
        return (legRatio - 1) + pythagoras + (sizeRatio - 1) / 2
    }

    var patterns: [FinderPattern] { [topLeft, topRight, bottomLeft] }
}

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
        let exact = (dimension - 17) / 4
        let candidates = (max(1, Int(exact) - 2)...min(40, max(1, Int(exact) + 3)))
        let ranked = candidates.sorted { abs(Double($0) - exact) < abs(Double($1) - exact) }
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
    private static func width(of pattern: FinderPattern, toward target: Point, in image: BinaryImage) -> Double? {
        let delta = target - pattern.center
        let length = delta.distance(to: Point(x: 0, y: 0))
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
    static func edgeDistance(from start: Point, step: Point, limit: Double, in image: BinaryImage) -> Double? {
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
