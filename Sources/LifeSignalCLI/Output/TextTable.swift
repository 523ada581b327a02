/// Rows of text in columns, aligned by display width and fitted to the
/// terminal.
///
/// Three layouts, the first that fits the width wins:
/// 1. one line a row, columns two spaces apart;
/// 2. the same with the flexible column's text wrapped at word boundaries,
///    its further lines indented to that column;
/// 3. one block a row for narrow terminals. Without a header, the leading
///    cells that fit share the first line and the others follow, indented
///    (a listing's item in two lines). With one, the first cell heads the
///    block (a mark column, headed "", leads its first labelled line), each
///    other cell below it labelled, and a blank line parts the blocks.
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
    /// The display width of every row's cells (of a cell's widest line),
    /// row after row in one array, measured once, as the row is added.
    private var cellWidths: [Int] = []
    /// The rows with a cell of more than one line, in order (most tables
    /// have none: their rows are written without cutting a cell).
    private var multilineRows: [Int] = []
    /// The last one-line cell of more than printable ASCII measured, and
    /// its width: a column of the same mark (a listing's bullet for unread
    /// items) is measured once, not a grapheme walk a row.
    private var lastWideCell = ""
    private var lastWideWidth = 0
    /// Widths columns get at least: those of the pages printed before, so
    /// a long table printed page by page (`startNextPage`) stays aligned.
    private var minimumWidths: [Int] = []

    init(header: [String]? = nil, columns: [Column], indent: Int = 0) {
        self.header = header
        self.columns = columns
        self.indent = indent
    }

    mutating func add(_ cells: [String]) {
        var multiline = false
        for cell in cells {
            // The same bytes (not merely canonically equal text, whose width could differ).
            if cell.utf8.count == lastWideCell.utf8.count, !cell.isEmpty, cell.utf8.elementsEqual(lastWideCell.utf8) {
                cellWidths.append(lastWideWidth)
                continue
            }
            let measured = Self.measure(cell)
            cellWidths.append(measured.width)
            multiline = multiline || measured.hasLineBreak
            if !measured.isPlain, !measured.hasLineBreak {
                lastWideCell = cell
                lastWideWidth = measured.width
            }
        }
        if multiline { multilineRows.append(rows.count) }
        rows.append(cells)
    }

    var isEmpty: Bool { rows.isEmpty }

    var rowCount: Int { rows.count }

    /// Forgets the rows (printed already) but keeps their column widths for
    /// the rows to come: a long listing is printed a page at a time, so its
    /// memory does not grow with it, and its columns never narrow.
    mutating func startNextPage() {
        minimumWidths = columnWidths()
        rows.removeAll(keepingCapacity: true)
        cellWidths.removeAll(keepingCapacity: true)
        multilineRows.removeAll(keepingCapacity: true)
    }

    /// The lines to print; `width` nil means no limit (not a terminal).
    /// `style` dims the header.
    func lines(width: Int?, dim: (String) -> String = { $0 }) -> [String] {
        var text: [UInt8] = []
        write(width: width, dim: dim, to: &text)
        // No line holds a line break: cells are cut at theirs.
        return text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the lines `lines(width:dim:)` gives, each ended by a line
    /// break, as UTF-8 (what a command prints: no String a line).
    func write(width: Int?, dim: (String) -> String = { $0 }, to out: inout [UInt8]) {
        let natural = columnWidths()
        let total = indent + natural.reduce(0, +) + 2 * max(0, natural.count - 1)
        guard let width, total > width else { return aligned(natural, wrapAt: nil, dim: dim, to: &out) }
        if let flexible = columns.lastIndex(of: .flexible), flexible < natural.count {
            let others = total - natural[flexible]
            if width - others >= Self.minimumFlexibleWidth {
                var widths = natural
                widths[flexible] = width - others
                return aligned(widths, wrapAt: flexible, dim: dim, to: &out)
            }
        }
        stacked(width: width, dim: dim, to: &out)
    }

    /// A cell's lines; most cells have one, found without splitting.
    private static func lines(of cell: String) -> [String] {
        guard hasLineBreak(cell) else { return [cell] }
        return cell.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether `cell` has more than one line, looked for in its bytes.
    private static func hasLineBreak(_ cell: String) -> Bool {
        cell.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "\n")) }
            ?? cell.utf8.contains(UInt8(ascii: "\n"))
    }

    /// The display width of a cell's widest line, and whether it has more
    /// than one; a cell of printable ASCII (most are) in one pass over its bytes.
    private static func measure(_ cell: String) -> (width: Int, hasLineBreak: Bool, isPlain: Bool) {
        var cell = cell
        let isPrintableASCII = cell.withUTF8 { bytes in
            // 0x20 (space) through 0x7E (~); a line break is not among them.
            for byte in bytes where byte &- 0x20 > 0x5E { return false }
            return true
        }
        if isPrintableASCII { return (cell.utf8.count, false, true) }
        guard hasLineBreak(cell) else { return (DisplayWidth.of(cell), false, false) }
        return (lines(of: cell).map { DisplayWidth.of($0) }.max() ?? 0, true, false)
    }

    private func columnWidths() -> [Int] {
        var widths = minimumWidths
        func widen(_ index: Int, _ width: Int) {
            if index < widths.count { widths[index] = max(widths[index], width) } else { widths.append(width) }
        }
        for (index, cell) in (header ?? []).enumerated() { widen(index, Self.measure(cell).width) }
        var next = 0
        for row in rows {
            for index in row.indices { widen(index, cellWidths[next + index]) }
            next += row.count
        }
        return widths
    }

    /// Layouts 1 and 2: each cell's lines side by side, padded to `widths`.
    private func aligned(_ widths: [Int], wrapAt flexible: Int?, dim: (String) -> String, to out: inout [UInt8]) {
        if let header {
            let measured = header.map(Self.measure)
            alignedRow(header, measured: measured.map(\.width)[...], multiline: measured.contains { $0.hasLineBreak },
                       widths, wrapAt: flexible, dim: dim, isHeader: true, to: &out)
        }
        var next = 0
        var multiline = multilineRows.makeIterator()
        var nextMultiline = multiline.next()
        for (index, row) in rows.enumerated() {
            let isMultiline = index == nextMultiline
            if isMultiline { nextMultiline = multiline.next() }
            alignedRow(row, measured: cellWidths[next..<next + row.count], multiline: isMultiline,
                       widths, wrapAt: flexible, dim: dim, isHeader: false, to: &out)
            next += row.count
        }
    }

    /// One row of layouts 1 and 2; `measured` are its cells' widths, and
    /// a header's cells are dimmed line by line.
    private func alignedRow(_ row: [String], measured: ArraySlice<Int>, multiline: Bool, _ widths: [Int],
                            wrapAt flexible: Int?, dim: (String) -> String, isHeader: Bool, to out: inout [UInt8]) {
        // Most rows are one line of one-line cells: written straight out.
        if !isHeader, !multiline, flexible.map({ $0 >= row.count }) ?? true {
            return Self.writeLine(row, measured: measured, widths, indent: indent, to: &out)
        }
        Self.appendSpaces(indent, to: &out)
        let cells: [[String]] = row.enumerated().map { index, cell in
            index == flexible ? TextWrap.lines(cell, width: widths[index]) : Self.lines(of: cell)
        }
        let height = cells.reduce(0) { max($0, $1.count) }
        for lineIndex in 0..<height {
            if lineIndex > 0 { Self.appendSpaces(indent, to: &out) }
            var pending = 0
            for (index, cellLines) in cells.enumerated() {
                guard lineIndex < cellLines.count, !cellLines[lineIndex].isEmpty else {
                    pending += widths[index] + 2
                    continue
                }
                let text = cellLines[lineIndex]
                Self.appendSpaces(pending, to: &out)
                Self.append(isHeader ? dim(text) : text, to: &out)
                // A cell of one line, not wrapped, was measured as it was added.
                let width = index != flexible && cellLines.count == 1 ? measured[measured.startIndex + index] : DisplayWidth.of(text)
                pending = widths[index] - width + 2
            }
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// A row of one-line cells as one line: its length found first, then
    /// the cells copied into a buffer of spaces that long, appended at once
    /// (an append a cell and one for each run of spaces cost several times
    /// as much a row).
    private static func writeLine(_ row: [String], measured: ArraySlice<Int>, _ widths: [Int], indent: Int,
                                  to out: inout [UInt8]) {
        var length = indent + 1
        var pending = 0
        for index in row.indices {
            guard !row[index].isEmpty else {
                pending += widths[index] + 2
                continue
            }
            length += pending + row[index].utf8.count
            pending = widths[index] - measured[measured.startIndex + index] + 2
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { line in
            guard let base = line.baseAddress else { return }
            line.initialize(repeating: UInt8(ascii: " "))
            var at = indent
            var pending = 0
            for index in row.indices {
                var cell = row[index]
                guard !cell.isEmpty else {
                    pending += widths[index] + 2
                    continue
                }
                at += pending
                at += cell.withUTF8 { bytes in
                    if let source = bytes.baseAddress { (base + at).update(from: source, count: bytes.count) }
                    return bytes.count
                }
                pending = widths[index] - measured[measured.startIndex + index] + 2
            }
            line[length - 1] = UInt8(ascii: "\n")
            out.append(contentsOf: UnsafeBufferPointer(line))
        }
    }

    /// A cell's UTF-8 appended through its contiguous bytes (appending a
    /// String's `utf8` view went byte by byte).
    private static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    private static func appendSpaces(_ count: Int, to out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// Layout 3: a block a row.
    private func stacked(width: Int, dim: (String) -> String, to out: inout [UInt8]) {
        func append(_ line: String) {
            out.append(contentsOf: line.utf8)
            out.append(UInt8(ascii: "\n"))
        }
        let lead = String(repeating: " ", count: indent)
        let labels = header.map { Array($0.dropFirst()) } ?? []
        let labelWidth = labels.map { DisplayWidth.of($0) }.max() ?? 0
        // A mark column (headed "", a cell of a column or two) leads the first labelled line.
        let markColumn = header?.first == "" && rows.allSatisfy { DisplayWidth.of($0.first ?? "") <= 2 }
        for (number, row) in rows.enumerated() {
            guard let first = row.first else { continue }
            if header != nil, number > 0 { append("") }
            var rest = Array(row.dropFirst().enumerated())
            var mark: String?
            if header == nil {
                // The leading cells that fit share the first line; the last cell never does.
                var line = first, used = DisplayWidth.of(first)
                while rest.count > 1, !Self.hasLineBreak(line), !Self.hasLineBreak(rest[0].element),
                      used + 2 + DisplayWidth.of(rest[0].element) <= width - indent {
                    used += 2 + DisplayWidth.of(rest[0].element)
                    line += "  " + rest.removeFirst().element
                }
                if used <= width - indent { append(lead + line) } else {
                    for text in TextWrap.lines(line, width: max(1, width - indent)) { append(lead + text) }
                }
            } else if markColumn {
                mark = first + String(repeating: " ", count: 2 - DisplayWidth.of(first))
            } else {
                for line in TextWrap.lines(first, width: max(1, width - indent)) { append(lead + line) }
            }
            for (index, cell) in rest where !cell.isEmpty {
                var head = lead + (mark ?? "  ")
                mark = nil
                if index < labels.count {
                    head += dim(labels[index]) + String(repeating: " ", count: labelWidth - DisplayWidth.of(labels[index]) + 2)
                }
                let headWidth = indent + 2 + (labels.isEmpty ? 0 : labelWidth + 2)
                let body = TextWrap.lines(cell, width: max(1, width - headWidth))
                let pad = String(repeating: " ", count: headWidth)
                for (lineIndex, text) in body.enumerated() {
                    append((lineIndex == 0 ? head : pad) + text)
                }
            }
        }
    }
}
