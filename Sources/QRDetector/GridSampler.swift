/// Reads module colours through a module-to-image transform and scores
/// how well the result shows the patterns every symbol must contain.
enum GridSampler {
    /// Sub-sample offsets within a module, in modules: a 3×3 majority vote
    /// rides out noise, JPEG ringing and a slightly misplaced grid.
    private static let offsets = [-0.22, 0, 0.22]

    /// Samples a `size × size` grid; module (row, column) has its centre at
    /// module coordinates (column + 0.5, row + 0.5).
    static func sample(size: Int, through transform: some ModuleMapping, in image: BinaryImage) -> ModuleGrid {
        var grid = ModuleGrid(size: size)
        for row in 0..<size {
            for column in 0..<size {
                grid[row, column] = isDark(row: row, column: column, through: transform, in: image)
            }
        }
        return grid
    }

    /// The majority colour of the sub-samples of one module.
    @inline(__always)
    static func isDark(row: Int, column: Int, through transform: some ModuleMapping, in image: BinaryImage) -> Bool {
        darkSubSamples(row: row, column: column, through: transform, in: image) >= 5
    }

    /// How many of the nine sub-samples of one module are dark.
    @inline(__always)
    static func darkSubSamples(row: Int, column: Int, through transform: some ModuleMapping, in image: BinaryImage) -> Int {
        var dark = 0
        for dy in offsets {
            for dx in offsets {
                let point = transform.apply(ImagePoint(x: Double(column) + 0.5 + dx, y: Double(row) + 0.5 + dy))
                if image.isDark(at: point) { dark += 1 }
            }
        }
        return dark
    }

    /// The fraction of fixed modules a finished grid gets wrong.
    static func mismatchOfGrid(_ grid: ModuleGrid) -> Double {
        let layout = SymbolLayout.knownModules(size: grid.size)
        guard !layout.isEmpty else { return 1 }
        let wrong = layout.filter { grid[$0.row, $0.column] != $0.dark }.count
        return Double(wrong) / Double(layout.count)
    }

    /// How badly a transform fits the fixed modules of `layout`: the number
    /// of disagreeing sub-samples (fine-grained, for refinement) and the
    /// fraction of modules whose majority is wrong (0 for a perfect read,
    /// about 0.5 for noise).
    static func fitScore(
        of layout: [SymbolLayout.Module], through transform: some ModuleMapping, in image: BinaryImage
    ) -> (score: Int, mismatch: Double) {
        guard !layout.isEmpty else { return (Int.max, 1) }
        var score = 0
        var wrong = 0
        for module in layout {
            let dark = darkSubSamples(row: module.row, column: module.column, through: transform, in: image)
            let disagreeing = module.dark ? 9 - dark : dark
            score += disagreeing
            if disagreeing >= 5 { wrong += 1 }
        }
        return (score, Double(wrong) / Double(layout.count))
    }
}
