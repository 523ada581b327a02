/// Where the function patterns sit in a symbol, derived from ISO/IEC 18004 Annex E and section 6.3.
enum SymbolGeometry {
    /// Centre coordinates of the alignment patterns (Annex E, Table E.1), used for both rows and columns.
    ///
    /// The spacing rule reproduces the table: patterns are evenly spaced from the last
    /// one at `size - 7` back towards 6, with an even step, except version 32, whose
    /// step the standard sets to 26.
    static func alignmentPatternCentres(_ version: QRVersion) -> [Int] {
        let number = version.rawValue
        guard number > 1 else { return [] }
        let count = number / 7 + 2
        let step = number == 32 ? 26 : (number * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centres = [6]
        let last = version.size - 7
        for index in stride(from: count - 2, through: 0, by: -1) {
            centres.append(last - index * step)
        }
        return centres
    }

    /// Modules left for data and error correction codewords (including remainder bits).
    static func rawDataModuleCount(_ version: QRVersion) -> Int {
        let number = version.rawValue
        var modules = (16 * number + 128) * number + 64
        if number >= 2 {
            let count = number / 7 + 2
            modules -= (25 * count - 10) * count - 55
            if number >= 7 { modules -= 36 }
        }
        return modules
    }

    /// A matrix marking every function module (patterns, format and version areas, dark module).
    static func functionModules(_ version: QRVersion) -> BitMatrix {
        let size = version.size
        var map = BitMatrix(size: size)
        func fill(_ left: Int, _ top: Int, _ width: Int, _ height: Int) {
            for y in top..<(top + height) {
                for x in left..<(left + width) { map[x, y] = true }
            }
        }
        // Finders with separators and the format areas next to them.
        fill(0, 0, 9, 9)
        fill(size - 8, 0, 8, 9)
        fill(0, size - 8, 9, 8)
        // Timing patterns.
        fill(6, 0, 1, size)
        fill(0, 6, size, 1)
        forEachAlignmentCentre(version) { cx, cy in fill(cx - 2, cy - 2, 5, 5) }
        if version.rawValue >= 7 {
            fill(size - 11, 0, 3, 6)
            fill(0, size - 11, 6, 3)
        }
        return map
    }

    /// Calls `body(x, y)` with every alignment pattern centre, leaving out
    /// the three that would overlap finders.
    static func forEachAlignmentCentre(_ version: QRVersion, _ body: (Int, Int) -> Void) {
        let centres = alignmentPatternCentres(version)
        let last = centres.count - 1
        for (i, cy) in centres.enumerated() {
            for (j, cx) in centres.enumerated() {
                let nearFinder = (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)
                if !nearFinder { body(cx, cy) }
            }
        }
    }
}
