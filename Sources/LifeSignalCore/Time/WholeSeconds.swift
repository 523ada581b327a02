import FoundationEssentials

/// Seconds as whole numbers, from a `TimeInterval` or a `Date`, saturated:
/// Swift traps on a `Double` that does not fit an integer, and a time made
/// from any number someone typed or planted must be shown, compared or
/// refused, never crash the command that meets it.
public enum WholeSeconds {
    /// Past ±2^53 a `Double` has no fraction left, and ±285 million years
    /// is beyond any time lifesignal means.
    static let bound = Double(1 << 53)

    /// `interval` rounded toward zero, within ±2^53; 0 for NaN.
    public static func of(_ interval: TimeInterval) -> Int {
        guard !interval.isNaN else { return 0 }
        return Int(min(max(interval, -bound), bound).rounded(.towardZero))
    }

    /// `date`'s seconds since 1970, rounded down, within ±2^53; 0 for NaN.
    public static func since1970(_ date: Date) -> Int64 {
        let value = date.timeIntervalSince1970
        guard !value.isNaN else { return 0 }
        return Int64(min(max(value, -bound), bound).rounded(.down))
    }
}
