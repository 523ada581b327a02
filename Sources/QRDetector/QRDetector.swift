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
    /// At most this many hypotheses are returned for one symbol.
    public static let maximumCandidatesPerSymbol = 6
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

    /// Candidate grids for the symbols in `image`, first symbol first.
    public static func detect(in image: LuminanceImage) -> [Candidate] {
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
        if symbols.isEmpty || symbols.contains(where: { $0.moduleSize < fine }) {
            var fineFactor = 1
            while (image.width / fineFactor) * (image.height / fineFactor) > fullResolutionLimit { fineFactor += 1 }
            if factor == 1 || fineFactor < factor {
                var refined = locate(in: image.downscaled(by: fineFactor))
                for index in refined.indices { refined[index].scale(by: Double(fineFactor)) }
                merge(symbols, into: &refined)
                symbols = refined
            }
        }
        return candidates(from: symbols, width: image.width, height: image.height)
    }

    /// Dark-on-light first, then light-on-dark; the global threshold is
    /// skipped once the adaptive one has read every symbol it found
    /// perfectly, which halves the work on clean screenshots.
    private static func locate(in image: LuminanceImage) -> [LocatedSymbol] {
        var symbols: [LocatedSymbol] = []
        guard hasContrast(image) else { return symbols }
        var binaries: [(Binarization, BinaryImage)] = []
        for binarization in Binarization.allCases {
            if binarization != .adaptive, !symbols.isEmpty, symbols.allSatisfy(\.isReadPerfectly) { break }
            let binary = binarization.apply(to: image)
            binaries.append((binarization, binary))
            merge(SymbolSearch.symbols(in: binary, luminance: image, binarization: binarization, inverted: false),
                  into: &symbols)
        }
        // Light-on-dark symbols are looked for even when dark-on-light ones
        // were found: a picture may hold both (the inverted view shares the
        // thresholded pixels, so this costs a search, not a threshold). Beside
        // a dark-on-light symbol, the adaptive threshold alone is searched.
        for (binarization, binary) in binaries.prefix(symbols.isEmpty ? binaries.count : 1) {
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
                symbols[index].hypotheses += symbol.hypotheses
            } else {
                symbols.append(symbol)
            }
        }
    }

    private static func candidates(from symbols: [LocatedSymbol], width: Int, height: Int) -> [Candidate] {
        var ordered: [LocatedSymbol] = []
        for symbol in symbols {
            let index = ordered.firstIndex { symbol.precedes($0, width: width, height: height) } ?? ordered.count
            ordered.insert(symbol, at: index)
        }
        var result: [Candidate] = []
        for (symbolIndex, symbol) in ordered.prefix(maximumSymbols).enumerated() {
            var seen: Set<ModuleGrid> = []
            let ranked = symbol.hypotheses.enumerated().sorted { lhs, rhs in
                lhs.element.hypothesis.mismatch != rhs.element.hypothesis.mismatch
                    ? lhs.element.hypothesis.mismatch < rhs.element.hypothesis.mismatch
                    : lhs.offset < rhs.offset
            }.map(\.element)
            for entry in ranked where seen.count < maximumCandidatesPerSymbol {
                // Different routes often sample the same grid; keep the first.
                guard seen.insert(entry.hypothesis.grid).inserted else { continue }
                let hypothesis = entry.hypothesis
                result.append(Candidate(
                    grid: hypothesis.grid, version: hypothesis.version, corners: hypothesis.corners,
                    inverted: entry.inverted, binarization: entry.binarization, sampling: hypothesis.sampling,
                    usedAlignmentPattern: hypothesis.usedAlignmentPattern,
                    patternMismatch: hypothesis.mismatch, symbolIndex: symbolIndex))
            }
        }
        return result
    }
}
