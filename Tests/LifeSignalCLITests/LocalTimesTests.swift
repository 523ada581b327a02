import FoundationEssentials
import Glibc
@testable import LifeSignalCLI
import LifeSignalCore
import Testing

/// `LocalTimes` (now's year found once, a buffer on the stack) writes what
/// `TimeText.local` wrote before it: both instants placed by `localtime_r`,
/// then `strftime` with or without the year. Kept here as the reference.
struct LocalTimesTests {
    static func reference(_ date: Date, now: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var nowSeconds = time_t(now.timeIntervalSince1970.rounded(.down))
        var parts = tm(), nowParts = tm()
        guard localtime_r(&seconds, &parts) != nil, localtime_r(&nowSeconds, &nowParts) != nil else {
            return ISO8601.format(date)
        }
        let format = parts.tm_year == nowParts.tm_year ? "%a %d %b %H:%M" : "%a %d %b %Y %H:%M"
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, format, &parts)
        return count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ISO8601.format(date)
    }

    @Test(arguments: [0, 1_700_000_000, 1_772_355_600, -86_400 * 365 * 40, 253_402_300_799, -30_000_000_000])
    func writesWhatTheReferenceWrites(now seconds: Int) {
        let now = Date(timeIntervalSince1970: TimeInterval(seconds))
        let times = LocalTimes(now: now)
        var random = SystemRandomNumberGenerator()
        // Around now (same year or not, both sides of midnight and New Year), and far away.
        let offsets = [0, 59, 60, 3599, 86_399, 86_400 * 200, -86_400 * 200, 86_400 * 366, -86_400 * 366]
            + (0..<100).map { _ in Int.random(in: -3_000_000_000...3_000_000_000, using: &random) }
        for offset in offsets {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds + offset) + 0.75)
            #expect(times.text(date) == Self.reference(date, now: now), "\(date)")
            #expect(TimeText.local(date, now: now) == Self.reference(date, now: now))
        }
    }

    /// Written directly, every weekday, month, day, hour and minute reads
    /// as `strftime` writes it in the C locale, with the year and without.
    @Test func writesEveryFieldAsStrftimeDoes() {
        for (weekday, month) in zip(0..<12, 0..<12) {
            for day in [1, 9, 10, 28, 31] {
                for (hour, minute) in [(0, 0), (9, 5), (12, 30), (23, 59)] {
                    for year in [1000, 1999, 2026, 9999] {
                        var parts = tm()
                        parts.tm_wday = Int32(weekday % 7)
                        parts.tm_mon = Int32(month)
                        parts.tm_mday = Int32(day)
                        parts.tm_hour = Int32(hour)
                        parts.tm_min = Int32(minute)
                        parts.tm_year = Int32(year - 1900)
                        for withYear in [false, true] {
                            var buffer = [CChar](repeating: 0, count: 64)
                            let count = strftime(&buffer, 64, withYear ? "%a %d %b %Y %H:%M" : "%a %d %b %H:%M", &parts)
                            let expected = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                            #expect(LocalTimes.written(parts, withYear: withYear) == expected)
                        }
                    }
                }
            }
        }
    }

    @Test func leavesOddFieldsToStrftime() {
        var parts = tm()
        parts.tm_mday = 1
        parts.tm_year = 999 - 1900
        #expect(LocalTimes.written(parts, withYear: true) == nil)
        #expect(LocalTimes.written(parts, withYear: false) != nil)
        parts.tm_mon = 12
        #expect(LocalTimes.written(parts, withYear: false) == nil)
    }
}
