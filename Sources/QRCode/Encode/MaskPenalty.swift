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
        let lines = LineBits(matrix)
        let size = matrix.size
        var runs = 0
        var finders = 0
        var blocks = 0
        var dark = 0
        for line in 0..<size {
            let offset = line * lines.stride
            runs += runPenalty(lines.rows, offset: offset, size: size) + runPenalty(lines.columns, offset: offset, size: size)
            finders += finderPenalty(lines.rows, offset: offset, size: size) + finderPenalty(lines.columns, offset: offset, size: size)
            for word in 0..<lines.stride { dark += lines.rows[line * lines.stride + word].nonzeroBitCount }
            if line + 1 < size { blocks += blockCount(lines.rows, upper: line * lines.stride, lower: (line + 1) * lines.stride, size: size) }
        }
        return (runs, blocks * n2, finders, n4 * (abs(dark * 20 - size * size * 10) / (size * size)))
    }

    /// The total penalty of a finished symbol (all four rules).
    static func score(_ matrix: BitMatrix) -> Int {
        let scores = rules(matrix)
        return scores.runs + scores.blocks + scores.finders + scores.balance
    }

    /// Rule 1 along one line: windows of five equal modules, plus 2 for each run they form,
    /// equals N1 + (length − 5) per run of length ≥ 5.
    private static func runPenalty(_ bits: [UInt64], offset: Int, size: Int) -> Int {
        var windows = 0
        var runs = 0
        // Chunk bit j is module p + j; bits 1...58 are counted, bit 0 tells whether a run continues.
        var p = -1
        while p + 1 <= size - 5 {
            let chunk = LineBits.chunk(bits, offset: offset, at: p, size: size)
            let same = ~(chunk ^ (chunk >> 1))
            var fiveEqual = same & (same >> 1) & (same >> 2) & (same >> 3)
            fiveEqual &= LineBits.positions(from: max(0, -p), through: min(59, size - 5 - p))
            let counted = fiveEqual & LineBits.positions(from: 1, through: 58)
            windows += counted.nonzeroBitCount
            runs += (counted & ~(fiveEqual << 1)).nonzeroBitCount
            p += 58
        }
        return windows + (n1 - 1) * runs
    }

    /// Rule 3 along one line: windows of 11 modules, quiet zone included, matching either pattern.
    private static func finderPenalty(_ bits: [UInt64], offset: Int, size: Int) -> Int {
        // Bit k is module k of the window: light ×4 then the core, and the core then light ×4.
        let patterns: [UInt64] = [0b1011101_0000, 0b0000_1011101]
        var count = 0
        var p = -4
        while p <= size - 7 {
            let chunk = LineBits.chunk(bits, offset: offset, at: p, size: size)
            let valid = LineBits.positions(from: 0, through: min(53, size - 7 - p))
            for pattern in patterns {
                var match = valid
                for k in 0..<11 { match &= pattern >> k & 1 == 1 ? chunk >> k : ~(chunk >> k) }
                count += match.nonzeroBitCount
            }
            p += 54
        }
        return count * n3
    }

    /// Rule 2 for two neighbouring rows: 2 × 2 blocks of one colour.
    private static func blockCount(_ rows: [UInt64], upper: Int, lower: Int, size: Int) -> Int {
        var count = 0
        var p = 0
        while p < size - 1 {
            let top = LineBits.chunk(rows, offset: upper, at: p, size: size)
            let bottom = LineBits.chunk(rows, offset: lower, at: p, size: size)
            let vertical = ~(top ^ bottom)
            let horizontal = ~(top ^ (top >> 1))
            count += (vertical & (vertical >> 1) & horizontal & LineBits.positions(from: 0, through: min(62, size - 2 - p))).nonzeroBitCount
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
        let size = matrix.size
        stride = (size + 63) / 64
        var rows = [UInt64](repeating: 0, count: size * stride)
        var columns = rows
        let stride = self.stride
        matrix.withUnsafeModules { modules in
            for y in 0..<size {
                for x in 0..<size {
                    let bit: UInt64 = modules[y * size + x] ? 1 : 0
                    rows[y * stride + x >> 6] |= bit << UInt64(x & 63)
                    columns[x * stride + y >> 6] |= bit << UInt64(y & 63)
                }
            }
        }
        self.rows = rows
        self.columns = columns
    }

    /// Modules `at ..< at + 64` of the line whose words start at `offset`; modules outside the line are light.
    @inline(__always)
    static func chunk(_ bits: [UInt64], offset: Int, at start: Int, size: Int) -> UInt64 {
        let words = (size + 63) / 64
        func word(_ index: Int) -> UInt64 { index >= 0 && index < words ? bits[offset + index] : 0 }
        if start < 0 { return -start >= 64 ? 0 : word(0) << UInt64(-start) }
        let shift = UInt64(start & 63)
        let low = word(start >> 6) >> shift
        return shift == 0 ? low : low | word((start >> 6) + 1) << (64 - shift)
    }

    /// A mask with bits `from...through` set (empty when `through < from`).
    @inline(__always)
    static func positions(from first: Int, through last: Int) -> UInt64 {
        guard last >= first, first < 64 else { return 0 }
        let upper: UInt64 = last >= 63 ? ~0 : (1 << UInt64(last + 1)) - 1
        return upper & ~((1 << UInt64(first)) - 1)
    }
}
