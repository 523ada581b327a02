/// Turns one finder triple into sampled-grid hypotheses: fits for a few
/// versions, with and without the alignment pattern, the best refined.
enum SymbolLocator {
    /// A grid sampled from the working image, before it becomes a public
    /// candidate.
    struct Hypothesis {
        var grid: ModuleGrid
        var version: Int
        var corners: Quadrilateral
        var fit: GridFit
        var mismatch: Double
        var sampling: ModuleSampling
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
    /// How many of the kept fits are also read from grey levels.
    static let grayscaleFits = 3
    /// Fits whose fixed modules are wrong in more than this fraction are dropped.
    static let keptMismatch = 0.45

    /// Thresholded-pixel hypotheses for the symbol whose finders are
    /// `triple`, best first, and the fits they came from, best first (where
    /// the grey-level readings and the costlier grids start when none of
    /// these decodes). No hypotheses when even the best first guess reads no
    /// fixed patterns; the guesses are still returned.
    static func hypotheses(
        for triple: FinderTriple, in image: BinaryImage, luminance: LuminanceImage, inverted: Bool
    ) -> (hypotheses: [Hypothesis], fits: [SymbolFit]) {
        let perspective = PerspectiveEstimate(triple, in: image)
        let dimension = perspective?.dimension ?? DimensionEstimator.estimate(triple, in: image)
        var versions = DimensionEstimator.versions(around: dimension)
        if let read = readVersionInformation(triple, candidates: versions, perspective: perspective, in: image) {
            versions.removeAll { $0 == read }
            versions.insert(read, at: 0)
        }
        // Cheap fits first: a triple whose best guess reads no fixed
        // patterns is not a symbol, and needs no alignment search.
        let guesses = versions.map { extrapolatedFits(for: triple, version: $0, perspective: perspective, in: image) }
        let rankedGuesses = ranked(guesses.flatMap { $0 })
        guard let bestGuess = rankedGuesses.first, bestGuess.mismatch <= rescuableMismatch else {
            return ([], rankedGuesses)
        }
        let initial = ranked(guesses.flatMap { extrapolated in
            extrapolated.first.map { anchoredFits(for: triple, guess: $0, in: image) + extrapolated } ?? []
        })
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
        let all = ranked(refined)
        let result = all.filter { $0.mismatch <= keptMismatch }.map { fit in
            Hypothesis(grid: GridSampler.sample(size: fit.size, through: fit.transform, in: image),
                       version: fit.version, corners: fit.corners,
                       fit: fit.anchored ? .alignmentPattern : .finders, mismatch: fit.mismatch, sampling: .thresholdedPixels)
        }
        return (result, all)
    }

    /// The grey-level readings of the best few of `fits` (best first): blur
    /// moves the threshold, and which fit lands closest varies with tiny
    /// changes of the picture (a quarter turn is one), so more than one is
    /// tried. Costlier than thresholded pixels, so asked for only when
    /// those do not decode or do not show a symbol at all.
    static func greyHypotheses(of fits: [SymbolFit], luminance: LuminanceImage, inverted: Bool) -> [Hypothesis] {
        fits.filter { $0.mismatch <= keptMismatch }.prefix(grayscaleFits).map { fit in
            let grid = GrayscaleSampler.sample(size: fit.size, through: fit.transform, in: luminance, inverted: inverted)
            return Hypothesis(grid: grid, version: fit.version, corners: fit.corners,
                              fit: fit.anchored ? .alignmentPattern : .finders,
                              mismatch: GridSampler.mismatchOfGrid(grid), sampling: .neighbourhoodContrast)
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
    private static func finderAnchors(size: Int) -> [ImagePoint] {
        let far = Double(size) - 3.5
        return [ImagePoint(x: 3.5, y: 3.5), ImagePoint(x: far, y: 3.5), ImagePoint(x: far, y: far), ImagePoint(x: 3.5, y: far)]
    }

    /// Fits pinned by the finders and an extrapolated fourth point: the
    /// perspective estimate's, then the parallelogram's corner.
    private static func extrapolatedFits(
        for triple: FinderTriple, version: Int, perspective: PerspectiveEstimate?, in image: BinaryImage
    ) -> [SymbolFit] {
        let size = 17 + 4 * version
        let layout = SymbolLayout.knownModules(size: size)
        let parallelogram = triple.topRight.center + triple.bottomLeft.center - triple.topLeft.center
        let fourths = [perspective?.fourthCenter, parallelogram].compactMap { $0 }
        return fourths.compactMap { fourth in
            SymbolFit(version: version, source: finderAnchors(size: size),
                      destination: [triple.topLeft.center, triple.topRight.center, fourth, triple.bottomLeft.center],
                      anchored: false, layout: layout, in: image)
        }
    }

    /// Fits anchored on alignment-pattern lookalikes near where `guess`
    /// puts the bottom-right alignment pattern.
    private static func anchoredFits(for triple: FinderTriple, guess: SymbolFit, in image: BinaryImage) -> [SymbolFit] {
        let version = guess.version
        guard version >= 2 else { return [] }
        let size = guess.size
        let anchor = Double(size) - 6.5
        let predicted = guess.transform.apply(ImagePoint(x: anchor, y: anchor))
        let top = triple.topLeft.center.distance(to: triple.topRight.center)
        let left = triple.topLeft.center.distance(to: triple.bottomLeft.center)
        let moduleSize = (top + left) / 2 / Double(size - 7)
        var source = finderAnchors(size: size)
        source[2] = ImagePoint(x: anchor, y: anchor)
        let layout = SymbolLayout.knownModules(size: size)
        let found = AlignmentPatternFinder.find(
            near: predicted, moduleSize: moduleSize, limit: alignmentCandidates, in: image)
        return found.compactMap { center in
            SymbolFit(version: version, source: source,
                      destination: [triple.topLeft.center, triple.topRight.center, center, triple.bottomLeft.center],
                      anchored: true, layout: layout, in: image)
        }
    }

    /// Every fit for `version`: alignment-anchored ones first, then the
    /// extrapolated ones.
    private static func fits(
        for triple: FinderTriple, version: Int, perspective: PerspectiveEstimate?, in image: BinaryImage
    ) -> [SymbolFit] {
        let extrapolated = extrapolatedFits(for: triple, version: version, perspective: perspective, in: image)
        guard let guess = extrapolated.first else { return [] }
        return anchoredFits(for: triple, guess: guess, in: image) + extrapolated
    }

    /// Reads the version information blocks assuming each candidate size in
    /// turn (a wrong size shifts the blocks slightly) and keeps the reading
    /// with the fewest bit errors; nil below version 7 or when unreadable.
    private static func readVersionInformation(
        _ triple: FinderTriple, candidates: [Int], perspective: PerspectiveEstimate?, in image: BinaryImage
    ) -> Int? {
        guard let largest = candidates.max(), largest >= 7 else { return nil }
        let fourth = perspective?.fourthCenter
            ?? triple.topRight.center + triple.bottomLeft.center - triple.topLeft.center
        var best: (version: Int, errors: Int)?
        for version in Set(candidates).sorted() where version >= 7 {
            let size = 17 + 4 * version
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
