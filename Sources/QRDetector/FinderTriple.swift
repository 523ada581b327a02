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
}
