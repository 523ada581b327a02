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
            grid: grid, center: ImagePoint(x: Double(extent) / 2, y: Double(extent) / 2),
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

    @Test("cropped screenshots: quiet zone of 0 or 1 module at the image edge", arguments: [
        ("clean-v1", 0.0), ("clean-v5", 0.0), ("clean-v10", 1.0), ("clean-v20", 0.5),
    ])
    func croppedQuietZone(_ name: String, _ margin: Double) throws {
        let truth = try FixtureLoader.truth(named: name)
        let moduleSize = 4.0
        let extent = Int((Double(truth.size) + 2 * margin) * moduleSize)
        let image = SyntheticImage(width: extent, height: extent).render([SyntheticImage.Placement(
            grid: truth, center: ImagePoint(x: Double(extent) / 2, y: Double(extent) / 2),
            moduleSize: moduleSize, degrees: 0, quietZone: margin)])
        let first = try #require(QRDetector.detect(in: image).first)
        #expect(Self.errors(first, truth) == 0)
    }

    @Test("the same image gives the same candidates")
    func deterministic() throws {
        let image = try FixtureLoader.image(named: "photo-v7")
        let first = QRDetector.detect(in: image)
        let second = QRDetector.detect(in: image)
        #expect(first == second)
        #expect(!first.isEmpty)
    }

    @Test("large photos: reduced copy for big modules, full resolution for small ones", arguments: [
        (4000, 3000, 14.0), (3000, 2000, 5.0),
    ])
    func largeImage(_ width: Int, _ height: Int, _ moduleSize: Double) throws {
        let truth = try FixtureLoader.truth(named: "clean-v7")
        var canvas = SyntheticImage(width: width, height: height)
        canvas.background = { x, y in UInt8(90 + (x / 40 + y / 60) % 100) }
        let center = ImagePoint(x: Double(width) * 0.57, y: Double(height) * 0.46)
        let image = canvas.render([SyntheticImage.Placement(
            grid: truth, center: center, moduleSize: moduleSize, degrees: 21)])
        let candidates = QRDetector.detect(in: image)
        let first = try #require(candidates.first)
        #expect(Self.errors(first, truth) == 0)
        // Corners come back in full-resolution coordinates.
        let found = (first.corners.topLeft + first.corners.bottomRight) * 0.5
        #expect(found.distance(to: center) < moduleSize * 2)
    }

    @Test("symbols are ordered by their distance from the middle of the picture, nearest first")
    func ordering() throws {
        let upper = try FixtureLoader.truth(named: "clean-v2")
        let lower = try FixtureLoader.truth(named: "clean-v1")
        let right = try FixtureLoader.truth(named: "clean-v5")
        let canvas = SyntheticImage(width: 600, height: 420)
        let image = canvas.render([
            SyntheticImage.Placement(grid: lower, center: ImagePoint(x: 100, y: 330), moduleSize: 4, degrees: 0),
            SyntheticImage.Placement(grid: right, center: ImagePoint(x: 430, y: 110), moduleSize: 3, degrees: 0),
            SyntheticImage.Placement(grid: upper, center: ImagePoint(x: 110, y: 100), moduleSize: 4, degrees: 0),
        ])
        let candidates = QRDetector.detect(in: image)
        var firstOfSymbol: [Int: QRDetector.Candidate] = [:]
        for candidate in candidates where firstOfSymbol[candidate.symbolIndex] == nil {
            firstOfSymbol[candidate.symbolIndex] = candidate
        }
        #expect(firstOfSymbol.count == 3)
        // From the middle (300, 210): right 164 px, upper 220 px, lower 233 px.
        #expect(firstOfSymbol[0].map { Self.errors($0, right) } == 0)
        #expect(firstOfSymbol[1].map { Self.errors($0, upper) } == 0)
        #expect(firstOfSymbol[2].map { Self.errors($0, lower) } == 0)
        // Cheap grids of every symbol come before the costlier ones; within
        // each kind, the candidates of one symbol are contiguous.
        let cheap = candidates.prefix { $0.fit == .finders || $0.fit == .alignmentPattern }
        let costly = candidates.dropFirst(cheap.count)
        #expect(costly.allSatisfy { $0.fit == .lattice || $0.fit == .piecewise })
        for indices in [cheap.map(\.symbolIndex), costly.map(\.symbolIndex)] {
            #expect(indices == indices.sorted(), "candidates of one symbol are contiguous")
        }
    }
}

