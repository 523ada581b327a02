/// A mapping from the module coordinates of a symbol of one version to
/// image pixels, pinned by four point pairs, with how well it fits.
struct SymbolFit {
    let version: Int
    /// Module-coordinate anchors: three finder centres and a fourth point.
    let source: [ImagePoint]
    /// Where those anchors lie in the image.
    var destination: [ImagePoint]
    var transform: PerspectiveTransform
    /// Whether the fourth anchor is a detected alignment pattern.
    let anchored: Bool
    /// Mismatched sub-samples over the fixed modules; lower is better.
    var score: Int
    /// Mismatched fixed modules by majority vote, as a fraction.
    var mismatch: Double
    /// Fixed modules in the layout, to compare scores across versions.
    let layoutCount: Int

    /// Disagreeing sub-samples as a fraction: comparable across versions.
    var disagreement: Double { Double(score) / Double(9 * max(1, layoutCount)) }

    var size: Int { 17 + 4 * version }

    /// Builds and scores a fit; nil when the anchors are degenerate.
    init?(version: Int, source: [ImagePoint], destination: [ImagePoint], anchored: Bool,
          layout: [SymbolLayout.Module], in image: BinaryImage) {
        guard let transform = PerspectiveTransform(from: source, to: destination) else { return nil }
        self.version = version
        self.source = source
        self.destination = destination
        self.transform = transform
        self.anchored = anchored
        layoutCount = layout.count
        (score, mismatch) = GridSampler.fitScore(of: layout, through: transform, in: image)
    }

    /// The outer corners of the symbol in image pixels.
    var corners: Quadrilateral {
        let edge = Double(size)
        return Quadrilateral(
            topLeft: transform.apply(ImagePoint(x: 0, y: 0)), topRight: transform.apply(ImagePoint(x: edge, y: 0)),
            bottomRight: transform.apply(ImagePoint(x: edge, y: edge)), bottomLeft: transform.apply(ImagePoint(x: 0, y: edge)))
    }

    /// Nudges the image anchors to reduce the score, halving the step
    /// whenever no single nudge helps (coordinate descent, as a photo's
    /// lens and paper curvature rarely leave the centres exact).
    mutating func refine(layout: [SymbolLayout.Module], in image: BinaryImage) {
        let moduleSize = destination[0].distance(to: destination[1]) / max(1, source[1].x - source[0].x)
        var step = max(0.25, moduleSize * 0.5)
        let minimumStep = max(0.1, moduleSize * 0.06)
        var rounds = 0
        while step >= minimumStep && score > 0 && rounds < 16 {
            rounds += 1
            var improved = false
            for index in 0..<4 {
                for (dx, dy) in [(step, 0.0), (-step, 0.0), (0.0, step), (0.0, -step)] {
                    var trial = destination
                    trial[index] = trial[index] + ImagePoint(x: dx, y: dy)
                    guard let transform = PerspectiveTransform(from: source, to: trial) else { continue }
                    let (score, mismatch) = GridSampler.fitScore(of: layout, through: transform, in: image)
                    if score < self.score {
                        self.score = score
                        self.mismatch = mismatch
                        self.transform = transform
                        destination = trial
                        improved = true
                    }
                }
            }
            if !improved { step /= 2 }
        }
    }
}
