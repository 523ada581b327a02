/// A first perspective guess from three finders alone: where the missing
/// fourth "finder" (module centre (size − 3.5, size − 3.5)) lies, and how
/// many modules the symbol spans once foreshortening is taken out.
struct PerspectiveEstimate {
    /// Image position of the virtual bottom-right finder centre.
    let fourthCenter: ImagePoint
    /// Modules per side, as a real number.
    let dimension: Double

    /// Intersects the bottom-left finder's row axis with the top-right
    /// finder's column axis; nil when an outline is missing, the axes are
    /// nearly parallel, or the result is far from the parallelogram guess.
    init?(_ triple: FinderTriple, in image: BinaryImage) {
        guard let topLeft = FinderOutline(of: triple.topLeft, in: image),
              let topRight = FinderOutline(of: triple.topRight, in: image),
              let bottomLeft = FinderOutline(of: triple.bottomLeft, in: image)
        else { return nil }
        let across = triple.topRight.center - triple.topLeft.center
        let down = triple.bottomLeft.center - triple.topLeft.center
        let rowAxis = bottomLeft.direction(along: across)
        let columnAxis = topRight.direction(along: down)
        let denominator = rowAxis.cross(columnAxis)
        guard abs(denominator) > 1e-6 * rowAxis.distance(to: ImagePoint(x: 0, y: 0)) * columnAxis.distance(to: ImagePoint(x: 0, y: 0))
        else { return nil }
        let t = (triple.topRight.center - triple.bottomLeft.center).cross(columnAxis) / denominator
        let fourth = triple.bottomLeft.center + rowAxis * t
        let parallelogram = triple.topRight.center + triple.bottomLeft.center - triple.topLeft.center
        let diagonal = triple.topRight.center.distance(to: triple.bottomLeft.center)
        guard t > 0, fourth.distance(to: parallelogram) < diagonal * 0.6 else { return nil }
        let unit = [ImagePoint(x: 0, y: 0), ImagePoint(x: 1, y: 0), ImagePoint(x: 1, y: 1), ImagePoint(x: 0, y: 1)]
        guard let toUnit = PerspectiveTransform(
            from: [triple.topLeft.center, triple.topRight.center, fourth, triple.bottomLeft.center], to: unit)
        else { return nil }
        // Each finder is 7 modules wide in both directions; in the unit
        // square spanned by the finder centres that is 7 / (size − 7).
        var spans: [Double] = []
        for outline in [topLeft, topRight, bottomLeft] {
            let mapped = outline.corners.map(toUnit.apply)
            let xs = mapped.map(\.x)
            let ys = mapped.map(\.y)
            // Safe: an outline always has four corners.
            spans.append(xs.max()! - xs.min()!)
            spans.append(ys.max()! - ys.min()!)
        }
        let meanSpan = spans.reduce(0, +) / Double(spans.count)
        guard meanSpan.isFinite, meanSpan > 7.0 / 200, meanSpan < 7.0 / 10 else { return nil }
        fourthCenter = fourth
        dimension = 7 / meanSpan + 7
    }
}
