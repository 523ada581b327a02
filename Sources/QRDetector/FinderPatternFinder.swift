/// Finds finder patterns by scanning rows for 1:1:3:1:1 runs and
/// confirming each hit along the vertical, the horizontal again and a
/// diagonal through the estimated centre.
enum FinderPatternFinder {
    /// Upper bound on distinct patterns kept, so cluttered or noisy images
    /// cannot make the triple search quadratic in garbage.
    static let maximumPatterns = 40

    /// Confirmed patterns, most often sighted first. Large images scan
    /// every few rows; a finder's 3-module core still spans several of them.
    static func find(in image: BinaryImage) -> [FinderPattern] {
        var patterns: [FinderPattern] = []
        let rowStep = max(1, min(image.width, image.height) / 600)
        var y = 0
        while y < image.height {
            scanRow(y, in: image, into: &patterns)
            y += rowStep
        }
        let confirmed = patterns.filter { $0.count >= 2 || rowStep > 1 }
        let ranked = confirmed.sorted { lhs, rhs in
            if lhs.count != rhs.count { return lhs.count > rhs.count }
            if lhs.center.y != rhs.center.y { return lhs.center.y < rhs.center.y }
            return lhs.center.x < rhs.center.x
        }
        return Array(ranked.prefix(maximumPatterns))
    }

    private static func scanRow(_ y: Int, in image: BinaryImage, into patterns: inout [FinderPattern]) {
        var counts = [0, 0, 0, 0, 0]
        var state = 0
        let base = y * image.width
        for x in 0...image.width {
            let dark = x < image.width && image.storage[base + x] != 0
            if dark {
                if state % 2 == 1 { state += 1 }
                counts[state] += 1
            } else if state % 2 == 1 {
                counts[state] += 1
            } else if state < 4 {
                if counts[state] > 0 {
                    state += 1
                    counts[state] = 1
                }
            } else {
                if RunPattern.isFinder(counts), confirm(counts: counts, endX: x, y: y, in: image, into: &patterns) {
                    counts = [0, 0, 0, 0, 0]
                    state = 0
                } else {
                    counts = [counts[2], counts[3], counts[4], 1, 0]
                    state = 3
                }
            }
        }
    }

    /// Cross-checks a row hit ending just before `endX`; records it and
    /// returns true when it holds up.
    private static func confirm(
        counts: [Int], endX: Int, y: Int, in image: BinaryImage, into patterns: inout [FinderPattern]
    ) -> Bool {
        let rowTotal = counts.reduce(0, +)
        let maxRun = 2 * rowTotal
        let centerX = Double(endX - counts[4] - counts[3]) - Double(counts[2]) / 2
        guard let vertical = RunPattern.crossFinder(
            in: image, x: Int(centerX), y: y, dx: 0, dy: 1, maxRun: maxRun),
            RunPattern.isFinder(vertical.counts),
            // Perspective can squeeze a pattern in one direction only.
            2 * vertical.total > rowTotal, vertical.total < 2 * rowTotal
        else { return false }
        let row = Int(vertical.center.y)
        guard let horizontal = RunPattern.crossFinder(
            in: image, x: Int(centerX), y: row, dx: 1, dy: 0, maxRun: maxRun),
            RunPattern.isFinder(horizontal.counts)
        else { return false }
        let center = ImagePoint(x: horizontal.center.x, y: vertical.center.y)
        let cx = Int(center.x)
        let cy = Int(center.y)
        let diagonalRun = max(rowTotal, vertical.total)
        let diagonalOK = [(1, 1), (1, -1)].contains { step in
            guard let diagonal = RunPattern.crossFinder(
                in: image, x: cx, y: cy, dx: step.0, dy: step.1, maxRun: diagonalRun) else { return false }
            return RunPattern.isFinder(diagonal.counts, tolerance: 0.9)
        }
        guard diagonalOK else { return false }
        let moduleSize = Double(horizontal.total + vertical.total) / 14
        if let index = patterns.firstIndex(where: { $0.isSame(center: center, moduleSize: moduleSize) }) {
            patterns[index].merge(center: center, moduleSize: moduleSize)
        } else {
            patterns.append(FinderPattern(center: center, moduleSize: moduleSize, count: 1))
        }
        return true
    }
}
