/// The measured numbers of one row.
struct RowResult {
    let row: BenchCase
    /// Instructions of one run (callgrind); nil when not counted.
    let instructions: Int?
    let runs: Int
    let medianMilliseconds: Double
    /// Median over the rounds of this row's wall time over the C baseline's
    /// run just before it, and the quartiles of those ratios (the spread).
    let ratio: Double
    let ratioQuartiles: (low: Double, high: Double)
    /// Median user + system CPU time: steadier than wall time on a busy machine.
    let cpuMilliseconds: Double
    /// The largest `ru_maxrss` of any run, in megabytes.
    let peakMegabytes: Double
}

/// Turns counts and samples into rows, checks each row's targets, and prints the table.
struct Report {
    let results: [RowResult]

    init(cases: [BenchCase], counts: [String: Int], samples: [String: [ProcessSample]]) {
        results = cases.map { row in
            let runs = samples[row.key] ?? []
            let ratios = runs.compactMap { run in run.baselineMilliseconds.map { run.milliseconds / max($0, 0.001) } }.sorted()
            return RowResult(row: row, instructions: counts[row.key], runs: runs.count,
                             medianMilliseconds: Self.median(runs.map(\.milliseconds)),
                             ratio: ratios.isEmpty ? 1 : Self.median(ratios),
                             ratioQuartiles: ratios.isEmpty ? (1, 1) : (Self.quantile(ratios, 0.25), Self.quantile(ratios, 0.75)),
                             cpuMilliseconds: Self.median(runs.map(\.cpuMilliseconds)),
                             peakMegabytes: Double(runs.map(\.peakKilobytes).max() ?? 0) / 1024)
        }
    }

    /// The targets a row misses, by label.
    func misses(_ result: RowResult) -> [String] {
        result.row.targets.filter { !met($0, by: result) }.map(\.label)
    }

    var failures: Int { results.filter { !misses($0).isEmpty }.count }

    private func met(_ target: Target, by result: RowResult) -> Bool {
        switch target {
        case .instructions(let limit):
            guard let count = result.instructions else { return false }
            return count <= limit
        case .flatInstructions(let key, _):
            guard let count = result.instructions,
                  let other = results.first(where: { $0.row.key == key })?.instructions else { return false }
            return Double(count) <= Double(other) * (1 + Noise.instructionFraction) || count - other <= Noise.instructionSlack
        case .linearInstructions(let key, _, let scale):
            guard let count = result.instructions,
                  let other = results.first(where: { $0.row.key == key })?.instructions else { return false }
            return Double(count) <= Double(other) * scale * (1 + Noise.instructionFraction)
        case .peakMegabytes(let limit):
            return result.peakMegabytes < limit
        case .flatMemory(let key, _):
            guard let other = results.first(where: { $0.row.key == key }) else { return false }
            return result.peakMegabytes <= other.peakMegabytes + Noise.memorySlackMegabytes
        }
    }

    /// The aligned table, one line a row.
    func table() -> [String] {
        var lines = [["command", "size", "instructions", "runs", "median ms", "x C", "x C q1-q3", "cpu ms", "peak MB",
                      "target", "result"]]
        for result in results {
            let targets = result.row.targets.map(\.label).joined(separator: " ")
            let missed = misses(result)
            let isBaseline = result.row.key == results.first?.row.key
            lines.append([result.row.command, result.row.size.isEmpty ? "-" : result.row.size,
                          result.instructions.map(Format.millions) ?? "-", "\(result.runs)",
                          Format.fixed(result.medianMilliseconds, 2), isBaseline ? "1.00" : Format.fixed(result.ratio, 2),
                          isBaseline ? "-" : Format.fixed(result.ratioQuartiles.low, 2) + "-" + Format.fixed(result.ratioQuartiles.high, 2),
                          Format.fixed(result.cpuMilliseconds, 2),
                          Format.fixed(result.peakMegabytes, 1), targets.isEmpty ? "-" : targets,
                          targets.isEmpty ? "" : (missed.isEmpty ? "pass" : "FAIL " + missed.joined(separator: " "))])
        }
        let widths = (0..<lines[0].count).map { column in lines.map { $0[column].count }.max() ?? 0 }
        let numeric: Set<Int> = [2, 3, 4, 5, 6, 7, 8]
        return lines.map { cells in
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return numeric.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }

    /// The value a fraction `q` of the way through `sorted` (linear between neighbours).
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard sorted.count > 1 else { return sorted.first ?? 0 }
        let position = q * Double(sorted.count - 1)
        let below = Int(position)
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Number formatting without Foundation.
enum Format {
    /// `value` rounded to `digits` decimals ("12.35").
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + "\(whole)" }
        return sign + "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// Instructions in millions, three significant decimals ("1.234M").
    static func millions(_ count: Int) -> String {
        fixed(Double(count) / 1_000_000, count >= 100_000_000 ? 1 : 3) + "M"
    }

    /// A limit as written in the issue: no decimals when whole ("4", "0.5").
    static func number(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))" : fixed(value, 1)
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
