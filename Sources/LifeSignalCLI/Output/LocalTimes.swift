import FoundationEssentials
import Glibc
import LifeSignalCore

/// Times for people in the local time zone, as `TimeText.local` writes
/// them, for a listing that writes many against one `now`: now's local
/// year is found once, and each time is written straight into its String
/// (no arrays, no format string read per row).
struct LocalTimes {
    /// Now's year as the C library counts it (since 1900); nil when now
    /// cannot be placed in the local time zone (every time is then written
    /// in ISO 8601, as it always was).
    private let nowYear: Int32?

    init(now: Date) {
        var seconds = time_t(WholeSeconds.since1970(now))
        var parts = tm()
        nowYear = localtime_r(&seconds, &parts) != nil ? parts.tm_year : nil
    }

    /// "Sat 21 Nov 10:25" in the local time zone (the year is added when it
    /// differs from now's).
    func text(_ date: Date) -> String {
        var seconds = time_t(WholeSeconds.since1970(date))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil, let nowYear else { return ISO8601.format(date) }
        if let text = Self.written(parts, withYear: parts.tm_year != nowYear) { return text }
        let capacity = 64
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            guard let base = buffer.baseAddress else { return ISO8601.format(date) }
            let text = UnsafeMutableRawPointer(base).bindMemory(to: CChar.self, capacity: capacity)
            let count = parts.tm_year == nowYear ? strftime(text, capacity, "%a %d %b %H:%M", &parts)
                : strftime(text, capacity, "%a %d %b %Y %H:%M", &parts)
            // UInt8 and CChar may alias: they differ only in sign.
            return count > 0 ? String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
                : ISO8601.format(date)
        }
    }

    /// What `strftime` writes for "%a %d %b %H:%M" (with " %Y" after the
    /// month when `withYear`) in the C locale, the only one lifesignal runs
    /// in (it never calls `setlocale`), written directly; nil for a field
    /// out of its usual range or a year not of four digits, which are left
    /// to `strftime`.
    static func written(_ parts: tm, withYear: Bool) -> String? {
        let year = Int(parts.tm_year) + 1900
        guard (0...6).contains(parts.tm_wday), (0...11).contains(parts.tm_mon), (1...31).contains(parts.tm_mday),
              (0...23).contains(parts.tm_hour), (0...59).contains(parts.tm_min), !withYear || (1000...9999).contains(year)
        else { return nil }
        let days: StaticString = "SunMonTueWedThuFriSat"
        let months: StaticString = "JanFebMarAprMayJunJulAugSepOctNovDec"
        return String(unsafeUninitializedCapacity: 21) { text in
            var at = 0
            func put(_ byte: UInt8) {
                text[at] = byte
                at += 1
            }
            func name(_ names: StaticString, _ index: Int32) {
                for k in 0..<3 { put(names.utf8Start[Int(index) * 3 + k]) }
            }
            func twoDigits(_ value: Int32) {
                put(UInt8(ascii: "0") + UInt8(value / 10))
                put(UInt8(ascii: "0") + UInt8(value % 10))
            }
            name(days, parts.tm_wday)
            put(UInt8(ascii: " "))
            twoDigits(parts.tm_mday)
            put(UInt8(ascii: " "))
            name(months, parts.tm_mon)
            put(UInt8(ascii: " "))
            if withYear {
                twoDigits(Int32(year / 100))
                twoDigits(Int32(year % 100))
                put(UInt8(ascii: " "))
            }
            twoDigits(parts.tm_hour)
            put(UInt8(ascii: ":"))
            twoDigits(parts.tm_min)
            return at
        }
    }
}
