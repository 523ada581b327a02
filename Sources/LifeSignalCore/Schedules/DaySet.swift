/// The days of the week a schedule applies on; never empty.
///
/// Typed as `DAYS` in CLI.md: a comma list or ranges of `mon`..`sun` (a
/// range may wrap: `fri-mon`), or `weekdays`, `weekends`, `daily`; full day
/// names and any case are accepted too.
public struct DaySet: Sendable, Hashable, CustomStringConvertible {
    /// One bit per weekday, Monday the lowest.
    public let bits: UInt8

    /// The set of `days`; nil when there are none.
    public init?(_ days: some Sequence<Weekday>) {
        let bits = days.reduce(UInt8(0)) { $0 | 1 << UInt8($1.rawValue) }
        guard bits != 0 else { return nil }
        self.bits = bits
    }

    /// The set `bits` stands for; nil when none of the seven is set.
    public init?(bits: UInt8) {
        guard bits & 0x7F != 0 else { return nil }
        self.bits = bits & 0x7F
    }

    private init(trusted bits: UInt8) {
        self.bits = bits
    }

    public static let daily = DaySet(trusted: 0x7F)
    public static let weekdays = DaySet(trusted: 0x1F)
    public static let weekends = DaySet(trusted: 0x60)

    public func contains(_ day: Weekday) -> Bool { bits & 1 << UInt8(day.rawValue) != 0 }

    /// The days in the set, Monday first.
    public var days: [Weekday] { Weekday.allCases.filter(contains) }

    /// Reads `DAYS`.
    public init(parsing text: String) throws(ScheduleInputError) {
        guard !text.isEmpty else { throw .days(text, .empty) }
        var bits: UInt8 = 0
        for rawItem in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            let item = rawItem.trimmingSpaces
            guard !item.isEmpty else { throw .days(text, .emptyItem) }
            switch item {
            case "daily": bits |= Self.daily.bits
            case "weekdays": bits |= Self.weekdays.bits
            case "weekends": bits |= Self.weekends.bits
            default:
                let ends = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
                var day = try Self.day(ends[0].trimmingSpaces, in: text)
                let last = ends.count == 2 ? try Self.day(ends[1].trimmingSpaces, in: text) : day
                bits |= 1 << UInt8(day.rawValue)
                while day != last {
                    day = day.next
                    bits |= 1 << UInt8(day.rawValue)
                }
            }
        }
        self.bits = bits
    }

    /// The weekday a word names, or the error that says which is meant.
    private static func day(_ word: String, in text: String) throws(ScheduleInputError) -> Weekday {
        if let day = Weekday.allCases.first(where: { $0.shortName == word || $0.fullName == word }) { return day }
        let nearest = Weekday.allCases.map { day in
            (day, min(editDistance(word, day.shortName), editDistance(word, day.fullName)))
        }.min { $0.1 < $1.1 }
        let suggestion = nearest.flatMap { $0.1 <= 2 ? $0.0.shortName : nil }
        throw .days(text, .unknownDay(word, suggestion: suggestion))
    }

    /// Levenshtein distance, for "did you mean".
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }

    /// The shortest usual spelling, read back as the same set: `daily`,
    /// `weekdays`, `weekends`, or runs of three or more days as ranges
    /// (`mon-thu,sat`).
    public var description: String {
        switch self {
        case .daily: return "daily"
        case .weekdays: return "weekdays"
        case .weekends: return "weekends"
        default: break
        }
        var parts: [String] = []
        var index = 0
        while index < 7 {
            guard let first = Weekday(rawValue: index), contains(first) else { index += 1; continue }
            var end = index
            while end + 1 < 7, let next = Weekday(rawValue: end + 1), contains(next) { end += 1 }
            let last = Weekday(rawValue: end) ?? first
            switch end - index {
            case 0: parts.append(first.shortName)
            case 1: parts += [first.shortName, last.shortName]
            default: parts.append(first.shortName + "-" + last.shortName)
            }
            index = end + 1
        }
        return parts.joined(separator: ",")
    }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
