import Foundation
import LifeSignalCore
import TestSupport
import Testing

/// The calendar under the zone rules, against the C library's, and the
/// rules at the ends of time: absurd instants and dates give answers, never
/// a crash or a hang.
struct CalendarTests {
    @Test func datesAndWeekdaysAreTheCLibrarys() {
        var random = SeededGenerator(seed: 1582)
        for _ in 0..<2000 {
            var seconds = time_t(Int64.random(in: -8_000_000_000...8_000_000_000, using: &random))
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let local = LocalDateTime(wallSeconds: Int64(seconds))
            let (year, month, day) = local.date.fields
            #expect((year, month, day) == (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday)))
            #expect((local.hour, local.minute, local.second) == (Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec)))
            // tm_wday counts from Sunday.
            #expect(local.date.weekday.rawValue == (Int(parts.tm_wday) + 6) % 7)
            #expect(LocalDate(year: year, month: month, day: day) == local.date)
            #expect(local.wallSeconds == Int64(seconds))
        }
        #expect(LocalDate(year: 2026, month: 3, day: 29)?.weekday == .sunday)
        #expect(LocalDate(year: 2026, month: 2, day: 29) == nil && LocalDate(year: 2028, month: 2, day: 29) != nil)
        #expect(LocalDateTime(date: LocalDate(dayNumber: 0), secondOfDay: -1).description == "1969-12-31T23:59:59")
        #expect(LocalDateTime(date: LocalDate(dayNumber: 0), secondOfDay: 86_400 + 3661).description == "1970-01-02T01:01:01")
    }

    static func madrid() throws -> TimeZoneRules {
        TimeZoneRules(posix: try POSIXTimeZone(parsing: "CET-1CEST,M3.5.0,M10.5.0/3"))
    }

    @Test(arguments: [Int64.min, -(1 << 53), -1, 0, 1 << 53, Int64.max])
    func absurdInstantsGiveAnswers(_ instant: Int64) throws {
        let madrid = try Self.madrid()
        let deadline = DailyDeadline(time: try TimeOfDay(parsing: "10:00"), days: .weekends)
        #expect(deadline.next(after: instant, in: madrid) > UnixSeconds.clamped(instant))
        let local = madrid.localDateTime(at: instant)
        #expect(madrid.firstInstant(atOrAfter: local) <= UnixSeconds.clamped(instant))
        _ = madrid.resolve(local)
        _ = madrid.transitions(from: instant, through: instant)
        _ = try QuietHours(parsing: "22:00-07:00").end(ofPeriodContaining: instant, in: madrid)
        #expect(LocalDate.dayNumberBounds.contains(LocalDate(dayNumber: instant).adding(days: instant).dayNumber))
    }

    @Test func absurdDatesGiveAnswers() throws {
        let madrid = try Self.madrid()
        for value in [Double.nan, .infinity, -.infinity, 1e300, -1e300, 0.5, -0.5] {
            let date = Date(timeIntervalSince1970: value)
            let seconds = UnixSeconds.of(date)
            #expect(UnixSeconds.bounds.contains(seconds))
            _ = madrid.localDateTime(at: date)
        }
        #expect(UnixSeconds.of(Date(timeIntervalSince1970: -0.5)) == -1)
        #expect(LocalDate(year: 2_000_000, month: 1, day: 1) == nil)
    }
}
