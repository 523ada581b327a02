/// The mask evaluation of ISO/IEC 18004 7.8.3: four penalty rules, lower is better.
///
/// Rules as scored here:
/// 1. N1 + (length − 5) for each run of five or more same-coloured modules in a row or column;
/// 2. N2 for each 2 × 2 block of one colour (overlapping blocks all count);
/// 3. N3 for each 1:1:3:1:1 dark-light-dark-light-dark pattern in a row or column with
///    a light area four modules wide before it, and again for one after it; the quiet
///    zone around the symbol counts as light;
/// 4. N4 for each full 5 % step the dark proportion strays from 50 %.
///
/// Every line is a bit set, so each rule tests 64 positions at once; this is what
/// keeps choosing among eight masks of a version 40 symbol within a few milliseconds.
enum MaskPenalty {
    static let n1 = 3
    static let n2 = 3
    static let n3 = 40
    static let n4 = 10

    /// The four rule scores of a finished symbol.
    static func rules(_ matrix: BitMatrix) -> (runs: Int, blocks: Int, finders: Int, balance: Int) {
        rules(LineBits(matrix), size: matrix.size)
    }

    /// The total penalty of a symbol given as packed rows and columns, or
    /// some value of at least `limit` as soon as the penalty reaches it (the
    /// rules only add, so a mask already worse than the best is dropped early).
    static func score(rows: [UInt64], columns: [UInt64], size: Int, limit: Int = .max) -> Int {
        let scores = rules(LineBits(rows: rows, columns: columns, size: size), size: size, limit: limit)
        return scores.runs + scores.blocks + scores.finders + scores.balance
    }

    private static func rules(_ lines: LineBits, size: Int, limit: Int = .max) -> (runs: Int, blocks: Int, finders: Int, balance: Int) {
        var runs = 0
        var finders = 0
        var blocks = 0
        var dark = 0
        for word in lines.rows { dark += word.nonzeroBitCount }
        let balance = n4 * (abs(dark * 20 - size * size * 10) / (size * size))
        let stride = lines.stride
        lines.rows.withUnsafeBufferPointer { rows in
            lines.columns.withUnsafeBufferPointer { columns in
                guard let rowWords = rows.baseAddress, let columnWords = columns.baseAddress else { return }
                for line in 0..<size {
                    let row = Line(words: rowWords + line * stride, size: size)
                    let column = Line(words: columnWords + line * stride, size: size)
                    runs += runPenalty(row) + runPenalty(column)
                    finders += finderPenalty(row) + finderPenalty(column)
                    if line + 1 < size { blocks += blockCount(upper: row, lower: Line(words: row.words + stride, size: size)) }
                    if runs + blocks * n2 + finders * n3 + balance >= limit { return }
                }
            }
        }
        return (runs, blocks * n2, finders * n3, balance)
    }

    /// The total penalty of a finished symbol (all four rules).
    static func score(_ matrix: BitMatrix) -> Int {
        let scores = rules(matrix)
        return scores.runs + scores.blocks + scores.finders + scores.balance
    }

    /// The set bits of a word with few of them, one step a bit: without a
    /// population-count instruction in the baseline x86-64 target,
    /// `nonzeroBitCount` costs some twenty instructions whatever the word.
    @inline(__always)
    private static func sparseCount(_ word: UInt64) -> Int {
        var bits = word
        var count = 0
        while bits != 0 {
            bits &= bits &- 1
            count += 1
        }
        return count
    }

    /// One row or column: bit `i` of the words is module `i`.
    private struct Line {
        let words: UnsafePointer<UInt64>
        let size: Int

        /// Modules `start ..< start + 64`; modules outside the line are light.
        @inline(__always)
        func chunk(at start: Int) -> UInt64 {
            if start < 0 { return -start >= 64 ? 0 : words[0] << UInt64(-start) }
            let index = start >> 6
            let shift = UInt64(start & 63)
            let wordCount = (size + 63) >> 6
            let low = index < wordCount ? words[index] >> shift : 0
            return shift == 0 || index + 1 >= wordCount ? low : low | words[index + 1] << (64 - shift)
        }
    }

