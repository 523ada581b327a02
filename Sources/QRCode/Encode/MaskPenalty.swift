/// The mask evaluation of ISO/IEC 18004 7.8.3: four penalty rules, lower is better.
enum MaskPenalty {
    static let n1 = 3
    static let n2 = 3
    static let n3 = 40
    static let n4 = 10

    /// The total penalty of a finished symbol (all four rules).
    static func score(_ matrix: BitMatrix) -> Int {
        let size = matrix.size
        var rows = [Bool](repeating: false, count: size * size)
        var columns = rows
        for y in 0..<size {
            for x in 0..<size {
                let dark = matrix[linear: y * size + x]
                rows[y * size + x] = dark
                columns[x * size + y] = dark
            }
        }
        var total = 0
        for line in 0..<size {
            let start = line * size
            total += runPenalty(rows, start: start, size: size) + runPenalty(columns, start: start, size: size)
            total += finderPenalty(rows, start: start, size: size) + finderPenalty(columns, start: start, size: size)
        }
        total += blockPenalty(rows, size: size) + balancePenalty(darkCount: matrix.darkCount, total: size * size)
        return total
    }

    /// Rule 1: N1 + (length − 5) for each run of five or more same-coloured modules in a line.
    static func runPenalty(_ modules: [Bool], start: Int, size: Int) -> Int {
        var penalty = 0
        var runLength = 0
        var colour = modules[start]
        for index in start..<(start + size) {
            if modules[index] == colour {
                runLength += 1
            } else {
                if runLength >= 5 { penalty += n1 + runLength - 5 }
                colour = modules[index]
                runLength = 1
            }
        }
        if runLength >= 5 { penalty += n1 + runLength - 5 }
        return penalty
    }

    /// Rule 2: N2 for each 2 × 2 block of one colour (overlapping blocks all count).
    static func blockPenalty(_ rows: [Bool], size: Int) -> Int {
        var penalty = 0
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let index = y * size + x
                let colour = rows[index]
                if rows[index + 1] == colour, rows[index + size] == colour, rows[index + size + 1] == colour {
                    penalty += n2
                }
            }
        }
        return penalty
    }

    /// Rule 3: N3 for each 1:1:3:1:1 dark-light-dark-light-dark pattern with a
    /// light area four modules wide before or after it; the quiet zone counts as light.
    static func finderPenalty(_ modules: [Bool], start: Int, size: Int) -> Int {
        let core: [Bool] = [true, false, true, true, true, false, true]
        func module(_ offset: Int) -> Bool {
            offset >= 0 && offset < size && modules[start + offset]
        }
        func lightRun(from first: Int) -> Bool {
            (first..<(first + 4)).allSatisfy { !module($0) }
        }
        var penalty = 0
        var offset = 0
        while offset + 7 <= size {
            if module(offset), (0..<7).allSatisfy({ module(offset + $0) == core[$0] }),
               lightRun(from: offset - 4) || lightRun(from: offset + 7) {
                penalty += n3
            }
            offset += 1
        }
        return penalty
    }

    /// Rule 4: N4 for each full 5 % step the dark proportion strays from 50 %.
    static func balancePenalty(darkCount: Int, total: Int) -> Int {
        n4 * (abs(darkCount * 20 - total * 10) / total)
    }
}
