@testable import LifeSignalCLI
import Testing

/// `TextTable.write` (what commands print: bytes straight into the output)
/// against the lines of every layout, built one by one as the table did
/// before it wrote bytes: one-line rows, the same wide mark in many rows
/// (measured once), cells of several lines, a dimmed header, wrapping and
/// stacking.
struct TextTableWritingTests {
    static let rows: [[String]] = [
        ["•", "48b8d6de", "Sun 01 Mar 09:00", "ping", "Dana responded to your ping"],
        [" ", "580f1446", "Sat 28 Feb 2025 10:00", "check-in", "a longer title that wraps on a narrow terminal"],
        ["•", "", "Sun 01 Mar 09:00", "alert", "Zoë 日本語 😀 and e\u{301}"],
        ["\u{1B}[1m•\u{1B}[0m", "29baf4d3", "x", "role", "two\nlines"],
        ["•", "bd0af4ac", "", "added", ""],
        ["•", "4b8b403a", "Sun 01 Mar 09:00", "removed", "\u{1B}[1mbold title\u{1B}[0m"],
    ]

    static func table(header: [String]?, indent: Int) -> TextTable {
        var table = TextTable(header: header, columns: [.fixed, .fixed, .fixed, .fixed, .flexible], indent: indent)
        rows.forEach { table.add($0) }
        return table
    }

    @Test(arguments: [nil, 200, 60, 40, 20] as [Int?], [0, 2])
    func writesItsLinesEachEndedByABreak(width: Int?, indent: Int) {
        for header in [nil, ["", "ID", "TIME", "TYPE", "TITLE"]] as [[String]?] {
            let table = Self.table(header: header, indent: indent)
            let dim: (String) -> String = { "<\($0)>" }
            var bytes: [UInt8] = []
            table.write(width: width, dim: dim, to: &bytes)
            let lines = table.lines(width: width, dim: dim)
            #expect(String(decoding: bytes, as: UTF8.self) == lines.map { $0 + "\n" }.joined())
            #expect(lines.count >= Self.rows.count)
        }
    }

    @Test func oneLineRowsArePaddedToTheirColumns() {
        var table = TextTable(columns: [.fixed, .fixed, .flexible])
        table.add(["•", "ab", "title"])
        table.add([" ", "abcd", "t"])
        table.add(["•", "", "empty id"])
        #expect(table.lines(width: nil) == ["•  ab    title", "   abcd  t", "•        empty id"])
    }

    @Test func aCellOfSeveralLinesKeepsItsColumn() {
        var table = TextTable(columns: [.fixed, .flexible])
        table.add(["Message", "first\nsecond"])
        table.add(["ID", "x"])
        #expect(table.lines(width: nil) == ["Message  first", "         second", "ID       x"])
    }
}
