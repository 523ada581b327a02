/// One thing the benchmark times: a command line against one store.
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
    /// A slow row (the whole feed as JSON), run only every `heavyEvery`-th round.
    var heavy = false

    var key: String { command + " @ " + size }
}

/// A requirement from the issue, checked against the medians of one row.
enum Target {
    /// Median wall time at most this many times the C baseline's.
    case ratio(Double)
    /// Median wall time at most this many milliseconds.
    case milliseconds(Double)
    /// Peak resident memory at most this many megabytes.
    case peakMegabytes(Double)
    /// Peak memory no more than `Noise.memorySlackMegabytes` above the row `key`'s.
    case flatMemory(against: String, label: String)
    /// Within noise of the row `key` (the 1,000-account store against the 2-account one).
    case sameAs(key: String, label: String)

    var label: String {
        switch self {
        case .ratio(let limit): "<\(Format.number(limit))x"
        case .milliseconds(let limit): "<\(Format.number(limit))ms"
        case .peakMegabytes(let limit): "<\(Format.number(limit))MB"
        case .flatMemory(_, let label): "mem≈\(label)"
        case .sameAs(_, let label): "≈\(label)"
        }
    }
}

/// How far apart two medians may be and still count as the same.
enum Noise {
    /// Ratios to C closer than this are equal...
    static let ratioDifference = 0.5
    /// ...and so are medians within this fraction of each other.
    static let relativeDifference = 0.20
    /// A streamed command may use this much more memory on a 100× longer feed.
    static let memorySlackMegabytes = 4.0
}
