/// A symbol found in one or more binarised images, with every hypothesis
/// gathered for it.
struct LocatedSymbol {
    struct Entry {
        var hypothesis: SymbolLocator.Hypothesis
        var binarization: Binarization
        var inverted: Bool
    }

    /// Top-left finder centre and module size, used to recognise the same
    /// symbol across binarisations and to order symbols.
    var anchor: ImagePoint
    var moduleSize: Double
    var hypotheses: [Entry]
    /// Where the costlier grids start, best first.
    var seeds: [RefitSeed] = []

    /// Whether some hypothesis matches every fixed module.
    var isReadPerfectly: Bool {
        hypotheses.contains { $0.hypothesis.mismatch == 0 }
    }

    /// Whether only the costlier grids may find this symbol: its finders
    /// fit no cheap grid well enough, but they might be a symbol that
    /// perspective or curved paper bends too far for one.
    var isSuspected: Bool { hypotheses.isEmpty }

    func isSameSymbol(as other: LocatedSymbol) -> Bool {
        anchor.distance(to: other.anchor) <= 3.5 * max(moduleSize, other.moduleSize)
    }

    /// The symbol's centre: the mean of its best hypothesis's corners (or
    /// of its best seed's, for a suspected symbol).
    var center: ImagePoint {
        let best = hypotheses.min(by: { $0.hypothesis.mismatch < $1.hypothesis.mismatch })
        guard let corners = best?.hypothesis.corners ?? seeds.first.map({ $0.corners.scaled(by: $0.scale) }) else {
            return anchor
        }
        return (corners.topLeft + corners.topRight + corners.bottomRight + corners.bottomLeft) * 0.25
    }

    /// Which of two symbols is reported first: the one nearer the middle of
    /// a `width` × `height` image (where one aims a camera), then the larger.
    /// Both measures survive turning the picture by quarter turns, so the
    /// same symbol comes first whichever way up the picture is.
    func precedes(_ other: LocatedSymbol, width: Int, height: Int) -> Bool {
        let middle = ImagePoint(x: Double(width) / 2, y: Double(height) / 2)
        let distance = center.distance(to: middle)
        let otherDistance = other.center.distance(to: middle)
        // Within a module counts as a tie: pixel rounding differs by turn.
        if abs(distance - otherDistance) > max(moduleSize, other.moduleSize) { return distance < otherDistance }
        return moduleSize > other.moduleSize
    }

    /// Moves everything from a reduced working image to the full image.
    mutating func scale(by factor: Double) {
        anchor = anchor * factor
        moduleSize *= factor
        for index in hypotheses.indices {
            hypotheses[index].hypothesis.corners = hypotheses[index].hypothesis.corners.scaled(by: factor)
        }
        for index in seeds.indices { seeds[index].scale *= factor }
    }

    /// Takes in the hypotheses and seeds of another sighting of this symbol.
    mutating func absorb(_ other: LocatedSymbol) {
        hypotheses += other.hypotheses
        seeds += other.seeds
        if isSuspected && !other.isSuspected {
            anchor = other.anchor
            moduleSize = other.moduleSize
        }
    }
}

/// Finds the symbols in one binarised image: finder patterns, then the
/// triples among them that sample into grids with convincing fixed patterns,
/// and the few best triples that do not, as suspected symbols.
enum SymbolSearch {
    /// How many suspected symbols one search reports.
    static let maximumSuspects = 2

    static func symbols(
        in image: BinaryImage, luminance: LuminanceImage, binarization: Binarization, inverted: Bool
    ) -> [LocatedSymbol] {
        let patterns = FinderPatternFinder.find(in: image)
        guard patterns.count >= 3 else { return [] }
        var triples: [(triple: FinderTriple, error: Double, indices: [Int])] = []
        let limit = min(patterns.count, 16)
        for i in 0..<limit {
            for j in (i + 1)..<limit {
                for k in (j + 1)..<limit {
                    guard let triple = FinderTriple(patterns[i], patterns[j], patterns[k]),
                          let geometry = triple.geometryError else { continue }
                    // Weakly confirmed patterns are likely data: under strong
                    // perspective the true corners fit a right angle worse
                    // than some lookalikes do.
                    let weakness = 3 - patterns[i].support - patterns[j].support - patterns[k].support
                    triples.append((triple, geometry + weakness, [i, j, k]))
                }
            }
        }
        triples.sort { $0.error < $1.error }
        var used: Set<Int> = []
        var found: [LocatedSymbol] = []
        var suspects: [LocatedSymbol] = []
        // The three finder indices of each suspect, flat: an array of
        // tuples or arrays would cost run-time type metadata on every scan.
        var suspectFinders: [Int] = []
        for candidate in triples.prefix(QRDetector.maximumTriplesTried) {
            if candidate.indices.contains(where: used.contains) { continue }
            let triple = candidate.triple
            var (hypotheses, fits) = SymbolLocator.hypotheses(
                for: triple, in: image, luminance: luminance, inverted: inverted)
            var seed = RefitSeed(
                ranked: fits, finders: [triple.topLeft.center, triple.topRight.center, triple.bottomLeft.center],
                image: image, luminance: luminance, binarization: binarization, inverted: inverted)
            // Grey levels are read now only when thresholded pixels alone
            // do not show a symbol: blur can hide one from them.
            let acceptable = QRDetector.acceptableMismatch
            if hypotheses.contains(where: { $0.mismatch <= acceptable }) {
                seed?.greyPending = true
            } else if !hypotheses.isEmpty {
                hypotheses += SymbolLocator.greyHypotheses(of: fits, luminance: luminance, inverted: inverted)
            }
            guard let best = hypotheses.min(by: { $0.mismatch < $1.mismatch }), best.mismatch <= acceptable else {
                let overlaps = suspectFinders.contains(where: candidate.indices.contains)
                if let seed, !overlaps, suspects.count < maximumSuspects {
                    let suspect = LocatedSymbol(anchor: triple.topLeft.center, moduleSize: triple.topLeft.moduleSize,
                                                hypotheses: [], seeds: [seed])
                    suspects.append(suspect)
                    suspectFinders += candidate.indices
                }
                continue
            }
            used.formUnion(candidate.indices)
            // Finder lookalikes inside an accepted symbol are its data.
            let outline = best.corners
            for index in patterns.indices where outline.contains(patterns[index].center) {
                used.insert(index)
            }
            let entries = hypotheses.map {
                LocatedSymbol.Entry(hypothesis: $0, binarization: binarization, inverted: inverted)
            }
            let topLeft = triple.topLeft
            found.append(LocatedSymbol(anchor: topLeft.center, moduleSize: topLeft.moduleSize, hypotheses: entries,
                                       seeds: seed.map { [$0] } ?? []))
        }
        // A suspect sharing a finder with a symbol found is a wrong
        // combination of that symbol's finders, or of its data.
        for index in suspects.indices.reversed() where suspectFinders[(3 * index)..<(3 * index + 3)].contains(where: used.contains) {
            suspects.remove(at: index)
        }
        return found + suspects
    }
}
