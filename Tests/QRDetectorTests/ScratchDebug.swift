import Testing
import Foundation
@testable import QRDetector

@Test func scratch() throws {
    for name in ["clean-v10", "clean-v20", "shadow-v10", "clean-v40", "perspective-v20"] {
    let image = try FixtureLoader.image(named: name)
    for b in Binarization.allCases {
        let binary = b.apply(to: image)
        let patterns = FinderPatternFinder.find(in: binary)
        let t2 = Date()
        let s = SymbolSearch.symbols(in: binary, binarization: b, inverted: false)
        let t3 = Date()
        print(name, b, "patterns", patterns.count, "search", t3.timeIntervalSince(t2), s.count)
    }
    let t0 = Date()
    let c = QRDetector.detect(in: image)
    print("detect", Date().timeIntervalSince(t0), c.count)
    }
}
