import LifeSignalCore

/// A small reference model of the schedule rules, by brute force: it asks
/// a zone only what its clocks read at an instant (`type(at:)`, which the
/// agreement tests check against the system) and searches for the rest.
enum ScheduleModel {
    /// What the clocks read at `instant`, as seconds since 1970-01-01 on them.
    static func wall(_ instant: Int64, _ zone: TimeZoneRules) -> Int64 {
        instant + Int64(zone.type(at: instant).utcOffset)
    }

    /// The first instant at which the clocks read `local` or later, found by
    /// walking forward from a day and more before it a quarter of an hour at
    /// a time. Where the clocks ran evenly through a quarter (it reads 900
    /// seconds more at its end), the reading is found by subtraction; where
    /// they changed, the quarter is searched a second at a time, so a
    /// reading that lasts only moments before the clocks go back is found.
    /// (It assumes the clocks never change twice within a quarter of an
    /// hour in a way that cancels out, which no zone does.)
    static func firstReading(atLeast local: LocalDateTime, _ zone: TimeZoneRules) -> Int64 {
        let target = local.wallSeconds
        var instant = target - 93_600
        while true {
            let start = wall(instant, zone), end = wall(instant + 900, zone)
            if end - start == 900 {
                if end >= target { return instant + max(0, target - start) }
            } else {
                for second in instant...(instant + 900) where wall(second, zone) >= target { return second }
            }
            instant += 900
        }
    }

    /// The deadlines of `deadline` in `zone` strictly after `instant`, in
    /// time order and without repeats, up to `count` of them: each chosen
    /// day's is found on its own, and the days looked at start well before
    /// the instant's date.
    static func deadlines(_ deadline: DailyDeadline, after instant: Int64, count: Int, in zone: TimeZoneRules) -> [Int64] {
        var date = LocalDate(dayNumber: wall(instant, zone).floorDivided(by: 86_400) - 3)
        var found: [Int64] = []
        while found.count < count + 1 {
            if deadline.days.contains(date.weekday) {
                let due = firstReading(atLeast: LocalDateTime(date: date, secondOfDay: deadline.time.secondOfDay), zone)
                if due > instant, found.last != due { found.append(due) }
            }
            date = date.adding(days: 1)
        }
        return Array(found.sorted().prefix(count))
    }

    /// The quiet period holding `instant`, nil when none does.
    static func quietPeriod(_ hours: QuietHours, containing instant: Int64, in zone: TimeZoneRules) -> Range<Int64>? {
        let today = wall(instant, zone).floorDivided(by: 86_400)
        for day in today - 3...today + 2 {
            let date = LocalDate(dayNumber: day)
            let start = firstReading(atLeast: LocalDateTime(date: date, secondOfDay: hours.start.secondOfDay), zone)
            let endDate = hours.end < hours.start ? date.adding(days: 1) : date
            let end = firstReading(atLeast: LocalDateTime(date: endDate, secondOfDay: hours.end.secondOfDay), zone)
            if start <= instant, instant < end { return start..<end }
        }
        return nil
    }
}

extension Int64 {
    /// Division rounding toward minus infinity.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
