import FoundationEssentials
import LifeSignalCore
import TestSupport
import Testing

/// Daily deadlines and quiet hours on the days the clocks change in 2026,
/// in the zones the issue names: a time the clocks skip falls due at the
/// jump, a time they repeat at its first occurrence.
@Suite(.enabled(if: SystemTimeZones.isAvailable, "tzdata, zdump or date is not installed"))
struct DailyDeadlineTests {
    static func zone(_ name: String) throws -> TimeZoneRules { try SystemZoneOracle.catalog.rules(named: name) }

    static func instant(_ text: String) throws -> Int64 {
        UnixSeconds.of(try #require(ISO8601.parse(text)))
    }

    static func deadline(_ time: String, _ days: String = "daily") throws -> DailyDeadline {
        DailyDeadline(time: try TimeOfDay(parsing: time), days: try DaySet(parsing: days))
    }

    struct Example: Sendable, CustomTestStringConvertible {
        var zone: String
        /// The deadline's time on the day of the change.
        var time: String
        var date: String
        /// When it falls due (UTC).
        var due: String
        var why: String
        var testDescription: String { "\(zone) \(date) \(time): \(why)" }
    }

    @Test(arguments: [
        Example(zone: "Europe/Madrid", time: "02:30", date: "2026-03-29", due: "2026-03-29T01:00:00Z", why: "skipped: at the jump to 03:00"),
        Example(zone: "Europe/Madrid", time: "02:00", date: "2026-03-29", due: "2026-03-29T01:00:00Z", why: "skipped: at the jump"),
        Example(zone: "Europe/Madrid", time: "03:00", date: "2026-03-29", due: "2026-03-29T01:00:00Z", why: "the first 03:00"),
        Example(zone: "Europe/Madrid", time: "01:59", date: "2026-03-29", due: "2026-03-29T00:59:00Z", why: "before the jump"),
        Example(zone: "Europe/Madrid", time: "02:30", date: "2026-10-25", due: "2026-10-25T00:30:00Z", why: "repeated: the CEST one"),
        Example(zone: "Europe/Madrid", time: "03:00", date: "2026-10-25", due: "2026-10-25T02:00:00Z", why: "after the repeat"),
        Example(zone: "Europe/Madrid", time: "10:00", date: "2026-10-25", due: "2026-10-25T09:00:00Z", why: "CET again"),
        Example(zone: "America/New_York", time: "02:30", date: "2026-03-08", due: "2026-03-08T07:00:00Z", why: "skipped"),
        Example(zone: "America/New_York", time: "01:30", date: "2026-11-01", due: "2026-11-01T05:30:00Z", why: "repeated: EDT"),
        Example(zone: "America/New_York", time: "02:00", date: "2026-11-01", due: "2026-11-01T07:00:00Z", why: "once, in EST"),
        Example(zone: "Australia/Sydney", time: "02:30", date: "2026-04-05", due: "2026-04-04T15:30:00Z", why: "repeated: AEDT"),
        Example(zone: "Australia/Sydney", time: "02:30", date: "2026-10-04", due: "2026-10-03T16:00:00Z", why: "skipped"),
        Example(zone: "Asia/Jerusalem", time: "02:30", date: "2026-03-27", due: "2026-03-27T00:00:00Z", why: "skipped, on a Friday"),
        Example(zone: "Asia/Jerusalem", time: "01:30", date: "2026-10-25", due: "2026-10-24T22:30:00Z", why: "repeated: IDT"),
    ])
    func fallsDueOnceOnTheDaysTheClocksChange(_ example: Example) throws {
        let zone = try Self.zone(example.zone)
        let deadline = try Self.deadline(example.time)
        let due = try Self.instant(example.due)
        let date = try #require(ISO8601.parse(example.date)).timeIntervalSince1970 / 86_400
        #expect(deadline.instant(on: LocalDate(dayNumber: Int64(date)), in: zone) == due)
        // Met by a check-in the day before, it is the next deadline; then the next day's.
        #expect(deadline.next(after: due - 20 * 3600, in: zone) == due)
        let following = deadline.next(after: due, in: zone)
        #expect(following > due + 20 * 3600 && following < due + 28 * 3600)
    }

    @Test func aCheckInMeetsTheFirstDeadlineAfterIt() throws {
        let madrid = try Self.zone("Europe/Madrid")
        let weekdays = try Self.deadline("10:00", "mon-fri")
        // Friday 2026-03-06 10:00 CET is 09:00Z.
        let friday = try Self.instant("2026-03-06T09:00:00Z")
        #expect(weekdays.next(after: friday - 1, in: madrid) == friday)
        // A check-in at the deadline's very instant meets it; the next is Monday's.
        #expect(weekdays.next(after: friday, in: madrid) == (try Self.instant("2026-03-09T09:00:00Z")))
        #expect(weekdays.next(after: try Self.instant("2026-03-07T12:00:00Z"), in: madrid) == (try Self.instant("2026-03-09T09:00:00Z")))
        // Across the spring change the wall time stays 10:00: Monday 2026-03-30 is CEST.
        #expect(weekdays.next(after: try Self.instant("2026-03-27T09:00:00Z"), in: madrid) == (try Self.instant("2026-03-30T08:00:00Z")))
        // The same for dates.
        let monday = weekdays.next(after: ISO8601.parse("2026-03-06T09:00:00Z") ?? Date(), in: madrid)
        #expect(ISO8601.format(monday) == "2026-03-09T09:00:00Z")
    }

    @Test func quietHoursCrossMidnightAndTheClockChanges() throws {
        let madrid = try Self.zone("Europe/Madrid")
        let night = try QuietHours(parsing: "22:00-07:00")
        // Saturday 2026-03-28 22:00 CET to Sunday 07:00 CEST: an hour shorter.
        let start = try Self.instant("2026-03-28T21:00:00Z"), end = try Self.instant("2026-03-29T05:00:00Z")
        #expect(!night.contains(start - 1, in: madrid))
        #expect(night.contains(start, in: madrid) && night.contains(end - 1, in: madrid))
        #expect(night.end(ofPeriodContaining: start, in: madrid) == end)
        #expect(night.end(ofPeriodContaining: try Self.instant("2026-03-29T01:30:00Z"), in: madrid) == end)
        #expect(!night.contains(end, in: madrid) && night.end(ofPeriodContaining: end, in: madrid) == nil)
        // 01:00-02:30 on the autumn night: from 01:00 CEST to the first 02:30, not again in the repeated hour.
        let small = try QuietHours(parsing: "01:00-02:30")
        #expect(small.period(startingOn: LocalDate(year: 2026, month: 10, day: 25) ?? LocalDate(dayNumber: 0), in: madrid)
            == (try Self.instant("2026-10-24T23:00:00Z"))..<(try Self.instant("2026-10-25T00:30:00Z")))
        #expect(!small.contains(try Self.instant("2026-10-25T01:10:00Z"), in: madrid))
        // 02:00-02:45 on the spring night never happens.
        let skipped = try QuietHours(parsing: "02:00-02:45")
        #expect(!skipped.contains(try Self.instant("2026-03-29T01:00:00Z"), in: madrid))
        #expect(!skipped.contains(try Self.instant("2026-03-29T00:59:59Z"), in: madrid))
    }
}
