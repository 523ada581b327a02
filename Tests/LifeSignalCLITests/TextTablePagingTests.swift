@testable import LifeSignalCLI
import Testing

/// A long table printed page by page (`startNextPage`, as the human
/// notification listing does to keep its memory flat) lines up as the
/// whole table would whenever the first page holds the widest cells, and
/// its columns never narrow from one page to the next.
struct TextTablePagingTests {
    static let rows = (0..<9).map { n in ["•", "id\(n)", String(repeating: "t", count: 9 - n), "title \(n)"] }

    static func paged(_ rows: [[String]], pageSize: Int, width: Int?) -> [String] {
        var table = TextTable(columns: [.fixed, .fixed, .fixed, .flexible])
        var lines: [String] = []
        for row in rows {
            table.add(row)
            if table.rowCount == pageSize {
                lines += table.lines(width: width)
                table.startNextPage()
            }
        }
        return lines + table.lines(width: width)
    }

    static func whole(_ rows: [[String]], width: Int?) -> [String] {
        var table = TextTable(columns: [.fixed, .fixed, .fixed, .flexible])
        rows.forEach { table.add($0) }
        return table.lines(width: width)
    }

    @Test(arguments: [1, 2, 4, 9, 20], [nil, 80, 24] as [Int?])
    func pagesLineUpAsTheWholeTable(_ pageSize: Int, _ width: Int?) {
        #expect(Self.paged(Self.rows, pageSize: pageSize, width: width) == Self.whole(Self.rows, width: width))
    }

    @Test func aWiderLaterPageWidensButNeverNarrows() {
        let lines = Self.paged(Array(Self.rows.reversed()), pageSize: 3, width: nil)
        let starts = lines.map { line in line.utf8.count - (line.split(separator: " ").last?.utf8.count ?? 0) }
        #expect(starts == starts.sorted(), "\(lines)")
    }
}
