/// Turns one finder triple into sampled-grid hypotheses: fits for a few
/// versions, with and without the alignment pattern, the best refined.
enum SymbolLocator {
    /// A grid sampled from the working image, before it becomes a public
    /// candidate.
    struct Hypothesis {
        var grid: ModuleGrid
        var version: Int
        var corners: Quadrilateral
        var usedAlignmentPattern: Bool
        var mismatch: Double
    }

    /// How many of the best fits are kept; the first `refinedFits` of them
    /// may be refined.
    static let keptFits = 4
    static let refinedFits = 2
    /// A first guess this good is sampled as it is.
    static let goodEnoughMismatch = 0.02
    /// Fits worse than this are not worth refining.
    static let rescuableMismatch = 0.4
    /// How many alignment-pattern lookalikes near the predicted spot are tried.
    static let alignmentCandidates = 3
    /// Fits whose fixed modules are wrong in more than this fraction are dropped.
    static let keptMismatch = 0.45

    /// Hypotheses for the symbol whose finders are `triple`, best first.
    static func hypotheses(for triple: FinderTriple, in image: BinaryImage) -> [Hypothesis] {
        let perspective = PerspectiveEstimate(triple, in: image)
        let dimension = perspective?.dimension ?? DimensionEstimator.estimate(triple, in: image)
        var versions = DimensionEstimator.versions(around: dimension)
        if let read = readVersionInformation(triple, candidates: versions, in: image) {
            versions.removeAll { $0 == read }
            versions.insert(read, at: 0)
        }
        let initial = ranked(versions.flatMap { fits(for: triple, version: $0, perspective: perspective, in: image) })
        var refined = Array(initial.prefix(keptFits))
        // Refining is the costly step: skip it when the first guess already
        // reads the fixed patterns, and for fits too wrong to be rescued.
        if let best = refined.first, best.mismatch > goodEnoughMismatch {
            for index in refined.indices where index < refinedFits && refined[index].mismatch <= rescuableMismatch {
                refined[index].refine(layout: SymbolLayout.knownModules(size: refined[index].size), in: image)
            }
        }
        // A refined fit locates the version blocks better than the finders
        // alone, which matters under strong perspective.
        if let best = ranked(refined).first, best.size >= 45,
           let read = readVersion(size: best.size, through: best.transform, in: image),
           read != best.version, !refined.contains(where: { $0.version == read }) {
            var extra = Array(self.fits(for: triple, version: read, perspective: perspective, in: image).prefix(1))
            for index in extra.indices {
                extra[index].refine(layout: SymbolLayout.knownModules(size: extra[index].size), in: image)
            }
            refined += extra
        }
        return ranked(refined).filter { $0.mismatch <= keptMismatch }.map { fit in
            Hypothesis(grid: GridSampler.sample(size: fit.size, through: fit.transform, in: image),
                       version: fit.version, corners: fit.corners,
                       usedAlignmentPattern: fit.anchored, mismatch: fit.mismatch)
        }
    }

    /// Best first by sub-sample disagreement; ties keep their order.
    private static func ranked(_ fits: [SymbolFit]) -> [SymbolFit] {
        fits.enumerated().sorted { lhs, rhs in
            lhs.element.disagreement != rhs.element.disagreement
                ? lhs.element.disagreement < rhs.element.disagreement : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Module-coordinate anchors: the three finder centres and the corner
    /// diagonal from top-left.
    private static func finderAnchors(size: Int) -> [Point] {
        let far = Double(size) - 3.5
        return [Point(x: 3.5, y: 3.5), Point(x: far, y: 3.5), Point(x: far, y: far), Point(x: 3.5, y: far)]
    }

    /// The fit pinned by the finders and the parallelogram's fourth corner,
    /// and, when the alignment pattern shows up, the fit anchored on it.
    private static func fits(
        for triple: FinderTriple, version: Int, perspective: PerspectiveEstimate?, in image: BinaryImage
    ) -> [SymbolFit] {
        let size = 17 + 4 * version
        let layout = SymbolLayout.knownModules(size: size)
        let parallelogram = triple.topRight.center + triple.bottomLeft.center - triple.topLeft.center
        let fourths = [perspective?.fourthCenter, parallelogram].compactMap { $0 }
        let extrapolated = fourths.compactMap { fourth in
            SymbolFit(version: version, source: finderAnchors(size: size),
                      destination: [triple.topLeft.center, triple.topRight.center, fourth, triple.bottomLeft.center],
                      anchored: false, layout: layout, in: image)
        }
        guard let guess = extrapolated.first else { return [] }
        guard version >= 2 else { return extrapolated }
        let anchor = Double(size) - 6.5
        let predicted = guess.transform.apply(Point(x: anchor, y: anchor))
        let top = triple.topLeft.center.distance(to: triple.topRight.center)
        let left = triple.topLeft.center.distance(to: triple.bottomLeft.center)
        let moduleSize = (top + left) / 2 / Double(size - 7)
        var source = finderAnchors(size: size)
        source[2] = Point(x: anchor, y: anchor)
        let found = AlignmentPatternFinder.find(
            near: predicted, moduleSize: moduleSize, limit: alignmentCandidates, in: image)
        let anchored = found.compactMap { center in
            SymbolFit(version: version, source: source,
                      destination: [triple.topLeft.center, triple.topRight.center, center, triple.bottomLeft.center],
                      anchored: true, layout: layout, in: image)
        }
        return anchored + extrapolated
    }

    /// Reads the version information blocks assuming each candidate size in
    /// turn (a wrong size shifts the blocks slightly) and keeps the reading
    /// with the fewest bit errors; nil below version 7 or when unreadable.
    private static func readVersionInformation(_ triple: FinderTriple, candidates: [Int], in image: BinaryImage) -> Int? {
        guard let largest = candidates.max(), largest >= 7 else { return nil }
        var best: (version: Int, errors: Int)?
        for version in Set(candidates).sorted() where version >= 7 {
            let size = 17 + 4 * version
            let fourth = triple.topRight.center + triple.bottomLeft.center - triple.topLeft.center
            guard let transform = PerspectiveTransform(
                from: finderAnchors(size: size),
                to: [triple.topLeft.center, triple.topRight.center, fourth, triple.bottomLeft.center]),
                let reading = VersionInformation.read(size: size, module: { row, column in
                    GridSampler.isDark(row: row, column: column, through: transform, in: image)
                })
            else { continue }
            if reading.errors < (best?.errors ?? Int.max) { best = reading }
        }
        return best?.version
    }

    private static func readVersion(size: Int, through transform: PerspectiveTransform, in image: BinaryImage) -> Int? {
        VersionInformation.read(size: size) { row, column in
            GridSampler.isDark(row: row, column: column, through: transform, in: image)
        }?.version
    }
}
