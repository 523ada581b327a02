import FoundationEssentials

/// Whole seconds since 1970-01-01T00:00:00Z, the scale zone rules work in,
/// kept within bounds where every calendar computation fits in 64 bits
/// (about 140 million years either way, far beyond any real moment).
public enum UnixSeconds {
    public static let bounds: ClosedRange<Int64> = -(1 << 52)...(1 << 52)

    /// `instant` brought within `bounds`.
    public static func clamped(_ instant: Int64) -> Int64 {
        min(max(instant, bounds.lowerBound), bounds.upperBound)
    }

    /// The second `date` falls in (rounded down), within `bounds`; 0 for a
    /// date that is not a number.
    public static func of(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard !seconds.isNaN else { return 0 }
        if seconds <= Double(bounds.lowerBound) { return bounds.lowerBound }
        if seconds >= Double(bounds.upperBound) { return bounds.upperBound }
        return Int64(seconds)
    }

    /// The date at `instant`.
    public static func date(_ instant: Int64) -> Date {
        Date(timeIntervalSince1970: Double(instant))
    }
}
