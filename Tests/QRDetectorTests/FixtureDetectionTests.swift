import Foundation
import Testing
@testable import QRDetector

/// How a detector result compares with a fixture's truth.
struct FixtureOutcome: Sendable {
    let entry: FixtureLoader.Entry
    let candidates: Int
    /// Module errors of the best candidate for the truth grid, if any.
    let bestErrors: Int?
    /// Zero-based position of the first acceptable candidate.
    let firstAcceptableRank: Int?
    let dataModules: Int
    let milliseconds: Double

    var found: Bool { firstAcceptableRank != nil }

    /// Reed–Solomon at level L still corrects about 3.5% of codewords, so
    /// a grid within 3% of its data modules counts as a correct sample.
    static func acceptable(errors: Int, dataModules: Int) -> Bool {
        errors * 100 <= dataModules * 3
    }

    /// Every manifest fixture evaluated once, shared by the per-fixture
    /// tests and the summary (a lazily initialised global runs once).
    static let all: [String: Result<FixtureOutcome, FixtureLoader.LoadError>] = {
        var results: [String: Result<FixtureOutcome, FixtureLoader.LoadError>] = [:]
        for entry in FixtureLoader.manifest {
            do {
                results[entry.name] = .success(try evaluate(entry))
            } catch let error as FixtureLoader.LoadError {
                results[entry.name] = .failure(error)
            } catch {
                results[entry.name] = .failure(.unreadable(entry.name))
            }
        }
        return results
    }()

    static func outcome(for entry: FixtureLoader.Entry) throws -> FixtureOutcome {
        guard let result = all[entry.name] else { throw FixtureLoader.LoadError.unreadable(entry.name) }
        return try result.get()
    }

    static func evaluate(_ entry: FixtureLoader.Entry) throws -> FixtureOutcome {
        let image = try FixtureLoader.image(named: entry.name)
        let truth = try FixtureLoader.truth(named: entry.name)
        let expected = entry.mirrored ? truth.transposed : truth
        let start = DispatchTime.now().uptimeNanoseconds
        let candidates = QRDetector.detect(in: image)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let dataModules = expected.size * expected.size - SymbolLayout.knownModules(size: expected.size).count
        var best: Int?
        var rank: Int?
        // Any symbol: with two in the picture, the one nearer the middle comes first.
        for (index, candidate) in candidates.enumerated() {
            guard candidate.grid.size == expected.size else { continue }
            let errors = zip(candidate.grid.bits, expected.bits).filter { $0 != $1 }.count
            best = min(best ?? errors, errors)
            if rank == nil && acceptable(errors: errors, dataModules: dataModules) { rank = index }
        }
        return FixtureOutcome(entry: entry, candidates: candidates.count, bestErrors: best,
                              firstAcceptableRank: rank, dataModules: dataModules, milliseconds: elapsed)
    }
}

@Suite("Detection on generated fixtures")
struct FixtureDetectionTests {
    @Test("manifest lists the fixtures") func manifestPresent() {
        #expect(FixtureLoader.manifest.count >= 30)
    }

    @Test("first symbol sampled within 3% of its data modules",
          arguments: FixtureLoader.manifest.filter { !$0.name.hasPrefix("hard-") })
    func detects(_ entry: FixtureLoader.Entry) throws {
        let outcome = try FixtureOutcome.outcome(for: entry)
        #expect(outcome.found, "\(entry.name): best errors \(outcome.bestErrors.map(String.init) ?? "none")")
        #expect(outcome.candidates <= 2 * QRDetector.maximumCandidatesPerSymbol)
    }

