/// A date on the proleptic Gregorian calendar, with no time zone: what a
/// wall calendar shows.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01: the one number the arithmetic works on.
    public let dayNumber: Int64

    /// Days either way a date may be: its seconds, and those of any instant
    /// `UnixSeconds` allows, fit in 64 bits with room to spare.
    public static let dayNumberBounds: ClosedRange<Int64> = -(1 << 36)...(1 << 36)

    /// The date `dayNumber` days after 1970-01-01, brought within `dayNumberBounds`.
    public init(dayNumber: Int64) {
        self.dayNumber = min(max(dayNumber, Self.dayNumberBounds.lowerBound), Self.dayNumberBounds.upperBound)
    }

    /// The date with these fields; nil for a month or day that does not
    /// exist, or a year beyond a million either way.
    public init?(year: Int, month: Int, day: Int) {
        guard (-1_000_000...1_000_000).contains(year), (1...12).contains(month),
              (1...CivilTime.daysIn(month: month, year: year)).contains(day) else { return nil }
        dayNumber = CivilTime.daysFromCivil(year, month, day)
    }

    /// Year, month (1–12) and day of the month (1–31).
    public var fields: (year: Int, month: Int, day: Int) {
        let (year, month, day) = CivilTime.civilFromDays(dayNumber)
        return (Int(year), month, day)
    }

    public var weekday: Weekday { Weekday(dayNumber: dayNumber) }

    /// The date `days` later (earlier when negative), within `dayNumberBounds`.
    public func adding(days: Int64) -> LocalDate {
        let (sum, overflow) = dayNumber.addingReportingOverflow(days)
        return LocalDate(dayNumber: overflow ? (days < 0 ? Int64.min : Int64.max) : sum)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = fields
        return ISO8601.pad(year, 4) + "-" + ISO8601.pad(month, 2) + "-" + ISO8601.pad(day, 2)
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }
}

/// A date and a time of day on a wall clock, to the second, with no time
/// zone: `2026-03-29T02:30:00` names a moment only once a zone says which
/// (none, one or two, around a change of the clocks).
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var date: LocalDate
    /// Seconds since the date's midnight, 0..<86,400.
    public var secondOfDay: Int

    public static let secondsPerDay = 86_400

    /// `date` at `secondOfDay`, which is brought into 0..<86,400 by moving the date.
    public init(date: LocalDate, secondOfDay: Int) {
        let days = secondOfDay >= 0 ? secondOfDay / Self.secondsPerDay : (secondOfDay + 1) / Self.secondsPerDay - 1
        self.date = date.adding(days: Int64(days))
        self.secondOfDay = secondOfDay - days * Self.secondsPerDay
    }

    /// The wall-clock reading that is `seconds` after 1970-01-01T00:00:00.
    public init(wallSeconds seconds: Int64) {
        var days = seconds / Int64(Self.secondsPerDay)
        var rest = seconds % Int64(Self.secondsPerDay)
        if rest < 0 { rest += Int64(Self.secondsPerDay); days -= 1 }
        date = LocalDate(dayNumber: days)
        secondOfDay = Int(rest)
    }

    /// Seconds since 1970-01-01T00:00:00 on the same wall clock: an instant
    /// is this minus the zone's offset from UTC in force at it.
    public var wallSeconds: Int64 { date.dayNumber * Int64(Self.secondsPerDay) + Int64(secondOfDay) }

    public var hour: Int { secondOfDay / 3600 }
    public var minute: Int { secondOfDay % 3600 / 60 }
    public var second: Int { secondOfDay % 60 }

    /// `YYYY-MM-DDThh:mm:ss`.
    public var description: String {
        date.description + "T" + ISO8601.pad(hour, 2) + ":" + ISO8601.pad(minute, 2) + ":" + ISO8601.pad(second, 2)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool { lhs.wallSeconds < rhs.wallSeconds }
}
