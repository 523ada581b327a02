import Testing
@testable import QRDetector

@Test func scratch() throws {
    let image = try FixtureLoader.image(named: "perspective-v10-strong")
    for b in Binarization.allCases {
    let binary = b.apply(to: image)
    let patterns = FinderPatternFinder.find(in: binary)
    print(patterns)
    for i in 0..<patterns.count { for j in (i+1)..<patterns.count { for k in (j+1)..<patterns.count {
        if let t = FinderTriple(patterns[i], patterns[j], patterns[k]) {
            let dim = DimensionEstimator.estimate(t, in: binary)
            print("triple", t.topLeft.center, t.topRight.center, t.bottomLeft.center, t.geometryError ?? -1, dim)
            for h in SymbolLocator.hypotheses(for: t, in: binary) { print(h.version, h.usedAlignmentPattern, h.mismatch) }
        }
    }}}
    }
}
