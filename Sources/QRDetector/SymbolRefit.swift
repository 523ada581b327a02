/// What the costlier sampling grids start from: a finder triple's best
/// fits in the binarised image they were found in, kept while the cheap
/// grids are tried.
struct RefitSeed {
    /// The triple's fits, best first (several may share a version).
    let ranked: [SymbolFit]
    /// Measured finder centres: top-left, top-right, bottom-left.
    let finders: [ImagePoint]
    let image: BinaryImage
    let luminance: LuminanceImage
    let binarization: Binarization
    let inverted: Bool
    /// Factor from the working image to the input image.
    var scale = 1.0
    /// Whether the grey-level readings of the fits are still to be made:
    /// they are left until the thresholded grids fail to decode, unless
    /// they were needed to tell that the triple is a symbol at all.
    var greyPending = false

    /// How many versions a seed is refitted at.
    static let versionsTried = 2

    /// Keeps `ranked` (best first) as it is: a seed is made for every
    /// triple tried and used only when no cheap grid decodes, so the
    /// choice of fits waits until then. nil when there is no fit.
    init?(ranked: [SymbolFit], finders: [ImagePoint], image: BinaryImage, luminance: LuminanceImage,
          binarization: Binarization, inverted: Bool) {
        guard !ranked.isEmpty else { return nil }
        self.ranked = ranked
        self.finders = finders
        self.image = image
        self.luminance = luminance
        self.binarization = binarization
        self.inverted = inverted
    }

    /// The best fit of each of the first `versionsTried` versions; only
    /// the best fit of the version its version information blocks name
    /// (version 7 up) when they read through the best fit: those blocks
    /// correct three bit errors, so a reading settles the version, and
    /// refitting another one would only double the work of giving up.
    var fits: [SymbolFit] {
        if let best = ranked.first,
           let read = VersionInformation.read(size: best.size, module: { row, column in
               GridSampler.isDark(row: row, column: column, through: best.transform, in: image)
           }),
           let named = ranked.first(where: { $0.version == read.version }) {
            return [named]
        }
        var fits: [SymbolFit] = []
        for fit in ranked where !fits.contains(where: { $0.version == fit.version }) {
            fits.append(fit)
            if fits.count == Self.versionsTried { break }
        }
        return fits
    }

    /// The best fit's outer corners.
    var corners: Quadrilateral { ranked[0].corners }
}

/// The costlier grids, tried when the cheap ones did not decode: every
/// alignment pattern and both timing patterns measured, a least-squares
/// homography through them all, and that homography corrected cell by cell
/// between the alignment patterns for curved paper.
enum SymbolRefit {
    /// The refitted grids of one seed: those read from thresholded pixels
    /// now, the grey-level readings of the same mappings on demand (they
    /// cost more, and are wanted only when none of the former decodes).
    struct Refits {
        /// Thresholded-pixel grids, best first by how well they read the
        /// fixed patterns.
        let thresholded: [SymbolLocator.Hypothesis]
        private let greyReadings: [() -> SymbolLocator.Hypothesis]

        fileprivate init(thresholded: [SymbolLocator.Hypothesis], greyReadings: [() -> SymbolLocator.Hypothesis]) {
            self.thresholded = thresholded
            self.greyReadings = greyReadings
        }

        /// The grey-level grids of the same mappings, best first.
        func grey() -> [SymbolLocator.Hypothesis] { SymbolRefit.ranked(greyReadings.map { $0() }) }
    }

    /// The refitted grids of `seed`: at each of the seed's versions, the
    /// lattice fit, the piecewise one (version 7 up) and either corrected
    /// by the timing patterns.
    static func refits(for seed: RefitSeed) -> Refits {
        var sampled: [SymbolLocator.Hypothesis] = []
        var grey: [() -> SymbolLocator.Hypothesis] = []
        func add(_ mapping: some ModuleMapping, version: Int, kind: GridFit) {
            let size = 17 + 4 * version
            let (_, mismatch) = GridSampler.fitScore(of: SymbolLayout.knownModules(size: size), through: mapping, in: seed.image)
            guard mismatch <= SymbolLocator.keptMismatch else { return }
            let corners = outline(size: size, through: mapping).scaled(by: seed.scale)
            sampled.append(SymbolLocator.Hypothesis(
                grid: GridSampler.sample(size: size, through: mapping, in: seed.image), version: version,
                corners: corners, fit: kind, mismatch: mismatch, sampling: .thresholdedPixels))
            grey.append {
                let grid = GrayscaleSampler.sample(size: size, through: mapping, in: seed.luminance, inverted: seed.inverted)
                return SymbolLocator.Hypothesis(grid: grid, version: version, corners: corners, fit: kind,
                                                mismatch: GridSampler.mismatchOfGrid(grid), sampling: .neighbourhoodContrast)
            }
        }
        for fit in seed.fits where fit.version >= 2 {
            guard let survey = Survey(fit: fit, seed: seed) else { continue }
            add(survey.global, version: fit.version, kind: .lattice)
            if let mesh = survey.mesh {
                add(mesh, version: fit.version, kind: .piecewise)
                if let corrected = TimingCorrection(base: mesh, size: fit.size, finders: seed.finders, in: seed.image) {
                    add(corrected, version: fit.version, kind: .piecewise)
                }
            } else if let corrected = TimingCorrection(base: survey.global, size: fit.size, finders: seed.finders, in: seed.image) {
                add(corrected, version: fit.version, kind: .piecewise)
            }
        }
        return Refits(thresholded: ranked(sampled), greyReadings: grey)
    }