    /// Both symbols are found as separate symbols, ordered by their
    /// distance from the middle of the picture.
    @Test("both symbols are found, nearest the middle first", arguments: ["two-symbols", "two-symbols-row"])
    func secondSymbol(_ name: String) throws {
        let image = try FixtureLoader.image(named: name)
        let truths = [try FixtureLoader.truth(named: name), try FixtureLoader.truth(named: name, suffix: "truth2")]
        let candidates = QRDetector.detect(in: image)
        var indices: [Int] = []
        var distances: [Double] = []
        for truth in truths {
            let matches = candidates.filter { candidate in
                candidate.grid.size == truth.size && zip(candidate.grid.bits, truth.bits).allSatisfy { $0 == $1 }
            }
            let index = try #require(matches.first?.symbolIndex, "no exact grid for one of the symbols")
            #expect(matches.allSatisfy { $0.symbolIndex == index })
            indices.append(index)
            let corners = try #require(matches.first?.corners)
            let middle = ImagePoint(x: (corners.topLeft.x + corners.bottomRight.x) / 2, y: (corners.topLeft.y + corners.bottomRight.y) / 2)
            distances.append(middle.distance(to: ImagePoint(x: Double(image.width) / 2, y: Double(image.height) / 2)))
        }
        #expect(Set(indices) == [0, 1])
        #expect((indices[0] < indices[1]) == (distances[0] < distances[1]), "distances \(distances), indices \(indices)")
    }

    /// qrencode draws clean-v1 at 4 px a module behind a 4-module quiet
    /// zone, so its 21-module symbol spans pixels 16 to 100.
    @Test("corners of a clean symbol")
    func corners() throws {
        let first = try #require(QRDetector.detect(in: try FixtureLoader.image(named: "clean-v1")).first)
        let expected = [ImagePoint(x: 16, y: 16), ImagePoint(x: 100, y: 16), ImagePoint(x: 100, y: 100), ImagePoint(x: 16, y: 100)]
        let found = [first.corners.topLeft, first.corners.topRight, first.corners.bottomRight, first.corners.bottomLeft]
        for (corner, target) in zip(found, expected) {
            #expect(corner.distance(to: target) < 2, "\(corner) vs \(target)")
        }
        #expect(first.version == 1)
        #expect(first.patternMismatch == 0)
    }

    @Test("inverted symbols are flagged, dark-on-light ones are not", arguments: [
        ("inverted-v2", true), ("inverted-rotate-v4", true), ("clean-v2", false),
    ])
    func inversionFlag(_ name: String, _ inverted: Bool) throws {
        let candidates = QRDetector.detect(in: try FixtureLoader.image(named: name))
        #expect(candidates.first?.inverted == inverted)
    }
}

@Suite("Detection summary")
struct DetectionSummaryTests {
    /// Prints one line a fixture so the success rate is visible in the log,
    /// next to zbarimg's result recorded when the fixtures were generated.
    @Test("summary table") func summary() throws {
        let outcomes = try FixtureLoader.manifest.map(FixtureOutcome.outcome(for:))
        var lines = ["fixture                     found  rank  errors/data  candidates  ms      zbar"]
        for outcome in outcomes {
            let name = outcome.entry.name.padding(toLength: 28, withPad: " ", startingAt: 0)
            let found = (outcome.found ? "yes" : "NO").padding(toLength: 7, withPad: " ", startingAt: 0)
            let rank = (outcome.firstAcceptableRank.map(String.init) ?? "-").padding(toLength: 6, withPad: " ", startingAt: 0)
            let errors = "\(outcome.bestErrors.map(String.init) ?? "-")/\(outcome.dataModules)"
                .padding(toLength: 13, withPad: " ", startingAt: 0)
            let count = String(outcome.candidates).padding(toLength: 12, withPad: " ", startingAt: 0)
            let time = String(format: "%.1f", outcome.milliseconds).padding(toLength: 8, withPad: " ", startingAt: 0)
            lines.append("\(name)\(found)\(rank)\(errors)\(count)\(time)\(outcome.entry.zbarReads ? "yes" : "no")")
        }
        let found = outcomes.filter(\.found).count
        let firstRight = outcomes.filter { $0.firstAcceptableRank == 0 }.count
        let zbar = outcomes.filter(\.entry.zbarReads).count
        lines.append("found \(found)/\(outcomes.count), best-first \(firstRight)/\(outcomes.count), zbarimg \(zbar)/\(outcomes.count)")
        print(lines.joined(separator: "\n"))
        #expect(!outcomes.isEmpty)
        #expect(found >= zbar, "the detector should find at least as many symbols as zbarimg reads")
    }
}
