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

    /// Whether some hypothesis matches every fixed module.
    var isReadPerfectly: Bool {
        hypotheses.contains { $0.hypothesis.mismatch == 0 }
    }

    func isSameSymbol(as other: LocatedSymbol) -> Bool {
        anchor.distance(to: other.anchor) <= 3.5 * max(moduleSize, other.moduleSize)
    }

    /// The symbol's centre: the mean of its best hypothesis's corners.
    var center: ImagePoint {
        guard let best = hypotheses.min(by: { $0.hypothesis.mismatch < $1.hypothesis.mismatch }) else { return anchor }
        let corners = best.hypothesis.corners
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
    }
}

/// Finds the symbols in one binarised image: finder patterns, then the
/// triples among them that sample into grids with convincing fixed patterns.
enum SymbolSearch {
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
                          let error = triple.geometryError else { continue }
                    triples.append((triple, error, [i, j, k]))
                }
            }
        }
        triples.sort { $0.error < $1.error }
        var used: Set<Int> = []
        var found: [LocatedSymbol] = []
        for candidate in triples.prefix(QRDetector.maximumTriplesTried) {
            if candidate.indices.contains(where: used.contains) { continue }
            let hypotheses = SymbolLocator.hypotheses(
                for: candidate.triple, in: image, luminance: luminance, inverted: inverted)
            guard let best = hypotheses.min(by: { $0.mismatch < $1.mismatch }),
                  best.mismatch <= QRDetector.acceptableMismatch else { continue }
            used.formUnion(candidate.indices)
            // Finder lookalikes inside an accepted symbol are its data.
            let outline = best.corners
            for index in patterns.indices where outline.contains(patterns[index].center) {
                used.insert(index)
            }
            let entries = hypotheses.map {
                LocatedSymbol.Entry(hypothesis: $0, binarization: binarization, inverted: inverted)
            }
            let topLeft = candidate.triple.topLeft
            found.append(LocatedSymbol(anchor: topLeft.center, moduleSize: topLeft.moduleSize, hypotheses: entries))
        }
        return found
    }
}
