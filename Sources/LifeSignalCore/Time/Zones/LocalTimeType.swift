/// What a zone's clocks say during one stretch of time: the offset from
/// UTC, whether it is daylight saving time, and its abbreviation.
public struct LocalTimeType: Sendable, Hashable, CustomStringConvertible {
    /// Seconds east of UTC (Madrid in summer: 7,200).
    public var utcOffset: Int
    public var isDaylightSaving: Bool
    /// `CEST`, `-03`: what the zone's data calls it, for showing.
    public var abbreviation: String

    /// The offsets any zone may have, as RFC 8536 bounds them: more than
    /// 25 hours west and less than 26 hours east. Every conversion between
    /// local and universal time relies on it.
    public static let offsetBounds = -89_999...93_599

    public init(utcOffset: Int, isDaylightSaving: Bool, abbreviation: String) {
        self.utcOffset = utcOffset
        self.isDaylightSaving = isDaylightSaving
        self.abbreviation = abbreviation
    }

    /// Universal time itself.
    public static let utc = LocalTimeType(utcOffset: 0, isDaylightSaving: false, abbreviation: "UTC")

    /// `+01:00 CET`, `+02:00 CEST (DST)`, `-04:44:30 LMT`.
    public var description: String {
        let magnitude = abs(utcOffset)
        var text = (utcOffset < 0 ? "-" : "+") + ISO8601.pad(magnitude / 3600, 2) + ":" + ISO8601.pad(magnitude % 3600 / 60, 2)
        if magnitude % 60 != 0 { text += ":" + ISO8601.pad(magnitude % 60, 2) }
        return text + " " + abbreviation + (isDaylightSaving ? " (DST)" : "")
    }
}

/// A moment at which a zone's clocks change.
public struct ZoneTransition: Sendable, Hashable {
    /// Seconds since the epoch: the first instant of the new type.
    public var at: Int64
    public var before: LocalTimeType
    public var after: LocalTimeType

    public init(at: Int64, before: LocalTimeType, after: LocalTimeType) {
        self.at = at
        self.before = before
        self.after = after
    }
}
