/// Why a string is not a POSIX TZ string; `TimeZoneError` words it.
public enum POSIXTZProblem: Error, Sendable, Hashable {
    case empty
    /// The standard (or daylight saving) time's name.
    case name(standard: Bool)
    case offset(standard: Bool)
    case rule
    case trailing
}

extension POSIXTimeZone {
    /// Reads a POSIX TZ string.
    public init(parsing text: String) throws(POSIXTZProblem) {
        self = try POSIXTimeZoneParser.parse(text)
    }
}

/// Reads POSIX TZ strings (`EST5EDT,M3.2.0,M11.1.0`, `<-03>3`) with the
/// extensions of TZif version 3: rule times from -167 to 167 hours.
enum POSIXTimeZoneParser {
    typealias Problem = POSIXTZProblem

    /// The rule POSIX leaves to the implementation when a string names a
    /// daylight saving time but no rule: the United States' since 2007, as
    /// tzcode uses when it has no `posixrules` file.
    static let defaultRule = (start: POSIXTimeZone.RuleMoment(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200),
                              end: POSIXTimeZone.RuleMoment(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200))

    static func parse(_ text: String) throws(Problem) -> POSIXTimeZone {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard !scanner.atEnd else { throw .empty }
        guard let standardName = scanner.name() else { throw .name(standard: true) }
        guard let standardWest = scanner.signedClock(maxHours: 24) else { throw .offset(standard: true) }
        let standard = LocalTimeType(utcOffset: -standardWest, isDaylightSaving: false, abbreviation: standardName)
        var zone = POSIXTimeZone(text: text, standard: standard, daylight: nil)
        guard !scanner.atEnd else { return zone }
        guard let daylightName = scanner.name() else { throw .name(standard: false) }
        var daylightWest = standardWest - 3600
        if let byte = scanner.peek, byte != UInt8(ascii: ",") {
            guard let west = scanner.signedClock(maxHours: 24) else { throw .offset(standard: false) }
            daylightWest = west
        }
        let daylightType = LocalTimeType(utcOffset: -daylightWest, isDaylightSaving: true, abbreviation: daylightName)
        var rule = defaultRule
        if scanner.take(UInt8(ascii: ",")) {
            guard let start = scanner.ruleMoment(), scanner.take(UInt8(ascii: ",")), let end = scanner.ruleMoment()
            else { throw .rule }
            rule = (start, end)
        }
        guard scanner.atEnd else { throw .trailing }
        zone.daylight = POSIXTimeZone.DaylightSaving(type: daylightType, start: rule.start, end: rule.end)
        return zone
    }

    /// Reads the grammar's pieces from ASCII bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// Three or more letters, or `<`three or more of letters, digits, `+`, `-``>`.
        mutating func name() -> String? {
            let start = index
            if take(UInt8(ascii: "<")) {
                while let byte = peek, Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                    index += 1
                }
                let name = bytes[(start + 1)..<index]
                guard take(UInt8(ascii: ">")), name.count >= 3 else { return nil }
                return String(decoding: name, as: UTF8.self)
            }
            while let byte = peek, Self.isLetter(byte) { index += 1 }
            guard index - start >= 3 else { return nil }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// `[+-]h[h][:mm[:ss]]`, hours at most `maxHours`, in seconds.
        mutating func signedClock(maxHours: Int) -> Int? {
            var sign = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let hours = number(maxDigits: maxHours >= 100 ? 3 : 2), hours <= maxHours else { return nil }
            var seconds = hours * 3600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(UInt8(ascii: ":")) {
                    guard let rest = number(maxDigits: 2), rest < 60 else { return nil }
                    seconds += rest
                }
            }
            return sign * seconds
        }

        /// `date[/time]`, the time 02:00 when left out.
        mutating func ruleMoment() -> POSIXTimeZone.RuleMoment? {
            guard let day = ruleDay() else { return nil }
            var time = 7200
            if take(UInt8(ascii: "/")) {
                guard let given = signedClock(maxHours: 167) else { return nil }
                time = given
            }
            return POSIXTimeZone.RuleMoment(day: day, time: time)
        }

        private mutating func ruleDay() -> POSIXTimeZone.RuleDay? {
            if take(UInt8(ascii: "J")) {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                return .julianNoLeap(n)
            }
            if take(UInt8(ascii: "M")) {
                guard let month = number(maxDigits: 2), (1...12).contains(month), take(UInt8(ascii: ".")),
                      let week = number(maxDigits: 1), (1...5).contains(week), take(UInt8(ascii: ".")),
                      let weekday = number(maxDigits: 1), (0...6).contains(weekday) else { return nil }
                return .monthWeekDay(month: month, week: week, weekday: weekday)
            }
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
            return .zeroBased(n)
        }

        /// One to `maxDigits` decimal digits.
        private mutating func number(maxDigits: Int) -> Int? {
            var value = 0
            var count = 0
            while count < maxDigits, let byte = peek, Self.isDigit(byte) {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
                count += 1
            }
            return count == 0 ? nil : value
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
