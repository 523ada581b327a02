/// The `Date` header's timestamp (RFC 9110 §5.6.7): IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), which servers send, and the two
/// obsolete forms recipients must still accept (RFC 850 and asctime).
/// Read byte by byte: every response carries one.
public enum HTTPDate {
    /// Seconds since 1970-01-01T00:00:00Z, or nil when `text` is none of the three forms.
    public static func secondsSinceEpoch(_ text: String) -> Int64? {
        let words = text.utf8.split(separator: UInt8(ascii: " "))
        switch words.count {
        case 6 where words[0].last == UInt8(ascii: ",") && words[5].elementsEqual("GMT".utf8):
            // IMF-fixdate: day-name, DD Mon YYYY HH:MM:SS GMT
            guard words[1].count == 2, words[3].count == 4, let day = number(words[1]), let year = number(words[3]) else { return nil }
            return build(year: year, month: words[2], day: day, time: words[4])
        case 4 where words[0].last == UInt8(ascii: ",") && words[3].elementsEqual("GMT".utf8):
            // RFC 850: day-name, DD-Mon-YY HH:MM:SS GMT; two-digit years below 70 are 20YY.
            let parts = words[1].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 2, parts[2].count == 2, let day = number(parts[0]),
                  let short = number(parts[2]) else { return nil }
            return build(year: short < 70 ? 2000 + short : 1900 + short, month: parts[1], day: day, time: words[2])
        case 5:
            // asctime: Sun Nov  6 08:49:37 1994
            guard words[4].count == 4, let day = number(words[2]), let year = number(words[4]) else { return nil }
            return build(year: year, month: words[1], day: day, time: words[3])
        default:
            return nil
        }
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A run of 1–4 ASCII digits.
    private static func number(_ digits: Substring.UTF8View.SubSequence) -> Int? {
        guard (1...4).contains(digits.count) else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func build(year: Int, month: Substring.UTF8View.SubSequence, day: Int,
                              time: Substring.UTF8View.SubSequence) -> Int64? {
        guard let monthIndex = months.firstIndex(where: { $0.utf8.elementsEqual(month) }) else { return nil }
        let clock = time.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard clock.count == 3, time.count == 8, clock.allSatisfy({ $0.count == 2 }),
              let hour = number(clock[0]), let minute = number(clock[1]), let second = number(clock[2]),
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
