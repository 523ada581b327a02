import Foundation
@testable import LifeSignalCore
import Testing
import TestSupport

/// Names folded for matching: the shipped table against the Unicode data,
/// and known foldings.
struct NameFoldingTests {
    static let sourceFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/LifeSignalCore/Rules/NameFoldingTable.swift")

    /// The source of `NameFoldingTable.swift`: every letter whose canonical
    /// decomposition is a letter followed by marks maps to that letter (fully
    /// decomposed: `ế` → `e`), and a Latin, Greek or Cyrillic letter without
    /// one but named "… LETTER X WITH …" (`Ø`, `ł`, `đ`) maps to letter X.
    static func generated() throws -> String {
        let characters = try UnicodeDataFiles.characters()
        var byValue: [UInt32: UnicodeDataFiles.Character] = [:]
        var byName: [String: UInt32] = [:]
        for character in characters {
            byValue[character.value] = character
            byName[character.name] = character.value
        }
        func isMark(_ value: UInt32) -> Bool { byValue[value]?.category == "Mn" }
        func isLetter(_ value: UInt32) -> Bool { byValue[value]?.category.hasPrefix("L") ?? false }
        func decomposed(_ value: UInt32) -> [UInt32] {
            guard let parts = byValue[value]?.decomposition, !parts.isEmpty else { return [value] }
            return parts.flatMap(decomposed)
        }
        var pairs: [(UInt32, UInt32)] = []
        for character in characters where character.value >= 0xC0 && character.category.hasPrefix("L") {
            let parts = decomposed(character.value)
            if parts.count > 1 {
                if isLetter(parts[0]), parts.dropFirst().allSatisfy(isMark) { pairs.append((character.value, parts[0])) }
                continue
            }
            let words = character.name.split(separator: " ")
            guard words.count >= 6, ["LATIN", "GREEK", "CYRILLIC"].contains(words[0]), words[2] == "LETTER",
                  words[3].count == 1, words[4] == "WITH",
                  let base = byName[words[0...3].joined(separator: " ")] else { continue }
            pairs.append((character.value, base))
        }
        let version = try UnicodeDataFiles.version(of: "DerivedAge.txt")
        return """
            // Generated from UnicodeData.txt of Unicode \(version) by NameFoldingTests
            // (LIFESIGNAL_REGENERATE=1 swift test --filter NameFoldingTests); do not edit.

            /// Letters with accents or strokes and their base letters, as sorted `[letter, base]` pairs.
            enum NameFoldingTable {
                static let bases: [UInt32] = [
            \(UnicodeDataFiles.swiftNumbers(pairs.sorted { $0.0 < $1.0 }.flatMap { [$0.0, $0.1] }))
                ]
            }

            """
    }

    @Test(.enabled(if: UnicodeDataFiles.isAvailable, "the unicode-data package is not installed"))
    func shippedTableMatchesTheUnicodeData() throws {
        let expected = try Self.generated()
        if ProcessInfo.processInfo.environment["LIFESIGNAL_REGENERATE"] == "1" {
            try Data(expected.utf8).write(to: Self.sourceFile)
        }
        let shipped = try String(contentsOf: Self.sourceFile, encoding: .utf8)
        #expect(shipped == expected, "NameFoldingTable.swift is out of date: LIFESIGNAL_REGENERATE=1 swift test --filter NameFoldingTests")
    }

    @Test(arguments: [
        ("Cléo", "cleo"), ("CLÉO", "cleo"), ("Cle\u{301}o", "cleo"), ("Søren Kierkegaard", "soren kierkegaard"),
        ("Łukasz", "lukasz"), ("Đorđe", "dorde"), ("Nguyễn", "nguyen"), ("Ærø", "ærø".replacingOccurrences(of: "ø", with: "o")),
        ("Ἀθηνᾶ", "αθηνα"), ("Йосип", "иосип"), ("  Ada   Lovelace ", "ada lovelace"), ("山田", "山田"),
    ])
    func folds(_ pair: (String, String)) {
        #expect(NameFolding.fold(pair.0) == pair.1)
    }
}
