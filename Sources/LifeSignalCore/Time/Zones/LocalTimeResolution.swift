/// What a wall-clock reading is in a zone: one instant, several (the clocks
/// went back and it happened twice), or none (the clocks jumped over it).
public enum LocalTimeResolution: Sendable, Hashable {
    case unique(Int64)
    /// The clocks read so more than once: first at `first`, then again at
    /// each of `later` (in time order, never empty).
    case repeated(first: Int64, later: [Int64])
    /// The reading never happened; `nextValid` is the first instant whose
    /// reading is later (the moment the clocks jumped).
    case skipped(nextValid: Int64)

    /// The first instant at which the wall clock reads the time or later:
    /// the one instant, the first of repeated ones, or the jump over it.
    public var earliest: Int64 {
        switch self {
        case .unique(let instant), .skipped(let instant), .repeated(let instant, _): instant
        }
    }
}