    /// Best-fitting fixed patterns first, as for the cheap grids; ties keep
    /// their order.
    static func ranked(_ hypotheses: [SymbolLocator.Hypothesis]) -> [SymbolLocator.Hypothesis] {
        hypotheses.enumerated().sorted { lhs, rhs in
            lhs.element.mismatch != rhs.element.mismatch ? lhs.element.mismatch < rhs.element.mismatch : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The measurements of one symbol at one version and the fits through them.
    struct Survey {
        /// The least-squares homography through finders, alignment and timing patterns.
        let global: PerspectiveTransform
        /// The homography corrected between alignment patterns; nil below
        /// three alignment-pattern lines (version 7).
        let mesh: MeshTransform?

        init?(fit: SymbolFit, seed: RefitSeed) {
            let size = fit.size
            let far = Double(size) - 3.5
            let finderModules = [ImagePoint(x: 3.5, y: 3.5), ImagePoint(x: far, y: 3.5), ImagePoint(x: 3.5, y: far)]
            let finders = zip(finderModules, seed.finders).map { Correspondence(module: $0, image: $1, along: nil) }
            let lattice = AlignmentLattice(version: fit.version, start: fit.transform, finders: finders, in: seed.image)
            let measured = finders + lattice.correspondences
            guard measured.count > finders.count else { return nil }
            let moduleSize = seed.finders[0].distance(to: seed.finders[1]) / (far - 3.5)
            let tolerance = max(1.5, moduleSize)
            guard let first = PerspectiveTransform.robustFit(measured, tolerance: tolerance) else { return nil }
            let timing = TimingPattern.measure(size: size, through: first.transform, in: seed.image)
            guard let global = PerspectiveTransform.robustFit(first.kept + timing, tolerance: tolerance) else { return nil }
            self.global = global.transform
            // Every pattern found counts for the mesh, those the homography
            // could not fit most of all: the lattice search already kept
            // each within a few modules of what its neighbours predicted.
            mesh = lattice.lines.count >= 3 ? SymbolRefit.mesh(lattice: lattice, anchors: measured, base: global.transform) : nil
        }
    }

    /// The lattice fit corrected at every mesh node: by the node's own
    /// displacement where its pattern was found and kept, otherwise by the
    /// nearest measurements'.
    static func mesh(lattice: AlignmentLattice, anchors: [Correspondence], base: PerspectiveTransform) -> MeshTransform? {
        let offsets = anchors.map { (module: $0.module, offset: $0.image - base.apply($0.module)) }
        let lines = lattice.lines
        var displacements: [ImagePoint] = []
        for row in lines {
            for column in lines {
                let module = ImagePoint(x: column, y: row)
                if let exact = offsets.first(where: { $0.module == module }) {
                    displacements.append(exact.offset)
                } else {
                    displacements.append(AlignmentLattice.predictedOffset(at: module, anchors: offsets))
                }
            }
        }
        return MeshTransform(base: base, lines: lines, displacements: displacements)
    }

    private static func outline(size: Int, through mapping: some ModuleMapping) -> Quadrilateral {
        let edge = Double(size)
        return Quadrilateral(
            topLeft: mapping.apply(ImagePoint(x: 0, y: 0)), topRight: mapping.apply(ImagePoint(x: edge, y: 0)),
            bottomRight: mapping.apply(ImagePoint(x: edge, y: edge)), bottomLeft: mapping.apply(ImagePoint(x: 0, y: edge)))
    }
}
