import FoundationEssentials

/// ISO 8601 timestamps in UTC (`2026-03-01T09:00:00Z`), written and read
/// without Foundation's formatters so that start-up stays cheap.
public enum ISO8601 {
    /// Formats `date` as `YYYY-MM-DDThh:mm:ssZ`, with milliseconds only when
    /// the date has a fractional second.
    public static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `format(date)` as UTF-8: the same text without building a
    /// String, for output written straight into a buffer.
    public static func append(_ date: Date, to bytes: inout [UInt8]) {
        let total = date.timeIntervalSince1970
        var seconds = WholeSeconds.since1970(date)
        var millis = total.isFinite ? Int(((total - total.rounded(.down)) * 1000).rounded()) : 0
        if millis == 1000 { seconds += 1; millis = 0 }
        CivilTime(secondsSinceEpoch: seconds).appendISODateTime(to: &bytes)
        if millis > 0 {
            bytes.append(UInt8(ascii: "."))
            appendPadded(millis, 3, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Parses `YYYY-MM-DDThh:mm[:ss[.fff]](Z|±hh:mm|±hhmm)`; a date alone
    /// (`YYYY-MM-DD`) means midnight UTC. Returns nil for anything else.
    public static func parse(_ text: String) -> Date? {
        parse(utf8: Array(text.utf8)[...])
    }

    /// `parse(_:)` on the UTF-8 bytes of the text, for readers that hold
    /// bytes and would otherwise build a String only to take it apart.
    public static func parse(utf8 bytes: ArraySlice<UInt8>) -> Date? {
        bytes.withUnsafeBufferPointer(parseWritten) ?? parseAnyForm(utf8: bytes)
    }

    /// `parse(utf8:)` of every form, without the shortcut for the written one.
    static func parseAnyForm(utf8 bytes: ArraySlice<UInt8>) -> Date? {
        var scanner = DigitScanner(bytes)
        guard let year = scanner.number(digits: 4), scanner.expect(UInt8(ascii: "-")),
              let month = scanner.number(digits: 2), scanner.expect(UInt8(ascii: "-")),
              let day = scanner.number(digits: 2) else { return nil }
        guard (1...12).contains(month), (1...CivilTime.daysIn(month: month, year: year)).contains(day) else { return nil }
        if scanner.atEnd {
            return Date(timeIntervalSince1970: Double(CivilTime.daysFromCivil(year, month, day) * 86_400))
        }
        guard scanner.expect(UInt8(ascii: "T")) || scanner.expect(UInt8(ascii: "t")) || scanner.expect(UInt8(ascii: " ")),
              let hour = scanner.number(digits: 2), scanner.expect(UInt8(ascii: ":")),
              let minute = scanner.number(digits: 2) else { return nil }
        var second = 0
        var fraction = 0.0
        if scanner.expect(UInt8(ascii: ":")) {
            guard let s = scanner.number(digits: 2) else { return nil }
            second = s
            if scanner.expect(UInt8(ascii: ".")) || scanner.expect(UInt8(ascii: ",")) {
                guard let (value, count) = scanner.digitRun(), count <= 9 else { return nil }
                fraction = Double(value) / pow10(count)
            }
        }
        guard hour < 24, minute < 60, second < 60 else { return nil }
        var offset = 0
        if scanner.expect(UInt8(ascii: "Z")) || scanner.expect(UInt8(ascii: "z")) {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let oh = scanner.number(digits: 2) else { return nil }
            _ = scanner.expect(UInt8(ascii: ":"))
            guard let om = scanner.number(digits: 2), oh < 24, om < 60 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        } else {
            return nil
        }
        guard scanner.atEnd else { return nil }
        let days = CivilTime.daysFromCivil(year, month, day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The form `format` writes for a whole second (`YYYY-MM-DDThh:mm:ssZ`,
    /// 20 bytes), read in one pass: the stored files hold dates in it, and a
    /// status of a thousand contacts reads tens of thousands of them. Nil
    /// for any other text (even a valid date), which the general reading
    /// then takes; what this accepts, the general reading accepts as the
    /// same date (the same checks and the same arithmetic).
    static func parseWritten(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              bytes[19] == UInt8(ascii: "Z") else { return nil }
        // Two digits at `index`, or nil.
        @inline(__always) func pair(_ index: Int) -> Int? {
            let tens = bytes[index] &- UInt8(ascii: "0"), ones = bytes[index + 1] &- UInt8(ascii: "0")
            guard tens < 10, ones < 10 else { return nil }
            return Int(tens) * 10 + Int(ones)
        }
        guard let century = pair(0), let yearOfCentury = pair(2), let month = pair(5), let day = pair(8),
              let hour = pair(11), let minute = pair(14), let second = pair(17) else { return nil }
        let year = century * 100 + yearOfCentury
        guard (1...12).contains(month), (1...CivilTime.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60 else { return nil }
        let seconds = CivilTime.daysFromCivil(year, month, day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Date(timeIntervalSince1970: Double(seconds) + 0.0)
    }

    /// `value` in decimal, with zeros in front up to `width` characters
    /// (in front of a minus sign too, as it always was).
    static func pad(_ value: Int, _ width: Int) -> String {
        var bytes: [UInt8] = []
        appendPadded(value, width, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendPadded(_ value: Int, _ width: Int, to bytes: inout [UInt8]) {
        let digits = String(value).utf8
        if digits.count < width { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count)) }
        bytes.append(contentsOf: digits)
    }

    private static func pow10(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<n { result *= 10 }
        return result
    }
}

/// A proleptic Gregorian calendar date and time of day in UTC.
struct CivilTime {
    var year: Int64, month: Int, day: Int, hour: Int, minute: Int, second: Int

    init(secondsSinceEpoch: Int64) {
        var days = secondsSinceEpoch / 86_400
        var rest = secondsSinceEpoch % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        (year, month, day) = CivilTime.civilFromDays(days)
        hour = Int(rest / 3600)
        minute = Int(rest % 3600 / 60)
        second = Int(rest % 60)
    }

    /// `YYYY-MM-DDThh:mm:ss`.
    func appendISODateTime(to bytes: inout [UInt8]) {
        guard (0...9999).contains(year) else {
            ISO8601.appendPadded(Int(year), 4, to: &bytes)
            bytes.append(UInt8(ascii: "-"))
            for (value, separator) in [(month, "-"), (day, "T"), (hour, ":"), (minute, ":"), (second, "")] {
                ISO8601.appendPadded(value, 2, to: &bytes)
                bytes.append(contentsOf: separator.utf8)
            }
            return
        }
        // Every field has a fixed width here: fill 19 bytes in place, then
        // append them at once (this runs for every item of a feed listing).
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &text) { buffer in
            func put(_ value: Int, width: Int, at position: Int, then separator: UInt8) {
                var rest = value
                for k in stride(from: width - 1, through: 0, by: -1) {
                    buffer[position + k] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                buffer[position + width] = separator
            }
            put(Int(year), width: 4, at: 0, then: UInt8(ascii: "-"))
            put(month, width: 2, at: 5, then: UInt8(ascii: "-"))
            put(day, width: 2, at: 8, then: UInt8(ascii: "T"))
            put(hour, width: 2, at: 11, then: UInt8(ascii: ":"))
            put(minute, width: 2, at: 14, then: UInt8(ascii: ":"))
            put(second, width: 2, at: 17, then: 0)
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<19]))
        }
    }

    // Howard Hinnant's days-from-civil algorithm (public domain description).
    static func daysFromCivil(_ y: Int, _ m: Int, _ d: Int) -> Int64 {
        let year = Int64(m <= 2 ? y - 1 : y)
        let era = (year >= 0 ? year : year - 399) / 400
        let yoe = year - era * 400
        let mp = Int64((m + 9) % 12)
        let doy = (153 * mp + 2) / 5 + Int64(d) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int64) -> (Int64, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = Int(doy - (153 * mp + 2) / 5 + 1)
        let m = Int(mp < 10 ? mp + 3 : mp - 9)
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Reads fixed-width digit groups and punctuation from ASCII bytes.
private struct DigitScanner {
    let bytes: ArraySlice<UInt8>
    var index: Int
    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    var atEnd: Bool { index == bytes.endIndex }

    mutating func expect(_ byte: UInt8) -> Bool {
        guard index < bytes.endIndex, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Int? {
        if expect(UInt8(ascii: "+")) { return 1 }
        if expect(UInt8(ascii: "-")) { return -1 }
        return nil
    }

    mutating func number(digits: Int) -> Int? {
        guard digits <= bytes.endIndex - index else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        index += digits
        return value
    }

    mutating func digitRun() -> (Int, Int)? {
        var value = 0, count = 0
        while index < bytes.endIndex, (48...57).contains(bytes[index]), count < 18 {
            value = value * 10 + Int(bytes[index] - 48)
            index += 1
            count += 1
        }
        return count == 0 ? nil : (value, count)
    }
}
