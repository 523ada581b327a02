/// Run-length checks for the concentric square patterns of a QR symbol.
///
/// Any straight line through the centre of a finder pattern crosses dark,
/// light, dark, light, dark runs in the ratio 1:1:3:1:1, whatever the
/// rotation, because the squares are concentric; the same holds for the
/// 1:1:1 core of an alignment pattern.
enum RunPattern {
    /// Whether five run lengths look like 1:1:3:1:1; `tolerance` is the
    /// allowed deviation of each 1-module run in modules (a little more for
    /// the core, but too little to take the 1:1:1:1:1 rings of an alignment
    /// pattern or a fat blob for a finder),
    /// plus half a pixel because small modules quantise to whole pixels.
    static func isFinder(_ counts: [Int], tolerance: Double = 0.7) -> Bool {
        var total = 0
        for count in counts {
            if count == 0 { return false }
            total += count
        }
        guard total >= 7 else { return false }
        let module = Double(total) / 7
        let allowed = module * tolerance + 0.5
        return abs(Double(counts[0]) - module) < allowed
            && abs(Double(counts[1]) - module) < allowed
            && abs(Double(counts[2]) - 3 * module) < module * (tolerance + 0.3) + 0.5
            && abs(Double(counts[3]) - module) < allowed
            && abs(Double(counts[4]) - module) < allowed
    }

    /// The five runs crossed by a line through a dark pixel, and where the
    /// middle run is centred.
    struct Crossing {
        var counts: [Int]
        /// Centre of the middle run, in image coordinates.
        var center: ImagePoint
        var total: Int { counts.reduce(0, +) }
    }

    /// Walks from dark pixel `(x, y)` both ways along `(dx, dy)`, collecting
    /// the light and dark runs of a finder pattern; nil when a run is longer
    /// than `maxRun` or the light ring is not closed inside the image.
    static func crossFinder(
        in image: BinaryImage, x: Int, y: Int, dx: Int, dy: Int, maxRun: Int
    ) -> Crossing? {
        guard image.isDark(x, y) else { return nil }
        guard let back = walk(image, x: x, y: y, dx: -dx, dy: -dy, maxRun: maxRun),
              let forward = walk(image, x: x + dx, y: y + dy, dx: dx, dy: dy, maxRun: maxRun)
        else { return nil }
        let coreBack = back[0]
        let coreForward = forward[0]
        let counts = [back[2], back[1], coreBack + coreForward, forward[1], forward[2]]
        let offset = Double(coreForward - coreBack + 1) / 2
        let center = ImagePoint(x: Double(x) + 0.5 + offset * Double(dx), y: Double(y) + 0.5 + offset * Double(dy))
        return Crossing(counts: counts, center: center)
    }

    /// Walks from dark pixel `(x, y)` both ways along `(dx, dy)` through the
    /// dark core, light ring and dark ring of an alignment pattern.
    static func crossAlignment(
        in image: BinaryImage, x: Int, y: Int, dx: Int, dy: Int, maxRun: Int
    ) -> Crossing? {
        guard image.isDark(x, y) else { return nil }
        guard let back = walk(image, x: x, y: y, dx: -dx, dy: -dy, maxRun: maxRun),
              let forward = walk(image, x: x + dx, y: y + dy, dx: dx, dy: dy, maxRun: maxRun)
        else { return nil }
        let counts = [back[1], back[0] + forward[0], forward[1]]
        let offset = Double(forward[0] - back[0] + 1) / 2
        let center = ImagePoint(x: Double(x) + 0.5 + offset * Double(dx), y: Double(y) + 0.5 + offset * Double(dy))
        return Crossing(counts: counts, center: center)
    }

    /// Run lengths met walking outwards: the dark core (possibly empty when
    /// starting just past it), the light ring and the dark ring around it.
    private static func walk(_ image: BinaryImage, x: Int, y: Int, dx: Int, dy: Int, maxRun: Int) -> [Int]? {
        var runs = [0, 0, 0]
        var px = x
        var py = y
        for index in runs.indices {
            let wantDark = index != 1
            while image.isDark(px, py) == wantDark {
                let inside = px >= 0 && py >= 0 && px < image.width && py < image.height
                if !inside { break }
                runs[index] += 1
                // An over-long outer ring is left to the caller's ratio test:
                // behind an alignment pattern it often runs into dark data.
                if runs[index] > maxRun {
                    if index == 2 { break }
                    return nil
                }
                px += dx
                py += dy
            }
            let inside = px >= 0 && py >= 0 && px < image.width && py < image.height
            // The light ring must be closed by dark inside the image; the
            // dark ring may end at the border.
            if !inside && index == 1 { return nil }
            if index > 0 && runs[index] == 0 { return nil }
        }
        return runs
    }
}
