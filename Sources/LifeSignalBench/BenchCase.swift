/// One thing the benchmark measures: a command line against one store.
struct BenchCase {
    /// The command as shown in the table ("notifications --limit 20").
    let command: String
    /// The size column ("100k items"); empty for commands without a store.
    let size: String
    let program: String
    let arguments: [String]
    let store: SeededStore?
    /// What the row must meet.
    var targets: [Target] = []
    /// A slow row (the whole feed as JSON), run only every `heavyEvery`-th
    /// round and not counted under callgrind (minutes there).
    var heavy = false
    /// For `tick (one due)`: the accounts falling due in turn, whose next
    /// one's instant each run takes as its clock (`FallingDue`).
    var turns: FallingDue?
    /// Runs counted under callgrind, of which the least counts: more than
    /// one for the etcd rows (`EtcdRows.countedRuns`).
    var countedRuns = 1

    var key: String { command + " @ " + size }

    /// The environment the row runs in: its store's, or for rows without a
    /// store (`--version`, the C baseline) what a login shell always has,
    /// a HOME (the scratch directory) and a PATH; a row that takes turns
    /// runs at its turn's instant.
    func environment(scratch: String) -> [String: String] {
        var environment = store?.environment ?? ["HOME": scratch, "PATH": "/usr/bin:/bin"]
        if let turns { environment["LIFESIGNAL_NOW"] = turns.nowText }
        return environment
    }
    /// Whether the row's instructions are counted.
    var isCounted: Bool { !heavy }
}

/// A requirement from the issues, checked against one row. Only counts
/// gate: instructions, which repeat whatever the machine's load, and peak
/// memory; wall times are reported, never gated.
enum Target {
    /// At most this many instructions in one run (issue 17).
    case instructions(Int)
    /// Within `Noise.instructionFraction` of the row `key`'s instructions:
    /// the cost does not grow with the feed or the number of accounts.
    case flatInstructions(against: String, label: String)
    /// At most `scale` times the row `key`'s instructions, within
    /// `Noise.instructionFraction`: the cost grows linearly with the store
    /// (`scale` is how many times larger it is), not faster.
    case linearInstructions(against: String, label: String, scale: Double)
    /// Peak resident memory at most this many megabytes.
    case peakMegabytes(Double)
    /// Peak memory no more than `Noise.memorySlackMegabytes` above the row `key`'s.
    case flatMemory(against: String, label: String)

    var label: String {
        switch self {
        case .instructions(let limit): "≤\(Format.millions(limit))"
        case .flatInstructions(_, let label): "≈\(label)"
        case .linearInstructions(_, let label, let scale): "≤\(Format.fixed(scale, 1))x\(label)"
        case .peakMegabytes(let limit): "<\(Format.number(limit))MB"
        case .flatMemory(_, let label): "mem≈\(label)"
        }
    }
}

/// How far apart two measurements may be and still count as the same.
enum Noise {
    /// Instructions of a bigger store may exceed the smaller one's by this fraction...
    static let instructionFraction = 0.05
    /// ...or by this many instructions (a few lines of output, one more small file).
    static let instructionSlack = 25_000
    /// A streamed command may use this much more memory on a 100× longer feed.
    static let memorySlackMegabytes = 4.0
}
