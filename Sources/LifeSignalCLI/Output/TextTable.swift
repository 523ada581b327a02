/// Rows of text in columns, aligned by display width and fitted to the
/// terminal.
///
/// Three layouts, the first that fits the width wins:
/// 1. one line a row, columns two spaces apart;
/// 2. the same with the flexible column's text wrapped at word boundaries,
///    its further lines indented to that column;
/// 3. one block a row for narrow terminals: the first cell on its own line,
///    then each other cell indented below it (labelled by the header).
/// Text with line breaks (a multi-line note) always gets further lines
/// indented to its column, so it can never look like lines of its own.
struct TextTable {
    /// How a column behaves when the row is too wide.
    enum Column: Equatable {
        /// Kept whole.
        case fixed
        /// Wrapped to what is left (at most one such column is used: the last).
        case flexible
    }

    /// The narrowest a wrapped column may get before the table is stacked.
    static let minimumFlexibleWidth = 16

    let header: [String]?
    let columns: [Column]
    /// Spaces before every line.
    let indent: Int
    private(set) var rows: [[String]] = []
    /// Widths columns get at least: those of the pages printed before, so
    /// a long table printed page by page (`startNextPage`) stays aligned.
    private var minimumWidths: [Int] = []

    init(header: [String]? = nil, columns: [Column], indent: Int = 0) {
        self.header = header
        self.columns = columns
        self.indent = indent
    }

    mutating func add(_ cells: [String]) {
        rows.append(cells)
    }

    var isEmpty: Bool { rows.isEmpty }

    var rowCount: Int { rows.count }

    /// Forgets the rows (printed already) but keeps their column widths for
    /// the rows to come: a long listing is printed a page at a time, so its
    /// memory does not grow with it, and its columns never narrow.
    mutating func startNextPage() {
        minimumWidths = columnWidths((header.map { [$0] } ?? []) + rows)
        rows.removeAll(keepingCapacity: true)
    }

    /// The lines to print; `width` nil means no limit (not a terminal).
    /// `style` dims the header.
    func lines(width: Int?, dim: (String) -> String = { $0 }) -> [String] {
        let all = (header.map { [$0] } ?? []) + rows
        let natural = columnWidths(all)
        let total = indent + natural.reduce(0, +) + 2 * max(0, natural.count - 1)
        guard let width, total > width else { return aligned(natural, wrapAt: nil, dim: dim) }
        if let flexible = columns.lastIndex(of: .flexible), flexible < natural.count {
            let others = total - natural[flexible]
            if width - others >= Self.minimumFlexibleWidth {
                var widths = natural
                widths[flexible] = width - others
                return aligned(widths, wrapAt: flexible, dim: dim)
            }
        }
        return stacked(width: width, dim: dim)
    }

    /// A cell's lines; most cells have one, found without splitting.
    private static func lines(of cell: String) -> [String] {
        guard cell.utf8.contains(UInt8(ascii: "\n")) else { return [cell] }
        return cell.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func columnWidths(_ rows: [[String]]) -> [Int] {
        var widths = minimumWidths
        for row in rows {
            for (index, cell) in row.enumerated() {
                let width = Self.lines(of: cell).map { DisplayWidth.of($0) }.max() ?? 0
                if index < widths.count { widths[index] = max(widths[index], width) } else { widths.append(width) }
            }
        }
        return widths
    }

    /// Layouts 1 and 2: each cell's lines side by side, padded to `widths`.
    private func aligned(_ widths: [Int], wrapAt flexible: Int?, dim: (String) -> String) -> [String] {
        var out: [String] = []
        for (rowIndex, row) in ((header.map { [$0] } ?? []) + rows).enumerated() {
            let isHeader = header != nil && rowIndex == 0
            let cells: [[String]] = row.enumerated().map { index, cell in
                index == flexible ? TextWrap.lines(cell, width: widths[index]) : Self.lines(of: cell)
            }
            let height = cells.map(\.count).max() ?? 0
            for lineIndex in 0..<height {
                // Built as bytes: a listing has many lines, and String
                // concatenation costs more than measuring them.
                var line: [UInt8] = []
                line.reserveCapacity(indent + widths.reduce(0, +) + 2 * widths.count)
                line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
                var pending = 0
                for (index, cellLines) in cells.enumerated() {
                    guard lineIndex < cellLines.count, !cellLines[lineIndex].isEmpty else {
                        pending += widths[index] + 2
                        continue
                    }
                    let text = cellLines[lineIndex]
                    line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: pending))
                    line.append(contentsOf: (isHeader ? dim(text) : text).utf8)
                    pending = widths[index] - DisplayWidth.of(text) + 2
                }
                out.append(String(decoding: line, as: UTF8.self))
            }
        }
        return out
    }

    /// Layout 3: a block a row.
    private func stacked(width: Int, dim: (String) -> String) -> [String] {
        var out: [String] = []
        let lead = String(repeating: " ", count: indent)
        let labels = header.map { Array($0.dropFirst()) } ?? []
        let labelWidth = labels.map { DisplayWidth.of($0) }.max() ?? 0
        for row in rows {
            guard let first = row.first else { continue }
            out += TextWrap.lines(first, width: max(1, width - indent)).map { lead + $0 }
            for (index, cell) in row.dropFirst().enumerated() where !cell.isEmpty {
                var head = lead + "  "
                if index < labels.count {
                    head += dim(labels[index]) + String(repeating: " ", count: labelWidth - DisplayWidth.of(labels[index]) + 2)
                }
                let headWidth = indent + 2 + (labels.isEmpty ? 0 : labelWidth + 2)
                let body = TextWrap.lines(cell, width: max(1, width - headWidth))
                let pad = String(repeating: " ", count: headWidth)
                for (lineIndex, text) in body.enumerated() {
                    out.append((lineIndex == 0 ? head : pad) + text)
                }
            }
        }
        return out
    }
}
