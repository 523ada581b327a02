/// Finds QR symbols in a luminance image and samples them into module grids.
///
/// The result is an ordered list of hypotheses for a decoder to try in turn.
/// Symbols are ordered by the position of their top-left finder pattern:
/// topmost first, and left to right among symbols whose top-left finders
/// lie within half a finder width of the same height. Within a symbol,
/// hypotheses are ordered by how well their fixed patterns match, ties
/// keeping the order adaptive before global thresholding, version
/// information before size estimate, alignment-anchored before extrapolated.
/// Light-on-dark symbols are looked for only when no dark-on-light one was
/// found. The output is deterministic.
public enum QRDetector {
    /// At most this many hypotheses are returned for one symbol.
    public static let maximumCandidatesPerSymbol = 6
    /// At most this many symbols are reported.
    public static let maximumSymbols = 4
    /// Images larger than this on their longer side are searched on a
    /// box-filtered reduced copy first.
    static let workingSizeLimit = 1400
    /// Grids whose fixed patterns are wrong in more than this fraction of
    /// modules are not symbols.
    static let acceptableMismatch = 0.3
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
        if symbols.isEmpty {
            symbols = locate(in: image)
        }
        return candidates(from: symbols)
    }

    /// Dark-on-light first with both thresholds, then light-on-dark.
    private static func locate(in image: LuminanceImage) -> [LocatedSymbol] {
        var symbols: [LocatedSymbol] = []
        var binaries: [(Binarization, BinaryImage)] = []
        for binarization in Binarization.allCases {
            let binary = binarization.apply(to: image)
            binaries.append((binarization, binary))
            merge(SymbolSearch.symbols(in: binary, binarization: binarization, inverted: false), into: &symbols)
        }
        if symbols.isEmpty {
            for (binarization, binary) in binaries {
                merge(SymbolSearch.symbols(in: binary.inverted, binarization: binarization, inverted: true),
                      into: &symbols)
            }
        }
        return symbols
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

    private static func candidates(from symbols: [LocatedSymbol]) -> [Candidate] {
        var ordered: [LocatedSymbol] = []
        for symbol in symbols {
            let index = ordered.firstIndex { symbol.precedes($0) } ?? ordered.count
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
            var count = 0
            for entry in ranked where count < maximumCandidatesPerSymbol && seen.insert(entry.hypothesis.grid).inserted {
                let hypothesis = entry.hypothesis
                result.append(Candidate(
                    grid: hypothesis.grid, version: hypothesis.version, corners: hypothesis.corners,
                    inverted: entry.inverted, binarization: entry.binarization,
                    usedAlignmentPattern: hypothesis.usedAlignmentPattern,
                    patternMismatch: hypothesis.mismatch, symbolIndex: symbolIndex))
                count += 1
            }
        }
        return result
    }
}
