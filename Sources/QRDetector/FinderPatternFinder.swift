/// Finds finder patterns by scanning rows and columns for 1:1:3:1:1 runs
/// and confirming each hit across, along again and on a diagonal through
/// the estimated centre.
///
/// Rows and columns are scanned alike, so a picture turned by a quarter
/// turn yields the same patterns: blur or perspective that squeezes runs
/// in one direction cannot hide a pattern from one orientation only.
enum FinderPatternFinder {
    /// Upper bound on distinct patterns kept, so cluttered or noisy images
    /// cannot make the triple search quadratic in garbage.
    static let maximumPatterns = 40

    /// Confirmed patterns, most often sighted first. Large images scan
    /// every few lines; a finder's 3-module core still spans several of them.
    static func find(in image: BinaryImage) -> [FinderPattern] {
        var patterns: [FinderPattern] = []
        let lineStep = max(1, min(image.width, image.height) / 600)
        var y = 0
        while y < image.height {
            scanLine(y, horizontal: true, in: image, into: &patterns)
            y += lineStep
        }
        var x = 0
        while x < image.width {
            scanLine(x, horizontal: false, in: image, into: &patterns)
            x += lineStep
        }
        var confirmed = patterns.filter { $0.count >= 2 || lineStep > 1 }
        for index in confirmed.indices {
            let lines = 6 * confirmed[index].moduleSize / Double(lineStep)
            confirmed[index].support = min(1, Double(confirmed[index].count) / max(1, lines))
        }
        let ranked = confirmed.sorted { lhs, rhs in
            if lhs.count != rhs.count { return lhs.count > rhs.count }
            if lhs.center.y != rhs.center.y { return lhs.center.y < rhs.center.y }
            return lhs.center.x < rhs.center.x
        }
        return Array(ranked.prefix(maximumPatterns))
    }

    /// Scans row `index` (or column, when not `horizontal`) for runs in
    /// the ratio 1:1:3:1:1 and confirms each.
    private static func scanLine(_ index: Int, horizontal: Bool, in image: BinaryImage, into patterns: inout [FinderPattern]) {
        // The five runs in scalars: this loop visits every pixel, and an
        // array here would be allocated at every run boundary.
        var (c0, c1, c2, c3, c4) = (0, 0, 0, 0, 0)
        var state = 0
        let length = horizontal ? image.width : image.height
        let base = horizontal ? index * image.width : index
        let step = horizontal ? 1 : image.width
        let darkValue = image.darkValue
        image.storage.withUnsafeBufferPointer { storage in
            for position in 0...length {
                let dark = position < length && storage[base + position * step] == darkValue
                if dark {
                    if state % 2 == 1 { state += 1 }
                    switch state {
                    case 0: c0 += 1
                    case 2: c2 += 1
                    default: c4 += 1
                    }
                } else if state % 2 == 1 {
                    if state == 1 { c1 += 1 } else { c3 += 1 }
                } else if state < 4 {
                    if state == 0 && c0 > 0 {
                        state = 1
                        c1 = 1
                    } else if state == 2 && c2 > 0 {
                        state = 3
                        c3 = 1
                    }
                } else {
                    if RunPattern.isFinder([c0, c1, c2, c3, c4]),
                       confirm(counts: [c0, c1, c2, c3, c4], end: position, line: index, horizontal: horizontal,
                               in: image, into: &patterns) {
                        (c0, c1, c2, c3, c4) = (0, 0, 0, 0, 0)
                        state = 0
                    } else {
                        (c0, c1, c2, c3, c4) = (c2, c3, c4, 1, 0)
                        state = 3
                    }
                }
            }
        }
    }

    /// Cross-checks a hit on a line ending just before `end`; records it
    /// and returns true when it holds up.
    private static func confirm(
        counts: [Int], end: Int, line: Int, horizontal: Bool, in image: BinaryImage, into patterns: inout [FinderPattern]
    ) -> Bool {
        let lineTotal = counts.reduce(0, +)
        let maxRun = 2 * lineTotal
        let along = Double(end - counts[4] - counts[3]) - Double(counts[2]) / 2
        // Unit steps along the line and across it.
        let (ax, ay) = horizontal ? (1, 0) : (0, 1)
        let (cx, cy) = (ay, ax)
        let startX = horizontal ? Int(along) : line
        let startY = horizontal ? line : Int(along)
        guard let across = RunPattern.crossFinder(in: image, x: startX, y: startY, dx: cx, dy: cy, maxRun: maxRun),
              RunPattern.isFinder(across.counts),
              // Perspective can squeeze a pattern in one direction only.
              2 * across.total > lineTotal, across.total < 2 * lineTotal
        else { return false }
        // Back along the line, through the centre found across it.
        let alongX = horizontal ? startX : Int(across.center.x)
        let alongY = horizontal ? Int(across.center.y) : startY
        guard let again = RunPattern.crossFinder(in: image, x: alongX, y: alongY, dx: ax, dy: ay, maxRun: maxRun),
              RunPattern.isFinder(again.counts)
        else { return false }
        let center = horizontal ? ImagePoint(x: again.center.x, y: across.center.y)
            : ImagePoint(x: across.center.x, y: again.center.y)
        let px = Int(center.x)
        let py = Int(center.y)
        let diagonalRun = max(lineTotal, across.total)
        let diagonalOK = [(1, 1), (1, -1)].contains { step in
            guard let diagonal = RunPattern.crossFinder(
                in: image, x: px, y: py, dx: step.0, dy: step.1, maxRun: diagonalRun) else { return false }
            return RunPattern.isFinder(diagonal.counts, tolerance: 0.9)
        }
        guard diagonalOK else { return false }
        let moduleSize = Double(again.total + across.total) / 14
        if let index = patterns.firstIndex(where: { $0.isSame(center: center, moduleSize: moduleSize) }) {
            patterns[index].merge(center: center, moduleSize: moduleSize)
        } else {
            patterns.append(FinderPattern(center: center, moduleSize: moduleSize, count: 1))
        }
        return true
    }
}
