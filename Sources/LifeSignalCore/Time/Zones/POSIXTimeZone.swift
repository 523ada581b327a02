/// A zone as a POSIX TZ string describes it (`CET-1CEST,M3.5.0,M10.5.0/3`):
/// a standard time and, optionally, a daylight saving time with the yearly
/// rule that switches between them.
///
/// It is what `TZ` may hold instead of a zone's name, and what a TZif file's
/// footer gives for instants after its last transition (RFC 8536, 3.3),
/// with the extensions of TZif version 3 (rule times from -167 to 167 hours).
public struct POSIXTimeZone: Sendable, Hashable {
    /// The string it was read from.
    public var text: String
    public var standard: LocalTimeType
    /// Nil for a zone that keeps standard time all year.
    public var daylight: DaylightSaving?

    /// Daylight saving time and when it starts and ends each year.
    public struct DaylightSaving: Sendable, Hashable {
        public var type: LocalTimeType
        /// In the standard time in force before it (POSIX).
        public var start: RuleMoment
        /// In the daylight saving time in force before it (POSIX).
        public var end: RuleMoment
    }

    /// A day of the year and a time on it (which may pass midnight, or be
    /// negative: `M3.5.0/-1` is 23:00 the Saturday before).
    public struct RuleMoment: Sendable, Hashable {
        public var day: RuleDay
        /// Seconds after the day's midnight, within ±167 hours.
        public var time: Int

        public init(day: RuleDay, time: Int) {
            self.day = day
            self.time = time
        }
    }

    /// The three ways a POSIX rule names a day of the year.
    public enum RuleDay: Sendable, Hashable {
        /// `Jn`: day n of 1–365, February 29 never counted.
        case julianNoLeap(Int)
        /// `n`: day n of 0–365, February 29 counted in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday d (0 Sunday) of week w (1–5, 5 the last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// The type in force at `instant` (seconds since the epoch).
    public func type(at instant: Int64) -> LocalTimeType {
        guard let daylight else { return standard }
        let year = Self.year(of: instant)
        // A year's changes may fall days outside it (rule times reach 167
        // hours): the years around it bound the last change at or before.
        let changes = self.changes(years: year - 2...year + 1)
        guard let last = changes.last(where: { $0.at <= instant }) else { return standard }
        return last.toDaylight ? daylight.type : standard
    }

    /// Every moment from `years` at which the type changes, in time order.
    /// Where one year's end of daylight saving time is the next year's start
    /// (daylight saving all year, RFC 8536 3.3.1) the end sorts first, so
    /// daylight saving time is what stays in force.
    func changes(years: ClosedRange<Int>) -> [(at: Int64, toDaylight: Bool)] {
        guard let daylight else { return [] }
        var changes: [(at: Int64, toDaylight: Bool)] = []
        changes.reserveCapacity(years.count * 2)
        for year in years {
            changes.append((instant(of: daylight.start, year: year, offset: standard.utcOffset), true))
            changes.append((instant(of: daylight.end, year: year, offset: daylight.type.utcOffset), false))
        }
        return changes.sorted { ($0.at, $0.toDaylight ? 1 : 0) < ($1.at, $1.toDaylight ? 1 : 0) }
    }

    /// The instant of `moment` in `year`, read on a clock `offset` seconds east of UTC.
    private func instant(of moment: RuleMoment, year: Int, offset: Int) -> Int64 {
        Self.dayNumber(of: moment.day, year: year) * 86_400 + Int64(moment.time) - Int64(offset)
    }

    /// Days since 1970-01-01 of the rule's day in `year`.
    static func dayNumber(of day: RuleDay, year: Int) -> Int64 {
        let january1 = CivilTime.daysFromCivil(year, 1, 1)
        switch day {
        case .julianNoLeap(let n):
            let isLeap = CivilTime.daysIn(month: 2, year: year) == 29
            return january1 + Int64(n - 1) + (isLeap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            return january1 + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilTime.daysFromCivil(year, month, 1)
            // Weekday of the 1st, Sunday 0 as POSIX counts (1970-01-01 was a Thursday).
            let firstWeekday = Int((first % 7 + 7 + 4) % 7)
            var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let length = CivilTime.daysIn(month: month, year: year)
            while day > length { day -= 7 }
            return first + Int64(day - 1)
        }
    }

    /// The calendar year (UTC) of an instant.
    static func year(of instant: Int64) -> Int {
        Int(CivilTime(secondsSinceEpoch: instant).year)
    }
}
