import Foundation
import Testing
@testable import QRDetector

/// Detection of symbols rendered in memory: every rotation, several
/// scales, image sizes up to a 12-megapixel photo, and symbol ordering.
@Suite("Detection on rendered symbols")
struct SyntheticDetectionTests {
    struct Case: Sendable, CustomStringConvertible {
        let id: String
        let truth: String
        let moduleSize: Double
        let degrees: Double
        var description: String { id }
    }

    static let rotations: [Case] = stride(from: 0.0, to: 360.0, by: 15.0).map { degrees in
        Case(id: "v5-3px-\(Int(degrees))deg", truth: "clean-v5", moduleSize: 3, degrees: degrees)
    }

    static let scales: [Case] = [
        Case(id: "v1-2px", truth: "clean-v1", moduleSize: 2, degrees: 0),
        Case(id: "v2-2.5px-rotated", truth: "clean-v2", moduleSize: 2.5, degrees: 11),
        Case(id: "v7-6.3px", truth: "clean-v7", moduleSize: 6.3, degrees: 200),
        Case(id: "v10-20px", truth: "clean-v10", moduleSize: 20, degrees: 0),
        Case(id: "v20-4px-rotated", truth: "clean-v20", moduleSize: 4, degrees: 37),
        Case(id: "v40-3px", truth: "clean-v40", moduleSize: 3, degrees: 3),
    ]

    static func render(_ grid: ModuleGrid, moduleSize: Double, degrees: Double) -> LuminanceImage {
        let extent = Int((Double(grid.size) + 8) * moduleSize * 1.45) + 4
        let canvas = SyntheticImage(width: extent, height: extent)
        return canvas.render([SyntheticImage.Placement(
            grid: grid, center: Point(x: Double(extent) / 2, y: Double(extent) / 2),
            moduleSize: moduleSize, degrees: degrees)])
    }

    static func errors(_ candidate: QRDetector.Candidate, _ truth: ModuleGrid) -> Int {
        guard candidate.grid.size == truth.size else { return Int.max }
        return zip(candidate.grid.bits, truth.bits).filter { $0 != $1 }.count
    }

    @Test("every rotation samples exactly", arguments: rotations + scales)
    func detects(_ testCase: Case) throws {
        let truth = try FixtureLoader.truth(named: testCase.truth)
        let image = Self.render(truth, moduleSize: testCase.moduleSize, degrees: testCase.degrees)
        let candidates = QRDetector.detect(in: image)
        let first = try #require(candidates.first)
        #expect(Self.errors(first, truth) == 0, "\(testCase.id): \(Self.errors(first, truth)) module errors")
        #expect(first.version == truth.version)
    }

    @Test("the same image gives the same candidates")
    func deterministic() throws {
        let image = try FixtureLoader.image(named: "photo-v7")
        let first = QRDetector.detect(in: image)
        let second = QRDetector.detect(in: image)
        #expect(first == second)
        #expect(!first.isEmpty)
    }

    @Test("a 4000×3000 photo is searched on a reduced copy and sampled correctly")
    func largeImage() throws {
        let truth = try FixtureLoader.truth(named: "clean-v7")
        var canvas = SyntheticImage(width: 4000, height: 3000)
        canvas.background = { x, y in UInt8(90 + (x / 40 + y / 60) % 100) }
        let image = canvas.render([SyntheticImage.Placement(
            grid: truth, center: Point(x: 2300, y: 1400), moduleSize: 14, degrees: 21)])
        let candidates = QRDetector.detect(in: image)
        let first = try #require(candidates.first)
        #expect(Self.errors(first, truth) == 0)
        // Corners come back in full-resolution coordinates.
        let center = (first.corners.topLeft + first.corners.bottomRight) * 0.5
        #expect(center.distance(to: Point(x: 2300, y: 1400)) < 20)
    }

    @Test("symbols are ordered by their top-left finder: higher first, then left")
    func ordering() throws {
        let upper = try FixtureLoader.truth(named: "clean-v2")
        let lower = try FixtureLoader.truth(named: "clean-v1")
        let right = try FixtureLoader.truth(named: "clean-v5")
        let canvas = SyntheticImage(width: 600, height: 420)
        let image = canvas.render([
            SyntheticImage.Placement(grid: lower, center: Point(x: 100, y: 300), moduleSize: 4, degrees: 0),
            SyntheticImage.Placement(grid: right, center: Point(x: 430, y: 110), moduleSize: 3, degrees: 0),
            SyntheticImage.Placement(grid: upper, center: Point(x: 110, y: 100), moduleSize: 4, degrees: 0),
        ])
        let candidates = QRDetector.detect(in: image)
        var firstOfSymbol: [Int: QRDetector.Candidate] = [:]
        for candidate in candidates where firstOfSymbol[candidate.symbolIndex] == nil {
            firstOfSymbol[candidate.symbolIndex] = candidate
        }
        #expect(firstOfSymbol.count == 3)
        #expect(firstOfSymbol[0].map { Self.errors($0, upper) } == 0)
        #expect(firstOfSymbol[1].map { Self.errors($0, right) } == 0)
        #expect(firstOfSymbol[2].map { Self.errors($0, lower) } == 0)
        let indices = candidates.map(\.symbolIndex)
        #expect(indices == indices.sorted(), "candidates of one symbol are contiguous")
    }
}

extension Point {
    static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
}
