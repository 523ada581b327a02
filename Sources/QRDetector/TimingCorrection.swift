/// A mapping whose columns and rows are moved to where the timing patterns
/// show them: for paper curved about one of the symbol's axes, as a label
/// on a bottle is, every column is squeezed alike from top to bottom, so
/// where row 6 shows a column is where that column lies all the way down
/// (and likewise for rows along column 6).
///
/// Module coordinate u maps through the base at u + Δu(u), where Δu is how
/// far the base's idea of each timing module's centre is from the run
/// measured there, interpolated between modules.
struct TimingCorrection<Base: ModuleMapping>: ModuleMapping {
    let base: Base
    /// Δu at module centres 0.5, 1.5, …; and Δv likewise.
    let columnShifts: [Double]
    let rowShifts: [Double]

    /// Follows both timing patterns through `base`; the measured `finders`
    /// centres (top-left, top-right, bottom-left) give the shifts of the
    /// outer columns and rows, beyond the patterns' ends. nil when either
    /// timing pattern gave too few runs to follow it.
    init?(base: Base, size: Int, finders: [ImagePoint], in image: BinaryImage) {
        guard finders.count == 3 else { return nil }
        let near = 3.5
        let far = Double(size) - 3.5
        // Where `base` has each finder centre, in module coordinates.
        let located = zip([ImagePoint(x: near, y: near), ImagePoint(x: far, y: near), ImagePoint(x: near, y: far)], finders)
            .map { Self.moduleCoordinate(of: $1, near: $0, through: base) }
        guard let topLeft = located[0], let topRight = located[1], let bottomLeft = located[2] else { return nil }
        let columnEnds = ((topLeft.x + bottomLeft.x) / 2 - near, topRight.x - far)
        let rowEnds = ((topLeft.y + topRight.y) / 2 - near, bottomLeft.y - far)
        let columnRuns = TimingPattern.runs(size: size, horizontal: true, through: base, in: image)
        let rowRuns = TimingPattern.runs(size: size, horizontal: false, through: base, in: image)
        guard let columns = Self.shifts(columnRuns, ends: columnEnds, size: size),
              let rows = Self.shifts(rowRuns, ends: rowEnds, size: size)
        else { return nil }
        self.base = base
        columnShifts = columns
        rowShifts = rows
    }

    func apply(_ point: ImagePoint) -> ImagePoint {
        base.apply(ImagePoint(x: point.x + Self.shift(at: point.x, in: columnShifts),
                              y: point.y + Self.shift(at: point.y, in: rowShifts)))
    }

    /// Shifts at every module centre from the measured runs and the
    /// shifts at the finder centres (`ends`, at modules 3 and size − 4):
    /// interpolated between them and held beyond. nil with runs for under
    /// half the timing modules.
    private static func shifts(_ runs: [TimingPattern.Run], ends: (Double, Double), size: Int) -> [Double]? {
        guard runs.count * 2 >= size - 14 else { return nil }
        var known = [Double?](repeating: nil, count: size)
        known[3] = ends.0
        known[size - 4] = ends.1
        for run in runs { known[run.index] = run.center - (Double(run.index) + 0.5) }
        let measured = known.indices.filter { known[$0] != nil }
        // Safe: `runs` is not empty, so neither is `measured`.
        let firstIndex = measured.first!
        let lastIndex = measured.last!
        var result = [Double](repeating: 0, count: size)
        var previous = firstIndex
        for index in 0..<size {
            if index <= firstIndex {
                result[index] = known[firstIndex] ?? 0
            } else if index >= lastIndex {
                result[index] = known[lastIndex] ?? 0
            } else if let value = known[index] {
                result[index] = value
                previous = index
            } else {
                let next = measured.first { $0 > index } ?? lastIndex
                let fraction = Double(index - previous) / Double(next - previous)
                result[index] = (known[previous] ?? 0) * (1 - fraction) + (known[next] ?? 0) * fraction
            }
        }
        return result
    }

    /// The module coordinate `base` maps to `target`, by Newton's method
    /// from `guess`; nil when it does not settle within a tenth of a module.
    private static func moduleCoordinate(of target: ImagePoint, near guess: ImagePoint, through base: Base) -> ImagePoint? {
        var point = guess
        for _ in 0..<6 {
            let here = base.apply(point)
            let du = (base.apply(point + ImagePoint(x: 0.5, y: 0)) - base.apply(point - ImagePoint(x: 0.5, y: 0)))
            let dv = (base.apply(point + ImagePoint(x: 0, y: 0.5)) - base.apply(point - ImagePoint(x: 0, y: 0.5)))
            let determinant = du.cross(dv)
            guard abs(determinant) > 1e-9, determinant.isFinite else { return nil }
            let error = target - here
            let step = ImagePoint(x: error.cross(dv) / determinant, y: du.cross(error) / determinant)
            point = point + step
            if step.distance(to: ImagePoint(x: 0, y: 0)) < 0.01 { break }
        }
        return base.apply(point).distance(to: target) < 0.1 * base.apply(point).distance(to: base.apply(point + ImagePoint(x: 1, y: 0)))
            ? point : nil
    }

    /// The shift at module coordinate `coordinate`, interpolated between
    /// module centres.
    @inline(__always)
    private static func shift(at coordinate: Double, in shifts: [Double]) -> Double {
        let position = coordinate - 0.5
        guard position.isFinite else { return 0 }
        let index = Int(position.rounded(.down))
        if index < 0 { return shifts[0] }
        if index >= shifts.count - 1 { return shifts[shifts.count - 1] }
        let fraction = position - Double(index)
        return shifts[index] * (1 - fraction) + shifts[index + 1] * fraction
    }
}
