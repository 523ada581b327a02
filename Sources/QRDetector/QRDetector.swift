/// Finds QR symbols in a luminance image and samples them into module grids.
///
/// The result is an ordered list of hypotheses for a decoder to try in turn.
/// Symbols are ordered by their distance from the middle of the image,
/// nearest first, then by size, largest first: an order that does not
/// change when the picture is turned by quarter turns. Within a symbol,
/// hypotheses are ordered by how well their fixed patterns match, ties
/// keeping the order adaptive before global thresholding, version
/// information before size estimate, alignment-anchored before extrapolated,
/// thresholded pixels before neighbourhood contrast. Light-on-dark symbols
/// are looked for too, even beside dark-on-light ones. The output is
/// deterministic.
public enum QRDetector {
    /// At most this many hypotheses are offered for one symbol: the cheap
    /// ones, their grey-level readings and the costlier ones together.
    public static let maximumCandidatesPerSymbol = maximumCheapPerSymbol + maximumGreyPerSymbol + maximumRefittedPerSymbol
    /// At most this many cheap hypotheses are offered for one symbol.
    static let maximumCheapPerSymbol = 6
    /// At most this many grey-level readings of cheap fits are offered
    /// for one symbol after its thresholded grids.
    static let maximumGreyPerSymbol = 4
    /// At most this many costlier hypotheses are offered for one symbol.
    static let maximumRefittedPerSymbol = 16
    /// The costlier grids start from at most this many seeds of one symbol.
    static let maximumSeedsPerSymbol = 2
    /// At most this many symbols are reported.
    public static let maximumSymbols = 4
    /// Images larger than this on their longer side are searched on a
    /// box-filtered reduced copy first.
    static let workingSizeLimit = 1400
    /// The largest image searched at full resolution (12 megapixels, a
    /// common phone camera): a pass takes a few bytes a pixel.
    static let fullResolutionLimit = 12_000_000
    /// Below this module size (pixels of the reduced copy) a symbol found
    /// there is looked for again at full resolution.
    static let minimumWorkingModuleSize = 3.0
    /// Grids whose fixed patterns are wrong in more than this fraction of
    /// modules are not symbols.
    static let acceptableMismatch = 0.3
    /// Smallest luminance range in which a symbol is looked for.
    static let minimumContrast = 16
    /// How many finder triples may be sampled in one binarised image, which
    /// bounds the work in cluttered pictures.
    static let maximumTriplesTried = 40

    /// Every candidate grid for the symbols in `image`, in the order
    /// `detect(in:until:)` offers them.
    public static func detect(in image: LuminanceImage) -> [Candidate] {
        detect(in: image, until: { _ in false })
    }

    /// Offers candidate grids to `accept` in order of cost until it takes
    /// one, and returns those offered (the accepted one last). First the
    /// cheap grids of every symbol (finder-only and alignment-anchored fits),
    /// then, only when none was taken, the costlier ones: every alignment
    /// and timing pattern measured for a least-squares fit, and a grid
    /// corrected piecewise between alignment patterns for curved paper;
    /// these also try finder triples no cheap grid fitted. A decoder passes
    /// a closure that returns whether Reed–Solomon decoding succeeded.
    public static func detect(in image: LuminanceImage, until accept: (Candidate) -> Bool) -> [Candidate] {
        let symbols = locateSymbols(in: image)
        var offered: [Candidate] = []
        for (index, symbol) in symbols.enumerated() {
            for candidate in cheapCandidates(of: symbol.hypotheses, index: index, limit: maximumCheapPerSymbol) {
                offered.append(candidate)
                if accept(candidate) { return offered }
            }
            // Grey levels of fits whose thresholded grids did not decode.
            var grey: [LocatedSymbol.Entry] = []
            for seed in symbol.seeds where seed.greyPending {
                for var hypothesis in SymbolLocator.greyHypotheses(of: seed.ranked, luminance: seed.luminance, inverted: seed.inverted) {
                    hypothesis.corners = hypothesis.corners.scaled(by: seed.scale)
                    grey.append(LocatedSymbol.Entry(hypothesis: hypothesis, binarization: seed.binarization, inverted: seed.inverted))
                }
            }
            let seen = Set(offered.filter { $0.symbolIndex == index }.map(\.grid))
            for candidate in cheapCandidates(of: grey, index: index, limit: maximumGreyPerSymbol)
            where !seen.contains(candidate.grid) {
                offered.append(candidate)
                if accept(candidate) { return offered }
            }
        }
        for (index, symbol) in symbols.enumerated() {
            var seen = Set(offered.filter { $0.symbolIndex == index }.map(\.grid))
            var count = 0
            for seed in symbol.seeds.prefix(maximumSeedsPerSymbol) {
                // Thresholded pixels first; grey levels, which cost more,
                // only when none of those decodes.
                let refits = SymbolRefit.refits(for: seed)
                for hypotheses in [{ refits.thresholded }, refits.grey] {
                    for hypothesis in hypotheses() where count < maximumRefittedPerSymbol {
                        guard seen.insert(hypothesis.grid).inserted else { continue }
                        count += 1
                        let entry = LocatedSymbol.Entry(hypothesis: hypothesis, binarization: seed.binarization, inverted: seed.inverted)
                        let candidate = Candidate(entry, symbolIndex: index)
                        offered.append(candidate)
                        if accept(candidate) { return offered }
                    }
                }
            }
        }
        return offered
    }

