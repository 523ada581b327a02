import FoundationEssentials
import Glibc
import LifeSignalCore

/// Times for people: local wall-clock time plus how far away it is.
enum TimeText {
    /// "Sat 21 Nov 10:25" in the local time zone (the year is added when it
    /// differs from now's).
    static func local(_ date: Date, now: Date) -> String {
        LocalTimes(now: now).text(date)
    }

    /// "2026-11-21 10:25:07" in the local time zone: a log line's time.
    static func stamp(_ date: Date) -> String {
        var seconds = time_t(WholeSeconds.since1970(date))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return ISO8601.format(date) }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S", &parts)
        return count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ISO8601.format(date)
    }

    /// "Sat 21 Nov 10:25 (in 5h 12m)", or the fallback for no date.
    static func both(_ date: Date?, now: Date, none: String = "-") -> String {
        guard let date else { return none }
        return "\(local(date, now: now)) (\(RelativeTime.describe(date, now: now)))"
    }
}
