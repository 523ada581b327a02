import Foundation
@testable import LifeSignalCLI
import Testing
import TestSupport

/// Display widths: the shipped tables against the Unicode data they come
/// from, and known widths of the characters names and notes are made of.
struct UnicodeWidthTests {
    static let sourceFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/LifeSignalCLI/Output/UnicodeWidthTables.swift")

    /// The source of `UnicodeWidthTables.swift` derived from the data:
    /// zero width for marks and format characters (General_Category Mn, Me,
    /// Cf but the soft hyphen) and the Hangul vowels and finals that join a
    /// syllable; two columns for East Asian Wide and Fullwidth, and for the
    /// blocks whose unassigned code points default to Wide.
    static func generated() throws -> String {
        let characters = try UnicodeDataFiles.characters()
        let zero = characters.filter { ["Mn", "Me", "Cf"].contains($0.category) && $0.value != 0xAD }
            .map { $0.value...$0.value } + [0x1160...0x11FF, 0xD7B0...0xD7FF]
        let wideDefaults: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
                                                   0x20000...0x2FFFD, 0x30000...0x3FFFD]
        let wide = try UnicodeDataFiles.ranges("EastAsianWidth.txt").filter { ["W", "F"].contains($0.value) }
            .map(\.range) + wideDefaults
        let version = try UnicodeDataFiles.version(of: "EastAsianWidth.txt")
        func table(_ ranges: [ClosedRange<UInt32>]) -> String {
            UnicodeDataFiles.swiftNumbers(UnicodeDataFiles.mergedRanges(ranges).flatMap { [$0.lowerBound, $0.upperBound] })
        }
        return """
            // Generated from UnicodeData.txt and EastAsianWidth.txt of Unicode \(version) by
            // UnicodeWidthTests (LIFESIGNAL_REGENERATE=1 swift test --filter UnicodeWidthTests); do not edit.

            /// Display widths by code point, as sorted `[first, last]` pairs.
            enum UnicodeWidthTables {
                /// Drawn on the character before: marks, format characters, joining Hangul jamo.
                static let zeroWidth: [UInt32] = [
            \(table(zero))
                ]

                /// Two columns: East Asian Wide and Fullwidth.
                static let wide: [UInt32] = [
            \(table(wide))
                ]
            }

            """
    }

    @Test(.enabled(if: UnicodeDataFiles.isAvailable, "the unicode-data package is not installed"))
    func shippedTablesMatchTheUnicodeData() throws {
        let expected = try Self.generated()
        if ProcessInfo.processInfo.environment["LIFESIGNAL_REGENERATE"] == "1" {
            try Data(expected.utf8).write(to: Self.sourceFile)
        }
        let shipped = try String(contentsOf: Self.sourceFile, encoding: .utf8)
        #expect(shipped == expected, "UnicodeWidthTables.swift is out of date: LIFESIGNAL_REGENERATE=1 swift test --filter UnicodeWidthTests")
    }

    struct Known: CustomTestStringConvertible, Sendable {
        let id: String
        let text: String
        let width: Int
        var testDescription: String { id }
    }

    static let known: [Known] = [
        Known(id: "ASCII", text: "Ada Lovelace", width: 12),
        Known(id: "precomposed accent", text: "Cl\u{E9}o", width: 4),
        Known(id: "combining accent", text: "Cle\u{301}o", width: 4),
        Known(id: "stacked combining marks", text: "Z\u{301}\u{308}\u{30A}", width: 1),
        Known(id: "CJK ideographs", text: "\u{5C71}\u{7530}\u{592A}\u{90CE}", width: 8),
        Known(id: "hiragana", text: "\u{3072}\u{3089}\u{304C}\u{306A}", width: 8),
        Known(id: "Hangul syllables", text: "\u{D55C}\u{AE00}", width: 4),
        Known(id: "Hangul from jamo", text: "\u{1112}\u{1161}\u{11AB}", width: 2),
        Known(id: "fullwidth letters", text: "\u{FF21}\u{FF22}", width: 4),
        Known(id: "halfwidth katakana", text: "\u{FF76}\u{FF85}", width: 2),
        Known(id: "emoji", text: "\u{1F600}", width: 2),
        Known(id: "emoji with skin tone", text: "\u{1F44D}\u{1F3FD}", width: 2),
        Known(id: "family (ZWJ sequence)", text: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", width: 2),
        Known(id: "flag", text: "\u{1F1F3}\u{1F1F4}", width: 2),
        Known(id: "heart with emoji presentation", text: "\u{2764}\u{FE0F}", width: 2),
        Known(id: "heart as text", text: "\u{2764}", width: 1),
        Known(id: "zero width space", text: "a\u{200B}b", width: 2),
        Known(id: "soft hyphen", text: "a\u{AD}b", width: 3),
        Known(id: "Greek and Cyrillic", text: "\u{3A9}\u{416}", width: 2),
        Known(id: "colour escapes", text: "\u{1B}[31mred\u{1B}[0m", width: 3),
        Known(id: "Thai with vowel marks", text: "\u{E01}\u{E34}", width: 1),
    ]

    @Test(arguments: known)
    func knownWidths(_ known: Known) {
        #expect(DisplayWidth.of(known.text) == known.width)
    }
}
