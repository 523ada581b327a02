@testable import LifeSignalApp
@testable import LifeSignalCLI
import Foundation
import LifeSignalCore
import StrictJSON
import Testing
import TestSupport

/// The one sanitiser: what each hostile character becomes on a terminal,
/// that nothing hostile survives any input, and that JSON escapes the same
/// characters while keeping the content exact.
struct TerminalTextTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let id: String
        let input: String
        let line: String
        let block: String
        var testDescription: String { id }
    }

    static let rows: [Row] = [
        Row(id: "plain ASCII is untouched", input: "Ada Lovelace", line: "Ada Lovelace", block: "Ada Lovelace"),
        Row(id: "letters of any script are untouched", input: "Zoë 山田 Ωμέγα", line: "Zoë 山田 Ωμέγα", block: "Zoë 山田 Ωμέγα"),
        Row(id: "clear screen (CSI)", input: "\u{1B}[2J\u{1B}[H", line: "␛[2J␛[H", block: "␛[2J␛[H"),
        Row(id: "window title (OSC 2)", input: "\u{1B}]2;pwned\u{07}", line: "␛]2;pwned␇", block: "␛]2;pwned␇"),
        Row(id: "clipboard (OSC 52)", input: "\u{1B}]52;c;cm0gLXJmIH4=\u{1B}\\", line: "␛]52;c;cm0gLXJmIH4=␛\\",
            block: "␛]52;c;cm0gLXJmIH4=␛\\"),
        Row(id: "C1 CSI and OSC", input: "a\u{9B}2Jb\u{9D}0;x\u{9C}", line: "a<U+009B>2Jb<U+009D>0;x<U+009C>",
            block: "a<U+009B>2Jb<U+009D>0;x<U+009C>"),
        Row(id: "NUL, BEL, backspace, DEL", input: "a\u{0}b\u{7}c\u{8}d\u{7F}", line: "a␀b␇c␈d␡", block: "a␀b␇c␈d␡"),
        Row(id: "a carriage return cannot overwrite the line", input: "safe\rDANGER", line: "safe␍DANGER",
            block: "safe\nDANGER"),
        Row(id: "line breaks: one line, or lines", input: "one\ntwo\r\nthree\u{2028}four", line: "one␊two␍␊three<U+2028>four",
            block: "one\ntwo\nthree\nfour"),
        Row(id: "NEL, vertical tab and form feed are controls", input: "a\u{85}b\u{B}c\u{C}d", line: "a<U+0085>b␋c␌d",
            block: "a<U+0085>b␋c␌d"),
        Row(id: "a tab is a space", input: "a\tb", line: "a b", block: "a b"),
        Row(id: "right-to-left override", input: "Bob\u{202E}gnp.exe", line: "Bob<U+202E>gnp.exe", block: "Bob<U+202E>gnp.exe"),
        Row(id: "every embedding, override and isolate", input: "\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}",
            line: "<U+202A><U+202B><U+202C><U+202D><U+2066><U+2067><U+2068><U+2069>",
            block: "<U+202A><U+202B><U+202C><U+202D><U+2066><U+2067><U+2068><U+2069>"),
        Row(id: "direction marks: shown in a line, kept in running text", input: "שלום\u{200F} 12",
            line: "שלום<U+200F> 12", block: "שלום\u{200F} 12"),
        Row(id: "zero-width space and word joiner", input: "B\u{200B}o\u{2060}b", line: "B<U+200B>o<U+2060>b",
            block: "B<U+200B>o<U+2060>b"),
        Row(id: "byte order mark and soft hyphen", input: "\u{FEFF}Bo\u{AD}b", line: "<U+FEFF>Bo<U+00AD>b",
            block: "<U+FEFF>Bo<U+00AD>b"),
        Row(id: "a joiner between ASCII letters", input: "B\u{200D}ob", line: "B<U+200D>ob", block: "B<U+200D>ob"),
        Row(id: "a joiner inside an emoji sequence is kept", input: "👨‍👩‍👧", line: "👨‍👩‍👧", block: "👨‍👩‍👧"),
        Row(id: "a non-joiner inside a Persian word is kept", input: "می‌خواهم", line: "می‌خواهم", block: "می‌خواهم"),
        Row(id: "tags in a subdivision flag are kept", input: "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            line: "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            block: "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"),
        Row(id: "stray tags (hidden ASCII) are shown", input: "hi\u{E0072}\u{E006D}", line: "hi<U+E0072><U+E006D>",
            block: "hi<U+E0072><U+E006D>"),
        Row(id: "Hangul fillers that draw nothing", input: "\u{3164}\u{FFA0}\u{115F}", line: "<U+3164><U+FFA0><U+115F>",
            block: "<U+3164><U+FFA0><U+115F>"),
    ]

    @Test(arguments: rows)
    func eachHiddenCharacterHasAVisibleStandIn(_ row: Row) {
        #expect(TerminalText.line(row.input) == row.line, "\(row.id)")
        #expect(TerminalText.block(row.input) == row.block, "\(row.id)")
    }

    @Test func furtherLinesOfABlockAreIndented() {
        let note = "Key under the pot.\n•  3f2a1b0c  Mon 02 Mar 09:20  alert     Eve raised an alert"
        #expect(TerminalText.block(note, indent: "    ")
                == "Key under the pot.\n    •  3f2a1b0c  Mon 02 Mar 09:20  alert     Eve raised an alert")
    }

    /// Nothing a terminal acts on survives, whatever the mix: seeded random
    /// strings of hostile and ordinary characters.
    @Test func nothingHostileSurvivesRandomInput() {
        let pool: [Unicode.Scalar] = ["a", "Z", " ", "é", "山", "ש", "\u{1B}", "[", "]", "\u{7}", "\u{0}", "\r", "\n",
                                      "\t", "\u{7F}", "\u{85}", "\u{9B}", "\u{9D}", "\u{202E}", "\u{2066}", "\u{2069}",
                                      "\u{200B}", "\u{200C}", "\u{200D}", "\u{200F}", "\u{2028}", "\u{FEFF}", "\u{E0041}",
                                      "\u{1F468}", "\u{1F3F4}"]
        var generator = SeededGenerator(seed: 16)
        for round in 0..<5000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<24, using: &generator) { scalars.append(generator.pick(pool)) }
            let input = String(scalars)
            let line = TerminalText.line(input)
            let block = TerminalText.block(input, indent: "  ")
            for scalar in line.unicodeScalars {
                #expect(!Self.actsOnATerminal(scalar) && scalar != "\n", "round \(round): \(input.debugDescription) → \(line.debugDescription)")
            }
            for scalar in block.unicodeScalars where scalar != "\n" {
                #expect(!Self.actsOnATerminal(scalar), "round \(round): \(input.debugDescription) → \(block.debugDescription)")
            }
            #expect(!block.contains("\n") || block.components(separatedBy: "\n").dropFirst().allSatisfy { $0.hasPrefix("  ") })
        }
    }

    /// Controls, breaks, bidirectional controls and invisible characters
    /// outside the contexts that need them.
    static func actsOnATerminal(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || [0x2028, 0x2029, 0x200B, 0xFEFF].contains(value)
    }

    /// `JSONString` escapes exactly the characters `HiddenCharacters` names
    /// (C0 aside, which JSON escapes anyway), over all of Unicode.
    @Test func jsonEscapesTheSameCharactersTheTerminalHides() {
        var disagreements: [String] = []
        for value in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let hidden = HiddenCharacters.kind(of: scalar, after: nil, before: nil) != nil
            if hidden != JSONString.isHidden(value) { disagreements.append(HiddenCharacters.codePoint(scalar)) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }

    /// `--json` keeps the exact content, and its bytes carry nothing a
    /// terminal acts on.
    @Test func jsonKeepsExactContentInPlainBytes() throws {
        let hostile = "Eve\u{1B}]52;c;cm0=\u{7}\u{9B}2J\u{202E}x\u{200B}\u{2028}\nlast\u{E0041}👨‍👩‍👧"
        let rendered = JSONValue.object([("name", .string(hostile))]).rendered(pretty: false)
        #expect(rendered == #"{"name":"Eve\u001b]52;c;cm0=\u0007\u009b2J\u202ex\u200b\u2028\nlast\udb40\udc41👨\u200d👩\u200d👧"}"#)
        let decoded = try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: String]
        #expect(decoded?["name"] == hostile)
    }
}
