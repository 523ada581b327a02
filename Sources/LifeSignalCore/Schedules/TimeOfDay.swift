/// A time on a 24-hour wall clock to the minute (`09:30`), as deadlines
/// and quiet hours are given.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// The time, nil for an hour outside 0–23 or a minute outside 0–59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Reads `HH:MM` (the hour may have one digit: `9:30`).
    public init(parsing text: String) throws(ScheduleInputError) {
        let parts = text.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let hour = Self.decimal(parts[0]), let minute = Self.decimal(parts[1])
        else { throw .time(text, .format) }
        guard hour <= 23 else { throw .time(text, .hour) }
        guard minute <= 59 else { throw .time(text, .minute) }
        self.hour = hour
        self.minute = minute
    }

    private static func decimal(_ digits: Substring.UTF8View.SubSequence) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Seconds after midnight.
    public var secondOfDay: Int { hour * 3600 + minute * 60 }

    /// On `date`: the wall-clock reading it names.
    public func on(_ date: LocalDate) -> LocalDateTime {
        LocalDateTime(date: date, secondOfDay: secondOfDay)
    }

    /// `HH:MM`.
    public var description: String { ISO8601.pad(hour, 2) + ":" + ISO8601.pad(minute, 2) }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.secondOfDay < rhs.secondOfDay }
}
