/// Every alignment pattern of a symbol, found one after another outwards
/// from the top-left finder (ISO/IEC 18004, 6.3.6: from version 7 on a
/// lattice of them covers the symbol).
///
/// Each pattern is looked for in module space, near where a starting
/// transform puts it after correcting by how far the nearest patterns
/// already found (and the finders) were from where it put them; so the
/// search follows a symbol that bends away from the starting transform,
/// as curved paper and lenses make it.
struct AlignmentLattice {
    /// Module coordinates of the pattern centres along each axis (module
    /// index + 0.5), ascending.
    let lines: [Double]
    /// Where each node was found in the image, row-major; nil where a
    /// finder covers the node or no pattern was found.
    private(set) var found: [ImagePoint?]

    /// How far from the prediction a pattern is looked for, in modules:
    /// first, and again (wider) for those missed the first time.
    static let searchRadius = 2.5
    static let retryRadius = 5.0
    /// Of the 25 modules of a pattern, how many must read right at the
    /// coarse step.
    static let coarseMinimum = 21
    /// Of the 225 sub-samples, how many must read right at the fine step.
    static let fineMinimum = 185
    /// When this many patterns nearest the finders are all missed, the
    /// starting transform is taken to be wrong (another version, or no
    /// symbol) and the search stops.
    static let missesBeforeGivingUp = 3

    /// Searches the lattice of `version` (2 or more) around where `start`
    /// puts it; `finders` are the measured finder centres, which anchor the
    /// first predictions.
    init(version: Int, start: PerspectiveTransform, finders: [Correspondence], in image: BinaryImage) {
        let centers = SymbolLayout.alignmentCenters(version: version)
        lines = centers.map { Double($0) + 0.5 }
        let count = lines.count
        found = [ImagePoint?](repeating: nil, count: count * count)
        guard count >= 2 else { return }
        let last = count - 1
        var anchors = finders.map { (module: $0.module, offset: $0.image - start.apply($0.module)) }
        // Nearest the top-left finder first, so each prediction leans on
        // patterns already found between it and the finders.
        var order: [(row: Int, column: Int)] = []
        for sum in 0...(2 * last) {
            for row in 0...last where sum - row >= 0 && sum - row <= last {
                let column = sum - row
                let isFinder = (row == 0 && column == 0) || (row == 0 && column == last) || (row == last && column == 0)
                if !isFinder { order.append((row, column)) }
            }
        }
        var misses = 0
        var missed: [(row: Int, column: Int)] = []
        for node in order {
            if search(node, radius: Self.searchRadius, start: start, anchors: &anchors, in: image) {
                misses = 0
            } else {
                missed.append(node)
                misses += 1
                if misses >= Self.missesBeforeGivingUp && anchors.count == finders.count { return }
            }
        }
        // A pattern missed early may be found once the patterns around it
        // are known: they predict its place better than the finders did.
        for node in missed where anchors.count > finders.count {
            _ = search(node, radius: Self.retryRadius, start: start, anchors: &anchors, in: image)
        }
    }

    /// Looks for the pattern at `node`; records it and returns true when found.
    private mutating func search(
        _ node: (row: Int, column: Int), radius: Double, start: PerspectiveTransform,
        anchors: inout [(module: ImagePoint, offset: ImagePoint)], in image: BinaryImage
    ) -> Bool {
        let module = ImagePoint(x: lines[node.column], y: lines[node.row])
        let offset = Self.predictedOffset(at: module, anchors: anchors)
        guard let position = Self.locate(at: module, radius: radius, through: start, offset: offset, in: image) else {
            return false
        }
        found[node.row * lines.count + node.column] = position
        anchors.append((module, position - start.apply(module)))
        return true
    }

    /// The found patterns as measurements.
    var correspondences: [Correspondence] {
        found.indices.compactMap { index in
            found[index].map { image in
                Correspondence(module: ImagePoint(x: lines[index % lines.count], y: lines[index / lines.count]),
                               image: image, along: nil)
            }
        }
    }

