/// The measured numbers of one row.
struct RowResult {
    let row: BenchCase
    let runs: Int
    let medianMilliseconds: Double
    /// Median wall time over the C baseline's median.
    let ratio: Double
    /// Median user + system CPU time: steadier than wall time on a busy machine.
    let cpuMilliseconds: Double
    /// The largest `ru_maxrss` of any run, in megabytes.
    let peakMegabytes: Double
}

/// Turns samples into rows, checks each row's targets, and prints the table.
struct Report {
    let results: [RowResult]

    init(cases: [BenchCase], samples: [String: [ProcessSample]]) {
        let baseline = Self.median(samples[cases[0].key]?.map(\.milliseconds) ?? [])
        results = cases.map { row in
            let runs = samples[row.key] ?? []
            let median = Self.median(runs.map(\.milliseconds))
            return RowResult(row: row, runs: runs.count, medianMilliseconds: median,
                             ratio: baseline > 0 ? median / baseline : 0,
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
        case .ratio(let limit):
            return result.ratio < limit
        case .milliseconds(let limit):
            return result.medianMilliseconds < limit
        case .peakMegabytes(let limit):
            return result.peakMegabytes < limit
        case .flatMemory(let key, _):
            guard let other = results.first(where: { $0.row.key == key }) else { return false }
            return result.peakMegabytes <= other.peakMegabytes + Noise.memorySlackMegabytes
        case .sameAs(let key, _):
            guard let other = results.first(where: { $0.row.key == key }) else { return false }
            let ratioGap = result.ratio - other.ratio
            let relativeGap = (result.medianMilliseconds - other.medianMilliseconds) / other.medianMilliseconds
            return ratioGap <= Noise.ratioDifference || relativeGap <= Noise.relativeDifference
        }
    }

    /// The aligned table, one line a row.
    func table() -> [String] {
        var lines = [["command", "size", "runs", "median ms", "x C", "cpu ms", "peak MB", "target", "result"]]
        for result in results {
            let targets = result.row.targets.map(\.label).joined(separator: " ")
            let missed = misses(result)
            lines.append([result.row.command, result.row.size.isEmpty ? "-" : result.row.size, "\(result.runs)",
                          Format.fixed(result.medianMilliseconds, 2), Format.fixed(result.ratio, 2),
                          Format.fixed(result.cpuMilliseconds, 2),
                          Format.fixed(result.peakMegabytes, 1), targets.isEmpty ? "-" : targets,
                          targets.isEmpty ? "" : (missed.isEmpty ? "pass" : "FAIL " + missed.joined(separator: " "))])
        }
        let widths = (0..<lines[0].count).map { column in lines.map { $0[column].count }.max() ?? 0 }
        let numeric: Set<Int> = [2, 3, 4, 5, 6]
        return lines.map { cells in
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return numeric.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
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
