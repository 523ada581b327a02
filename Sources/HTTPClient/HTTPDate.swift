/// The `Date` header's timestamp (RFC 9110 §5.6.7): IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), which servers send, and the two
/// obsolete forms recipients must still accept (RFC 850 and asctime).
public enum HTTPDate {
    /// Seconds since 1970-01-01T00:00:00Z, or nil when `text` is none of the three forms.
    public static func secondsSinceEpoch(_ text: String) -> Int64? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch words.count {
        case 6 where words[0].hasSuffix(",") && words[5] == "GMT":
            // IMF-fixdate: day-name, DD Mon YYYY HH:MM:SS GMT
            guard words[1].count == 2, words[3].count == 4, let day = Int(words[1]), let year = Int(words[3]) else { return nil }
            return build(year: year, monthName: words[2], day: day, time: words[4])
        case 4 where words[0].hasSuffix(",") && words[3] == "GMT":
            // RFC 850: day-name, DD-Mon-YY HH:MM:SS GMT (two-digit years are read as 19YY or 20YY, the nearer to now's century rule: < 70 → 20YY)
            let parts = words[1].split(separator: "-").map(String.init)
            guard parts.count == 3, parts[0].count == 2, parts[2].count == 2, let day = Int(parts[0]), let short = Int(parts[2]) else { return nil }
            return build(year: short < 70 ? 2000 + short : 1900 + short, monthName: parts[1], day: day, time: words[2])
        case 5:
            // asctime: Sun Nov  6 08:49:37 1994
            guard let day = Int(words[2]), words[4].count == 4, let year = Int(words[4]) else { return nil }
            return build(year: year, monthName: words[1], day: day, time: words[3])
        default:
            return nil
        }
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func build(year: Int, monthName: String, day: Int, time: String) -> Int64? {
        guard let monthIndex = months.firstIndex(of: monthName) else { return nil }
        let clock = time.split(separator: ":").map { Int($0) }
        guard clock.count == 3, time.count == 8, let hour = clock[0], let minute = clock[1], let second = clock[2],
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1...daysIn(month: monthIndex + 1, year: year)).contains(day), year >= 1970 else { return nil }
        let days = daysFromCivil(year: year, month: monthIndex + 1, day: day)
        return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
