/// Reads the two timing patterns (ISO/IEC 18004, 6.3.5): row 6 and column
/// 6 between the finders alternate dark and light module by module, so
/// each run crossed along them tells where one module's centre lies along
/// the pattern. Tens of such measurements pin the foreshortening of a large
/// symbol far better than its corners alone, and show how curved paper
/// squeezes its columns and rows.
enum TimingPattern {
    /// One run crossed along a timing pattern.
    struct Run {
        /// The module it is (its column on row 6, or its row on column 6).
        var index: Int
        /// Where its centre lies along the pattern, in the module
        /// coordinates of the mapping it was traced through.
        var center: Double
        /// Where the pattern's centre line lies across it there, likewise
        /// (6.5 where the mapping is right).
        var across: Double
    }

    /// Modules followed at a time.
    static let window = 5
    /// How far the pattern may drift across from where the mapping puts it
    /// within one window, in modules.
    static let drift = 0.75

    /// The runs of row 6 (`horizontal`) or column 6 of a `size`-module
    /// symbol whose modules `mapping` roughly places. The pattern is
    /// followed window by window outwards from the top-left finder: in each
    /// window the shift along and across that best reproduces the
    /// alternation is found near the previous window's, so the numbering of
    /// modules holds however far the mapping drifts along the pattern, and
    /// the trace stays on the pattern where the mapping bends away from it.
    static func runs(size: Int, horizontal: Bool, through mapping: some ModuleMapping, in image: BinaryImage) -> [Run] {
        guard size >= 21 else { return [] }
        func isDark(_ along: Double, _ across: Double) -> Bool {
            image.isDark(at: mapping.apply(horizontal ? ImagePoint(x: along, y: across) : ImagePoint(x: across, y: along)))
        }
        var shift = 0.0
        var across = 6.5
        var result: [Run] = []
        // Windows since the pattern was last seen: the search widens across
        // while it is lost.
        var lost = 0
        for start in stride(from: 7, through: size - 8, by: window) {
            let modules = start..<min(start + window, size - 7)
            // Scores of every shift pair; the centre of the best plateau wins.
            var best = -1
            var sum = (along: 0.0, across: 0.0, count: 0.0)
            let reach = 3 * (1 + min(lost, 2))
            for i in -3...3 {
                for j in -reach...reach {
                    let trialShift = shift + Double(i) * 0.125
                    let trialAcross = across + Double(j) * drift / 3
                    var score = 0
                    for module in modules {
                        for sub in [-0.25, 0, 0.25] {
                            if isDark(Double(module) + 0.5 + trialShift + sub, trialAcross) == (module % 2 == 0) { score += 1 }
                        }
                    }
                    if score > best {
                        best = score
                        sum = (trialShift, trialAcross, 1)
                    } else if score == best {
                        sum = (sum.along + trialShift, sum.across + trialAcross, sum.count + 1)
                    }
                }
            }
            // A window that does not alternate is damaged or off the
            // pattern: keep the previous shifts and measure nothing there.
            guard best * 10 >= modules.count * 3 * 9 else {
                lost += 1
                continue
            }
            lost = 0
            shift = sum.along / sum.count
            across = sum.across / sum.count
            for module in modules {
                if let center = runCenter(near: Double(module) + 0.5 + shift, dark: module % 2 == 0, isDark: { isDark($0, across) }) {
                    result.append(Run(index: module, center: center, across: across))
                }
            }
        }
        return result
    }

    /// The centre of the run of colour `dark` around `along`, or nil when
    /// `along` is not in such a run or the run is not about one module long.
    private static func runCenter(near along: Double, dark: Bool, isDark: (Double) -> Bool) -> Double? {
        let step = 1.0 / 16
        guard isDark(along) == dark else { return nil }
        var low = along
        while along - low < 1.5 && isDark(low - step) == dark { low -= step }
        var high = along
        while high - along < 1.5 && isDark(high + step) == dark { high += step }
        let length = high - low + step
        guard length >= 0.5, length <= 1.5 else { return nil }
        return (low + high) / 2
    }

    /// Both patterns' runs as measurements: where each module's centre lies
    /// along its pattern.
    static func measure(size: Int, through mapping: some ModuleMapping, in image: BinaryImage) -> [Correspondence] {
        var result: [Correspondence] = []
        for horizontal in [true, false] {
            func point(_ along: Double, _ across: Double) -> ImagePoint {
                horizontal ? ImagePoint(x: along, y: across) : ImagePoint(x: across, y: along)
            }
            for run in runs(size: size, horizontal: horizontal, through: mapping, in: image) {
                let direction = mapping.apply(point(run.center + 0.5, run.across))
                    - mapping.apply(point(run.center - 0.5, run.across))
                let length = direction.distance(to: ImagePoint(x: 0, y: 0))
                guard length > 0, length.isFinite else { continue }
                result.append(Correspondence(module: point(Double(run.index) + 0.5, 6.5),
                                             image: mapping.apply(point(run.center, run.across)),
                                             along: direction * (1 / length)))
            }
        }
        return result
    }
}
