import FoundationEssentials
import Glibc
import LifeSignalCore

/// Times for people in the local time zone, as `TimeText.local` writes
/// them, for a listing that writes many against one `now`: now's local
/// year is found once, and each time is written into a buffer on the
/// stack (no arrays, no format strings converted per row).
struct LocalTimes {
    /// Now's year as the C library counts it (since 1900); nil when now
    /// cannot be placed in the local time zone (every time is then written
    /// in ISO 8601, as it always was).
    private let nowYear: Int32?

    init(now: Date) {
        var seconds = time_t(now.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        nowYear = localtime_r(&seconds, &parts) != nil ? parts.tm_year : nil
    }

    /// "Sat 21 Nov 10:25" in the local time zone (the year is added when it
    /// differs from now's).
    func text(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil, let nowYear else { return ISO8601.format(date) }
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
}