    /// Rule 1 along one line: windows of five equal modules, plus 2 for each run they form,
    /// equals N1 + (length − 5) per run of length ≥ 5.
    @inline(__always)
    private static func runPenalty(_ line: Line) -> Int {
        let size = line.size
        var windows = 0
        var runs = 0
        // Chunk bit j is module p + j; bits 1...58 are counted, bit 0 tells whether a run continues.
        var p = -1
        while p + 1 <= size - 5 {
            let chunk = line.chunk(at: p)
            let same = ~(chunk ^ (chunk >> 1))
            var fiveEqual = same & (same >> 1) & (same >> 2) & (same >> 3)
            fiveEqual &= LineBits.positions(from: max(0, -p), through: min(59, size - 5 - p))
            let counted = fiveEqual & LineBits.positions(from: 1, through: 58)
            windows += sparseCount(counted)
            runs += sparseCount(counted & ~(fiveEqual << 1))
            p += 58
        }
        return windows + (n1 - 1) * runs
    }

    /// Rule 3 along one line: windows of 11 modules, quiet zone included, matching either pattern
    /// (four light modules and then the 1:1:3:1:1 core, or the core and then four light modules).
    /// Counts matches; the caller weighs them with N3.
    @inline(__always)
    private static func finderPenalty(_ line: Line) -> Int {
        let size = line.size
        var count = 0
        var p = -4
        while p <= size - 7 {
            // Bit k is module p + k; bits of a window start k count for k ≤ 53, whose 11 modules are all in the chunk.
            let c = line.chunk(at: p)
            let valid = LineBits.positions(from: 0, through: min(53, size - 7 - p))
            let core = c & ~(c >> 1) & (c >> 2) & (c >> 3) & (c >> 4) & ~(c >> 5) & (c >> 6)
            let light = ~(c | c >> 1 | c >> 2 | c >> 3)
            count += sparseCount(light & core >> 4 & valid) + sparseCount(core & light >> 7 & valid)
            p += 54
        }
        return count
    }

    /// Rule 2 for two neighbouring rows: 2 × 2 blocks of one colour.
    @inline(__always)
    private static func blockCount(upper: Line, lower: Line) -> Int {
        let size = upper.size
        var count = 0
        var p = 0
        while p < size - 1 {
            let top = upper.chunk(at: p)
            let bottom = lower.chunk(at: p)
            let vertical = ~(top ^ bottom)
            let horizontal = ~(top ^ (top >> 1))
            count += sparseCount(vertical & (vertical >> 1) & horizontal & LineBits.positions(from: 0, through: min(62, size - 2 - p)))
            p += 63
        }
        return count
    }
}

/// The rows and columns of a matrix as bit sets: bit `i` of a line is module `i`, dark = 1.
struct LineBits {
    /// Words per line.
    let stride: Int
    let rows: [UInt64]
    let columns: [UInt64]

    init(_ matrix: BitMatrix) {
        self.init(rows: matrix.packedRows, columns: BitMatrix.transpose(matrix.packedRows, size: matrix.size), size: matrix.size)
    }

    /// Lines already packed as `BitMatrix` packs its rows.
    init(rows: [UInt64], columns: [UInt64], size: Int) {
        stride = (size + 63) / 64
        self.rows = rows
        self.columns = columns
    }

    /// A mask with bits `from...through` set (empty when `through < from`).
    @inline(__always)
    static func positions(from first: Int, through last: Int) -> UInt64 {
        guard last >= first, first < 64 else { return 0 }
        let upper: UInt64 = last >= 63 ? ~0 : (1 << UInt64(last + 1)) - 1
        return upper & ~((1 << UInt64(first)) - 1)
    }
}
