import Testing
@testable import QRCode
import TestSupport

/// The bit-parallel penalty against a plain module-by-module reading of the four rules.
struct MaskPenaltyTests {
    /// Rules 1 and 3 along one line, one module at a time.
    static func referenceLine(_ line: [Bool]) -> (runs: Int, finders: Int) {
        var runs = 0
        var runLength = 0
        var colour: Bool?
        for module in line {
            if module == colour {
                runLength += 1
            } else {
                if runLength >= 5 { runs += 3 + runLength - 5 }
                colour = module
                runLength = 1
            }
        }
        if runLength >= 5 { runs += 3 + runLength - 5 }
        let padded = [Bool](repeating: false, count: 4) + line + [Bool](repeating: false, count: 4)
        let core = [true, false, true, true, true, false, true]
        var finders = 0
        for start in 0..<max(0, padded.count - 10) {
            let window = Array(padded[start..<(start + 11)])
            if Array(window[4...]) == core && !window[0..<4].contains(true) { finders += 40 }
            if Array(window[..<7]) == core && !window[7...].contains(true) { finders += 40 }
        }
        return (runs, finders)
    }

    static func reference(_ matrix: BitMatrix) -> (runs: Int, blocks: Int, finders: Int, balance: Int) {
        let rows = matrix.rows
        let columns = matrix.transposed.rows
        var runs = 0
        var finders = 0
        for line in rows + columns {
            let scores = referenceLine(line)
            runs += scores.runs
            finders += scores.finders
        }
        var blocks = 0
        for y in 0..<(matrix.size - 1) {
            for x in 0..<(matrix.size - 1) {
                let colour = rows[y][x]
                if rows[y][x + 1] == colour, rows[y + 1][x] == colour, rows[y + 1][x + 1] == colour { blocks += 3 }
            }
        }
        let total = matrix.size * matrix.size
        let balance = 10 * (abs(matrix.darkCount * 20 - total * 10) / total)
        return (runs, blocks, finders, balance)
    }

    static let lines: [(id: String, line: String, runs: Int, finders: Int)] = [
        ("run of six", "1111110", 4, 0),
        ("run of five light", "000001010", 3, 0),
        ("two runs", "11111011111100000", 3 + 4 + 3, 0),
        ("finder with light on both sides", "10111010000", 0, 80),
        ("finder with light after it", "11010111010000", 0, 40),
        ("finder at the edge: the quiet zone is light", "010111011", 0, 40),
        ("finder without light margins", "11011101100", 0, 0),
        ("alternating", "10101010", 0, 0),
    ]

    @Test("reference line scores", arguments: lines)
    func referenceLines(_ entry: (id: String, line: String, runs: Int, finders: Int)) {
        let scores = Self.referenceLine(entry.line.map { $0 == "1" })
        #expect(scores.runs == entry.runs && scores.finders == entry.finders)
    }

    @Test("a line pattern scores the same in the bit-parallel rules", arguments: lines)
    func linePatterns(_ entry: (id: String, line: String, runs: Int, finders: Int)) throws {
        // The pattern as row 0 of an otherwise alternating (penalty-free) matrix, and as column 0.
        let size = max(21, entry.line.count)
        var rows = (0..<size).map { y in (0..<size).map { x in (x + y) % 2 == 0 } }
        for (x, character) in entry.line.enumerated() { rows[0][x] = character == "1" }
        let matrix = try #require(BitMatrix(rows: rows))
        let fast = MaskPenalty.rules(matrix)
        let slow = Self.reference(matrix)
        #expect(fast.runs == slow.runs && fast.finders == slow.finders && fast.blocks == slow.blocks)
        let transposed = MaskPenalty.rules(matrix.transposed)
        #expect(transposed.runs == slow.runs && transposed.finders == slow.finders)
    }

    @Test("random matrices score the same as the reference", arguments: [21, 25, 45, 63, 64, 65, 101, 127, 128, 129, 177])
    func randomMatrices(_ size: Int) throws {
        var random = SeededGenerator(seed: UInt64(size))
        for density in [2, 5, 9] {
            var matrix = BitMatrix(size: size)
            for y in 0..<size {
                for x in 0..<size { matrix[x, y] = Int.random(in: 0..<10, using: &random) < density }
            }
            let fast = MaskPenalty.rules(matrix)
            let slow = Self.reference(matrix)
            #expect(fast.runs == slow.runs, "runs, density \(density)")
            #expect(fast.blocks == slow.blocks, "blocks, density \(density)")
            #expect(fast.finders == slow.finders, "finders, density \(density)")
            #expect(fast.balance == slow.balance, "balance, density \(density)")
        }
    }

    @Test("real symbols score the same as the reference", arguments: [1, 7, 22, 40])
    func symbols(_ number: Int) throws {
        let version = try #require(QRVersion(rawValue: number))
        for mask in Mask.all {
            let symbol = try QREncoder.encode(segments: [.bytes(Array("penalty".utf8))], versions: version...version, mask: mask)
            let fast = MaskPenalty.rules(symbol.modules)
            let slow = Self.reference(symbol.modules)
            #expect(fast.runs == slow.runs && fast.blocks == slow.blocks && fast.finders == slow.finders && fast.balance == slow.balance)
        }
    }

    @Test("balance steps every full 5 %", arguments: [(50, 0), (52, 0), (55, 10), (60, 20), (45, 10), (44, 10), (0, 100)])
    func balance(_ entry: (dark: Int, penalty: Int)) {
        var matrix = BitMatrix(size: 10)
        for index in 0..<entry.dark { matrix[index % 10, index / 10] = true }
        #expect(MaskPenalty.rules(matrix).balance == entry.penalty)
    }
}

/// The written-out mask tiles and the packed line words agree with the
/// standard's mask conditions module by module.
struct MaskPatternTests {
    @Test("tiles match Mask.flips", arguments: Mask.all)
    func tiles(_ mask: Mask) {
        for y in 0..<12 {
            for x in 0..<12 {
                let flips = mask.flips(x: x, y: y)
                #expect((MaskPatterns.rowTiles[12 * mask.rawValue + y] >> UInt16(x) & 1 == 1) == flips, "row tile (\(x), \(y))")
                #expect((MaskPatterns.columnTiles[12 * mask.rawValue + x] >> UInt16(y) & 1 == 1) == flips, "column tile (\(x), \(y))")
            }
        }
    }

    @Test("line words match Mask.flips across a version 40 symbol", arguments: Mask.all)
    func lineWords(_ mask: Mask) {
        var wrong: [String] = []
        for line in 0..<177 {
            for position in 0..<177 {
                let row = MaskPatterns.rowWord(mask, row: line, word: position >> 6) >> UInt64(position & 63) & 1 == 1
                let column = MaskPatterns.columnWord(mask, column: line, word: position >> 6) >> UInt64(position & 63) & 1 == 1
                if row != mask.flips(x: position, y: line) { wrong.append("row \(line) module \(position)") }
                if column != mask.flips(x: line, y: position) { wrong.append("column \(line) module \(position)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
