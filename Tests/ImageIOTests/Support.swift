import Foundation

/// Shared helpers for the ImageIO tests.
enum Support {
    /// The directory holding the committed fixtures.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The bytes of fixture `path` (relative to Fixtures/); fails loudly
    /// when missing so that a broken checkout cannot pass silently.
    static func fixture(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(path)))
    }

    /// Names of the fixtures in `folder` ending with `suffix`, sorted.
    static func fixtureNames(in folder: String, suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// The pseudo-random bytes of make_fixtures.py's `lcg_bytes`.
    static func lcgBytes(_ count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
