/// Searches for the alignment pattern nearest the bottom-right corner, a
/// 5×5 ring with a dark centre module, near where the finders predict it.
enum AlignmentPatternFinder {
    /// Centres of alignment-pattern lookalikes near `predicted`, nearest
    /// first, at most `limit` of them. Data modules can mimic the pattern,
    /// so the caller scores each; the search widens only if nothing is near.
    static func find(near predicted: ImagePoint, moduleSize: Double, limit: Int, in image: BinaryImage) -> [ImagePoint] {
        guard predicted.x.isFinite, predicted.y.isFinite, moduleSize.isFinite, moduleSize > 0 else { return [] }
        for allowance in [5.0, 16.0] {
            let found = search(near: predicted, radius: allowance * moduleSize, moduleSize: moduleSize, in: image)
            if !found.isEmpty { return Array(found.prefix(limit)) }
        }
        return []
    }

    private static func search(near predicted: ImagePoint, radius: Double, moduleSize: Double, in image: BinaryImage) -> [ImagePoint] {
        let left = max(0, Int(max(-1, predicted.x - radius)))
        let right = min(image.width, Int(min(Double(image.width), predicted.x + radius)) + 1)
        let top = max(0, Int(max(-1, predicted.y - radius)))
        let bottom = min(image.height, Int(min(Double(image.height), predicted.y + radius)) + 1)
        guard left < right, top < bottom else { return [] }
        let minRun = max(1, Int(moduleSize * 0.4))
        let maxRun = max(2, Int((moduleSize * 2).rounded(.up)))
        var found: [(center: ImagePoint, distance: Double)] = []
        for y in top..<bottom {
            var runs: [(start: Int, length: Int, dark: Bool)] = []
            var x = left
            while x < right {
                let dark = image.isDark(x, y)
                let start = x
                while x < right && image.isDark(x, y) == dark { x += 1 }
                runs.append((start, x - start, dark))
            }
            guard runs.count >= 3 else { continue }
            for index in 1..<(runs.count - 1) where runs[index].dark {
                let lengths = [runs[index - 1].length, runs[index].length, runs[index + 1].length]
                guard lengths.allSatisfy({ $0 >= minRun && $0 <= maxRun }),
                      isOneOneOne(lengths, moduleSize: moduleSize) else { continue }
                let cx = runs[index].start + runs[index].length / 2
                guard let center = confirm(x: cx, y: y, moduleSize: moduleSize, maxRun: maxRun, in: image) else {
                    continue
                }
                let distance = center.distance(to: predicted)
                let duplicate = found.contains { $0.center.distance(to: center) < moduleSize * 1.5 }
                if distance <= radius && !duplicate { found.append((center, distance)) }
            }
        }
        return found.sorted { $0.distance < $1.distance }.map(\.center)
    }

    /// Cross-checks vertically, then horizontally through the refined row.
    private static func confirm(x: Int, y: Int, moduleSize: Double, maxRun: Int, in image: BinaryImage) -> ImagePoint? {
        guard let vertical = RunPattern.crossAlignment(in: image, x: x, y: y, dx: 0, dy: 1, maxRun: maxRun),
              isOneOneOne(vertical.counts, moduleSize: moduleSize),
              let horizontal = RunPattern.crossAlignment(
                  in: image, x: x, y: Int(vertical.center.y), dx: 1, dy: 0, maxRun: maxRun),
              isOneOneOne(horizontal.counts, moduleSize: moduleSize)
        else { return nil }
        return ImagePoint(x: horizontal.center.x, y: vertical.center.y)
    }

    /// Three runs of about one module each; rotation can stretch a run by
    /// up to √2, blur can shrink the dark core.
    private static func isOneOneOne(_ counts: [Int], moduleSize: Double) -> Bool {
        let total = Double(counts.reduce(0, +))
        guard total >= 3, total <= moduleSize * 3 * 1.6, total >= moduleSize * 3 * 0.6 else { return false }
        let unit = total / 3
        return counts.allSatisfy { abs(Double($0) - unit) < unit * 0.6 }
    }
}
