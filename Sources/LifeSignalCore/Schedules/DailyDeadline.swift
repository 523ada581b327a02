import FoundationEssentials

/// "Due at HH:MM local time on the chosen days": a fixed daily deadline.
///
/// A day's deadline is the first instant at which the zone's clocks read
/// its time or later. So a time the clocks jump over (spring forward) falls
/// due at the jump, the first valid instant after it; a time they read
/// twice (fall back) falls due the first time. Deadlines never decrease
/// from one day to the next, so none fires twice and none is skipped.
public struct DailyDeadline: Sendable, Hashable {
    public var time: TimeOfDay
    public var days: DaySet

    public init(time: TimeOfDay, days: DaySet = .daily) {
        self.time = time
        self.days = days
    }

    /// The deadline of `date` (whether or not it is a chosen day).
    public func instant(on date: LocalDate, in zone: TimeZoneRules) -> Int64 {
        zone.firstInstant(atOrAfter: time.on(date))
    }

    /// The first deadline strictly after `instant`: the one a check-in at
    /// `instant` meets. A check-in at a deadline's very instant is on time
    /// for it, and the next it meets is the one after.
    ///
    /// Days before the local date of `instant` have their deadlines at or
    /// before it, so the search starts there. It ends within eleven days:
    /// offsets stay within `LocalTimeType.offsetBounds`, so a deadline lies
    /// less than 26 hours before its wall-clock reading, and any chosen day
    /// four or more days after `instant`'s date is due after it. (The
    /// instant is first brought within `UnixSeconds.bounds`, whose dates
    /// lie well inside `LocalDate`'s, so the dates looked at always move on.)
    public func next(after instant: Int64, in zone: TimeZoneRules) -> Int64 {
        let instant = UnixSeconds.clamped(instant)
        var date = zone.localDateTime(at: instant).date
        while true {
            if days.contains(date.weekday) {
                let due = self.instant(on: date, in: zone)
                if due > instant { return due }
            }
            date = date.adding(days: 1)
        }
    }

    /// The first deadline strictly after `date`.
    public func next(after date: Date, in zone: TimeZoneRules) -> Date {
        UnixSeconds.date(next(after: UnixSeconds.of(date), in: zone))
    }
}