    /// The offset the nearest anchors predict at `module`: a plane fitted
    /// to the four nearest (weighted by inverse squared distance), which
    /// carries on a bend as the search moves outwards; the weighted mean of
    /// the nearest when they lie on a line or are fewer.
    static func predictedOffset(at module: ImagePoint, anchors: [(module: ImagePoint, offset: ImagePoint)]) -> ImagePoint {
        let nearest = anchors.map { (point: $0.module - module, offset: $0.offset) }
            .sorted { $0.point.distance(to: ImagePoint(x: 0, y: 0)) < $1.point.distance(to: ImagePoint(x: 0, y: 0)) }
            .prefix(4)
        // Weighted least squares for offset = a + b·du + c·dv, in
        // coordinates centred on `module`, so `a` is the prediction.
        var (sw, su, sv, suu, suv, svv) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        var (sx, sux, svx, sy, suy, svy) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for anchor in nearest {
            let (u, v) = (anchor.point.x, anchor.point.y)
            let w = 1 / (u * u + v * v + 1)
            sw += w; su += w * u; sv += w * v
            suu += w * u * u; suv += w * u * v; svv += w * v * v
            sx += w * anchor.offset.x; sux += w * u * anchor.offset.x; svx += w * v * anchor.offset.x
            sy += w * anchor.offset.y; suy += w * u * anchor.offset.y; svy += w * v * anchor.offset.y
        }
        guard sw > 0 else { return ImagePoint(x: 0, y: 0) }
        let mean = ImagePoint(x: sx / sw, y: sy / sw)
        guard nearest.count >= 3 else { return mean }
        // Cramer's rule on the 3×3 normal equations.
        let determinant = sw * (suu * svv - suv * suv) - su * (su * svv - suv * sv) + sv * (su * suv - suu * sv)
        let scale = sw * suu * svv
        guard scale > 0, abs(determinant) > 1e-6 * scale else { return mean }
        func intercept(_ s: Double, _ su1: Double, _ sv1: Double) -> Double {
            (s * (suu * svv - suv * suv) - su * (su1 * svv - suv * sv1) + sv * (su1 * suv - suu * sv1)) / determinant
        }
        return ImagePoint(x: intercept(sx, sux, svx), y: intercept(sy, suy, svy))
    }

    /// The image position of the pattern centred near module point
    /// `module`: a coarse template search over the window, then a fine one
    /// around the best spot; the centre of the best-scoring offsets at the
    /// fine step is the answer. nil when no offset reads as the pattern.
    static func locate(
        at module: ImagePoint, radius: Double, through start: PerspectiveTransform, offset: ImagePoint, in image: BinaryImage
    ) -> ImagePoint? {
        func position(_ du: Double, _ dv: Double) -> ImagePoint {
            start.apply(ImagePoint(x: module.x + du, y: module.y + dv)) + offset
        }
        var best = (score: -1, du: 0.0, dv: 0.0, distance: 0.0)
        let steps = Int(radius * 2)
        for i in -steps...steps {
            for j in -steps...steps {
                let du = Double(j) * 0.5
                let dv = Double(i) * 0.5
                let score = templateScore(at: module, du: du, dv: dv, subSamples: [0], through: start, offset: offset, in: image)
                let distance = du * du + dv * dv
                if score > best.score || (score == best.score && distance < best.distance) {
                    best = (score, du, dv, distance)
                }
            }
        }
        guard best.score >= coarseMinimum else { return nil }
        var top = -1
        var sum = (du: 0.0, dv: 0.0, count: 0.0)
        for i in -4...4 {
            for j in -4...4 {
                let du = best.du + Double(j) * 0.125
                let dv = best.dv + Double(i) * 0.125
                let score = templateScore(at: module, du: du, dv: dv, subSamples: [-0.25, 0, 0.25],
                                          through: start, offset: offset, in: image)
                if score > top {
                    top = score
                    sum = (du, dv, 1)
                } else if score == top {
                    sum = (sum.du + du, sum.dv + dv, sum.count + 1)
                }
            }
        }
        guard top >= fineMinimum else { return nil }
        return position(sum.du / sum.count, sum.dv / sum.count)
    }

    /// How many samples of the 5×5 pattern centred at `module` + (du, dv)
    /// read right: each module sampled at the given sub-sample offsets in
    /// both directions.
    private static func templateScore(
        at module: ImagePoint, du: Double, dv: Double, subSamples: [Double],
        through start: PerspectiveTransform, offset: ImagePoint, in image: BinaryImage
    ) -> Int {
        var score = 0
        for row in -2...2 {
            for column in -2...2 {
                let dark = max(abs(row), abs(column)) != 1
                for sy in subSamples {
                    for sx in subSamples {
                        let point = start.apply(ImagePoint(
                            x: module.x + du + Double(column) + sx, y: module.y + dv + Double(row) + sy)) + offset
                        if image.isDark(at: point) == dark { score += 1 }
                    }
                }
            }
        }
        return score
    }
}
