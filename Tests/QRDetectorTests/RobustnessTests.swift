import Foundation
import Testing
import QRDetector

/// Hostile inputs: the detector must return quickly, never crash, and not
/// invent symbols in blank images.
@Suite("Robustness on hostile images")
struct RobustnessTests {
    struct Case: Sendable, CustomStringConvertible {
        let id: String
        let width: Int
        let height: Int
        /// Luminance of pixel (x, y).
        let pixel: @Sendable (Int, Int) -> UInt8
        /// Blank images must give no candidates; busy ones may give some.
        let mustBeEmpty: Bool
        var description: String { id }
    }

    /// A small deterministic generator (64-bit LCG), so the noise is the
    /// same in every run.
    static func noise(_ x: Int, _ y: Int, seed: UInt64) -> UInt8 {
        var state = seed &+ UInt64(y &* 7919 &+ x) &* 6364136223846793005
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: state >> 56)
    }

    static let cases: [Case] = [
        Case(id: "empty", width: 0, height: 0, pixel: { _, _ in 0 }, mustBeEmpty: true),
        Case(id: "1x1", width: 1, height: 1, pixel: { _, _ in 0 }, mustBeEmpty: true),
        Case(id: "1x500", width: 1, height: 500, pixel: { _, y in y % 2 == 0 ? 0 : 255 }, mustBeEmpty: true),
        Case(id: "20x20 checker", width: 20, height: 20, pixel: { x, y in (x + y) % 2 == 0 ? 0 : 255 }, mustBeEmpty: true),
        Case(id: "all black", width: 400, height: 300, pixel: { _, _ in 0 }, mustBeEmpty: true),
        Case(id: "all white", width: 400, height: 300, pixel: { _, _ in 255 }, mustBeEmpty: true),
        Case(id: "mid grey", width: 300, height: 300, pixel: { _, _ in 128 }, mustBeEmpty: true),
        Case(id: "gradient", width: 500, height: 200, pixel: { x, _ in UInt8(x * 255 / 499) }, mustBeEmpty: true),
        Case(id: "noise", width: 400, height: 400, pixel: { x, y in noise(x, y, seed: 1) }, mustBeEmpty: false),
        Case(id: "blocky noise", width: 400, height: 400, pixel: { x, y in noise(x / 3, y / 3, seed: 2) }, mustBeEmpty: false),
        Case(id: "checkerboard", width: 300, height: 300, pixel: { x, y in (x / 4 + y / 4) % 2 == 0 ? 0 : 255 }, mustBeEmpty: false),
        Case(id: "stripes", width: 300, height: 300, pixel: { x, _ in (x / 5) % 2 == 0 ? 0 : 255 }, mustBeEmpty: false),
        Case(id: "finder lattice", width: 600, height: 600, pixel: finderLattice, mustBeEmpty: false),
        Case(id: "huge blank", width: 4000, height: 3000, pixel: { _, _ in 250 }, mustBeEmpty: true),
    ]

    /// A field of finder patterns on a 40-pixel lattice: every triple looks
    /// like symbol corners, which stresses the triple search.
    static func finderLattice(_ x: Int, _ y: Int) -> UInt8 {
        let u = (x % 40) / 4 - 1
        let v = (y % 40) / 4 - 1
        guard (0..<7).contains(u), (0..<7).contains(v) else { return 255 }
        let ring = max(abs(u - 3), abs(v - 3))
        return ring == 2 ? 255 : 0
    }

    @Test("returns promptly without crashing", arguments: cases)
    func hostile(_ testCase: Case) throws {
        var pixels = [UInt8](repeating: 0, count: testCase.width * testCase.height)
        for y in 0..<testCase.height {
            for x in 0..<testCase.width { pixels[y * testCase.width + x] = testCase.pixel(x, y) }
        }
        let image = try #require(LuminanceImage(width: testCase.width, height: testCase.height, pixels: pixels))
        let start = DispatchTime.now().uptimeNanoseconds
        let candidates = QRDetector.detect(in: image)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // Generous for unoptimised debug builds on a shared machine; a hang
        // or quadratic blow-up takes far longer.
        #expect(seconds < 20, "\(testCase.id) took \(seconds) s")
        if testCase.mustBeEmpty { #expect(candidates.isEmpty, "\(testCase.id)") }
        #expect(candidates.count <= QRDetector.maximumSymbols * QRDetector.maximumCandidatesPerSymbol)
        for candidate in candidates {
            #expect(candidate.grid.size == 17 + 4 * candidate.version)
        }
    }
}