    /// The symbols found, in the order they are offered: those some cheap
    /// grid fitted first, then the suspected ones.
    private static func locateSymbols(in image: LuminanceImage) -> [LocatedSymbol] {
        guard image.width >= 21, image.height >= 21 else { return [] }
        let longer = max(image.width, image.height)
        let factor = (longer + workingSizeLimit - 1) / workingSizeLimit
        var symbols: [LocatedSymbol] = []
        if factor > 1 {
            let reduced = image.downscaled(by: factor)
            symbols = locate(in: reduced)
            for index in symbols.indices { symbols[index].scale(by: Double(factor)) }
        }
        // A finer pass when the reduced copy found nothing, or found a
        // symbol whose modules it blurred to a few pixels; its hypotheses
        // then come first. Full resolution up to `fullResolutionLimit`
        // pixels; beyond, the least reduced copy within it, which bounds the
        // memory and time a huge picture can take.
        let fine = Double(factor) * minimumWorkingModuleSize
        let located = symbols.filter { !$0.isSuspected }
        if located.isEmpty || located.contains(where: { $0.moduleSize < fine }) {
            var fineFactor = 1
            while (image.width / fineFactor) * (image.height / fineFactor) > fullResolutionLimit { fineFactor += 1 }
            if factor == 1 || fineFactor < factor {
                var refined = locate(in: image.downscaled(by: fineFactor))
                for index in refined.indices { refined[index].scale(by: Double(fineFactor)) }
                merge(symbols, into: &refined)
                symbols = refined
            }
        }
        return ordered(symbols, width: image.width, height: image.height)
    }

    /// Dark-on-light first, then light-on-dark; the global threshold is
    /// skipped once the adaptive one has read every symbol it found
    /// perfectly, which halves the work on clean screenshots.
    private static func locate(in image: LuminanceImage) -> [LocatedSymbol] {
        var symbols: [LocatedSymbol] = []
        guard hasContrast(image) else { return symbols }
        var binaries: [(Binarization, BinaryImage)] = []
        for binarization in Binarization.allCases {
            let located = symbols.filter { !$0.isSuspected }
            if binarization != .adaptive, !located.isEmpty, located.allSatisfy(\.isReadPerfectly) { break }
            let binary = binarization.apply(to: image)
            binaries.append((binarization, binary))
            merge(SymbolSearch.symbols(in: binary, luminance: image, binarization: binarization, inverted: false),
                  into: &symbols)
        }
        // Light-on-dark symbols are looked for even when dark-on-light ones
        // were found: a picture may hold both (the inverted view shares the
        // thresholded pixels, so this costs a search, not a threshold). Beside
        // a dark-on-light symbol, the adaptive threshold alone is searched.
        let anyLocated = symbols.contains { !$0.isSuspected }
        for (binarization, binary) in binaries.prefix(anyLocated ? 1 : binaries.count) {
            let found = SymbolSearch.symbols(
                in: binary.inverted, luminance: image, binarization: binarization, inverted: true)
            merge(found, into: &symbols)
        }
        return symbols
    }

    /// Whether any two pixels differ enough to be a dark and a light module;
    /// saves thresholding blank frames, which matters for large photos.
    private static func hasContrast(_ image: LuminanceImage) -> Bool {
        var darkest = UInt8.max
        var lightest = UInt8.min
        for value in image.pixels {
            darkest = min(darkest, value)
            lightest = max(lightest, value)
        }
        return Int(lightest) - Int(darkest) >= minimumContrast
    }

    /// Adds hypotheses to the symbol they describe, or records a new symbol.
    private static func merge(_ found: [LocatedSymbol], into symbols: inout [LocatedSymbol]) {
        for symbol in found {
            if let index = symbols.firstIndex(where: { $0.isSameSymbol(as: symbol) }) {
                symbols[index].absorb(symbol)
            } else {
                symbols.append(symbol)
            }
        }
    }

    /// Symbols some cheap grid fitted, nearest the middle first, then the
    /// suspected ones likewise; at most `maximumSymbols`.
    private static func ordered(_ symbols: [LocatedSymbol], width: Int, height: Int) -> [LocatedSymbol] {
        var located: [LocatedSymbol] = []
        var suspected: [LocatedSymbol] = []
        for symbol in symbols {
            var list = symbol.isSuspected ? suspected : located
            let index = list.firstIndex { symbol.precedes($0, width: width, height: height) } ?? list.count
            list.insert(symbol, at: index)
            if symbol.isSuspected { suspected = list } else { located = list }
        }
        return Array((located + suspected).prefix(maximumSymbols))
    }

    /// At most `limit` of `hypotheses` of one symbol, best-matching fixed
    /// patterns first, without repeated grids.
    private static func cheapCandidates(of hypotheses: [LocatedSymbol.Entry], index: Int, limit: Int) -> [Candidate] {
        var seen: Set<ModuleGrid> = []
        var result: [Candidate] = []
        let ranked = hypotheses.enumerated().sorted { lhs, rhs in
            lhs.element.hypothesis.mismatch != rhs.element.hypothesis.mismatch
                ? lhs.element.hypothesis.mismatch < rhs.element.hypothesis.mismatch
                : lhs.offset < rhs.offset
        }.map(\.element)
        for entry in ranked where seen.count < limit {
            // Different routes often sample the same grid; keep the first.
            guard seen.insert(entry.hypothesis.grid).inserted else { continue }
            result.append(Candidate(entry, symbolIndex: index))
        }
        return result
    }
}

extension QRDetector.Candidate {
    init(_ entry: LocatedSymbol.Entry, symbolIndex: Int) {
        let hypothesis = entry.hypothesis
        self.init(grid: hypothesis.grid, version: hypothesis.version, corners: hypothesis.corners,
                  inverted: entry.inverted, binarization: entry.binarization, sampling: hypothesis.sampling,
                  fit: hypothesis.fit, patternMismatch: hypothesis.mismatch, symbolIndex: symbolIndex)
    }
}