/// A light-on-dark code beside a dark-on-light one: both are found.
struct MixedPolarityTests {
    @Test("light-on-dark is found even when a dark-on-light code is in the picture too")
    func bothPolarities() throws {
        let normal = try FixtureLoader.truth(named: "clean-v2")
        let inverted = try FixtureLoader.truth(named: "clean-v1")
        let canvas = SyntheticImage(width: 520, height: 300)
        let image = canvas.render([
            SyntheticImage.Placement(grid: normal, center: ImagePoint(x: 130, y: 150), moduleSize: 4, degrees: 0),
            SyntheticImage.Placement(grid: inverted, center: ImagePoint(x: 390, y: 150), moduleSize: 5, degrees: 8,
                                     dark: 235, light: 20),
        ])
        let candidates = QRDetector.detect(in: image)
        let normalHits = candidates.filter { !$0.inverted && $0.grid == normal }
        let invertedHits = candidates.filter { $0.inverted && $0.grid == inverted }
        #expect(!normalHits.isEmpty, "dark-on-light code not found")
        #expect(!invertedHits.isEmpty, "light-on-dark code not found")
        #expect(Set(normalHits.map(\.symbolIndex)).isDisjoint(with: invertedHits.map(\.symbolIndex)))
    }
}

/// Finders that touch the edge of the picture: a code cropped to its own
/// border, with no quiet zone at all, on one side or all four.
struct EdgeTests {
    @Test("a code without a quiet zone, cropped to its border, at every quarter turn",
          arguments: ["clean-v1", "clean-v2", "clean-v5", "clean-v7"])
    func croppedToTheBorder(_ name: String) throws {
        let truth = try FixtureLoader.truth(named: name)
        let moduleSize = 4.0
        let side = Int(Double(truth.size) * moduleSize)
        let image = SyntheticImage(width: side, height: side).render([
            SyntheticImage.Placement(grid: truth, center: ImagePoint(x: Double(side) / 2, y: Double(side) / 2),
                                     moduleSize: moduleSize, degrees: 0, quietZone: 0),
        ])
        for quarters in 0..<4 {
            let turned = RotationInvarianceTests.rotated(image, quarters: quarters)
            let matched = QRDetector.detect(in: turned).contains { candidate in
                (0..<4).contains { turns in rotatedGrid(truth, quarters: turns) == candidate.grid }
            }
            #expect(matched, "\(name) at \(quarters * 90)°")
        }
    }

    @Test("a code whose quiet zone is cut off on the left and top")
    func cutOnTwoSides() throws {
        let truth = try FixtureLoader.truth(named: "clean-v5")
        let moduleSize = 3.0
        let side = Int(Double(truth.size + 6) * moduleSize)
        let center = Double(truth.size) * moduleSize / 2
        let image = SyntheticImage(width: side, height: side).render([
            SyntheticImage.Placement(grid: truth, center: ImagePoint(x: center, y: center), moduleSize: moduleSize, degrees: 0),
        ])
        #expect(QRDetector.detect(in: image).contains { $0.grid == truth })
    }

    /// `grid` turned clockwise by quarter turns.
    func rotatedGrid(_ grid: ModuleGrid, quarters: Int) -> ModuleGrid {
        var current = grid
        for _ in 0..<quarters {
            var next = ModuleGrid(size: current.size)
            for row in 0..<current.size {
                for column in 0..<current.size { next[column, current.size - 1 - row] = current[row, column] }
            }
            current = next
        }
        return current
    }
}
