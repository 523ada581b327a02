import FoundationEssentials
import LifeSignalCore

/// The names of the schedule's levels and entries:
/// `schedule/h<hour>/<minute>/<second>/<milliseconds>-<account ID>`, the
/// hour and milliseconds since 1970 zero-padded to 8 and 15 digits, the
/// minute of the hour and the second of the minute to 2. Every level is
/// fixed-width, so paths sort by time as bytes (etcd pages the schedule by
/// key range in time order), and a directory's name alone says when its
/// entries fall (`ScheduleSpan`).
///
/// An hour's name starts with `h` so that a store's older schedules sort
/// before every hour of this one, where the first look at the schedule
/// sees them: a bare `<hour>` directory holding `<milliseconds>-<account ID>`
/// entries (before minutes and seconds), and a head `wake.json` with hour
/// buckets `<hour>.json` (before per-account entries).
enum ScheduleName {
    static let hourDigits = 8
    static let millisecondDigits = 15
    /// What starts the name of an hour's directory.
    static let hourMark = "h"
    private static let largestMillisecond: Int64 = 999_999_999_999_999

    /// Milliseconds since 1970, rounded up so an entry is never due early,
    /// within what the names can hold.
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.up)
        return value.isFinite ? Int64(min(max(value, 0), Double(largestMillisecond))) : 0
    }

    /// `date` on the whole millisecond its entry names, as `wake.json` keeps it.
    static func normalized(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds(date)) / 1000)
    }

    /// The millisecond of a date already normalised (as read back from
    /// `wake.json` or an entry's name, where arithmetic may have left it a
    /// hair off the exact value): the nearest one, never the next.
    static func entryMilliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        return value.isFinite ? Int64(min(max(value, 0), Double(largestMillisecond))) : 0
    }

    /// The last millisecond whose entries are due at `now`: the largest
    /// one whose date, as read from an entry's name, is at or before it
    /// (the product `now × 1000` alone may land a hair either side).
    static func millisecondsDue(at now: Date) -> Int64 {
        let seconds = now.timeIntervalSince1970
        let value = (seconds * 1000).rounded(.down)
        guard value.isFinite, value >= 0 else { return -1 }
        guard value < Double(largestMillisecond) else { return largestMillisecond }
        var ms = Int64(value)
        while Double(ms + 1) / 1000 <= seconds { ms += 1 }
        while ms >= 0, Double(ms) / 1000 > seconds { ms -= 1 }
        return ms
    }

    /// The entry's path for a wake at `date` (already normalised).
    static func path(at date: Date, _ id: EntityID) -> String {
        let ms = entryMilliseconds(date)
        return StorePaths.schedule + "/" + hourMark + padded(ms / 3_600_000, hourDigits)
            + "/" + padded(ms / 60_000 % 60, 2) + "/" + padded(ms / 1000 % 60, 2)
            + "/" + padded(ms, millisecondDigits) + "-" + id.rawValue
    }

    /// The hour an hour directory's name (`h` and 8 digits) stands for,
    /// nil when it is not one.
    static func hour(_ name: String) -> Int64? {
        let bytes = name.utf8
        guard bytes.count == hourDigits + 1, bytes.first == UInt8(ascii: "h"),
              bytes.dropFirst().allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int64(name.dropFirst())
    }

    /// The hour a directory of the schedule before minutes and seconds
    /// stands for (8 digits), nil when it is not one.
    static func olderHour(_ name: String) -> Int64? {
        guard name.utf8.count == hourDigits, name.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int64(name)
    }

    /// Whether a name in `schedule/` is of an older lifesignal's schedule
    /// (an hour of 8 digits, a head `wake.json`, an hour bucket `<hour>.json`):
    /// the next catch-up converts it.
    static func isOlderForm(_ name: String) -> Bool {
        olderHour(name) != nil || name == "wake.json" || (name.hasSuffix(".json") && Int(name.dropLast(5)) != nil)
    }

    /// The minute of an hour or second of a minute a directory's name
    /// (2 digits, below 60) stands for, nil when it is not one.
    static func sixtieth(_ name: String) -> Int64? {
        let bytes = Array(name.utf8)
        guard bytes.count == 2, (48...53).contains(bytes[0]), (48...57).contains(bytes[1]) else { return nil }
        return Int64(bytes[0] - 48) * 10 + Int64(bytes[1] - 48)
    }

    /// The wake and account an entry's name stands for, nil when it is not one.
    static func entry(_ name: String) -> (at: Date, id: EntityID)? {
        let bytes = Array(name.utf8)
        guard bytes.count > millisecondDigits + 1, bytes[millisecondDigits] == UInt8(ascii: "-"),
              bytes[..<millisecondDigits].allSatisfy({ (48...57).contains($0) }),
              let ms = Int64(String(decoding: bytes[..<millisecondDigits], as: UTF8.self)),
              let id = EntityID(validatingUTF8: bytes[(millisecondDigits + 1)...]) else {
            return nil
        }
        return (Date(timeIntervalSince1970: Double(ms) / 1000), id)
    }

    static func padded(_ value: Int64, _ digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(digits - text.count, 0)) + text
    }
}

/// The stretch of time a directory of the schedule holds the entries of,
/// read from its path's names alone: an hour, a minute of it, a second of
/// that. A look at the schedule needs to go inside one only when `now`
/// falls in its stretch; before it, everything in it is due; after it,
/// nothing is.
struct ScheduleSpan: Equatable {
    /// The first millisecond of the stretch.
    var start: Int64
    /// Its length in milliseconds.
    var length: Int64
    /// How many levels below `schedule/` the directory is (1: an hour).
    var depth: Int

    /// The span of the directory whose path has the components `parts`
    /// (`schedule`, the hour, then the minute and second); nil when the
    /// path is not a directory of the schedule.
    init?(_ parts: [String]) {
        guard parts.count >= 2, parts.count <= 4, parts[0] == StorePaths.schedule,
              let hour = ScheduleName.hour(parts[1]) else { return nil }
        var start = hour * 3_600_000, length: Int64 = 3_600_000
        for part in parts.dropFirst(2) {
            guard let value = ScheduleName.sixtieth(part) else { return nil }
            length /= 60
            start += value * length
        }
        self.init(start: start, length: length, depth: parts.count - 1)
    }

    init(start: Int64, length: Int64, depth: Int) {
        self.start = start
        self.length = length
        self.depth = depth
    }

    /// Whether `ms` is in the stretch.
    func contains(_ ms: Int64) -> Bool { ms >= start && ms - start < length }

    /// When the stretch starts.
    var startDate: Date { Date(timeIntervalSince1970: Double(start) / 1000) }
}
