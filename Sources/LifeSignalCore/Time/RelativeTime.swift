import FoundationEssentials

/// Human phrases for a moment relative to now: "in 5h 12m", "3m ago".
public enum RelativeTime {
    public static func describe(_ date: Date, now: Date) -> String {
        let delta = WholeSeconds.of(date.timeIntervalSince(now).rounded())
        if delta > 0, delta < 60 { return "in <1m" }
        if delta <= 0, delta > -60 { return "just now" }
        let text = DurationText.format(seconds: abs(delta) / 60 * 60, maxUnits: 2)
        return delta > 0 ? "in \(text)" : "\(text) ago"
    }

    /// "5h 12m" for a span of seconds, minutes at least.
    public static func span(seconds: Int) -> String {
        seconds < 60 ? "<1m" : DurationText.format(seconds: seconds / 60 * 60, maxUnits: 2)
    }
}
