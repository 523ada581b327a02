import FoundationEssentials

/// A stretch of each day, on the account's wall clock, when responders are
/// not disturbed (`22:00-07:00`); it may cross midnight.
///
/// Each day's quiet period runs from the first instant the clocks read its
/// start (or later) to the first instant they read its end (or later), as a
/// daily deadline falls due: a start or end the clocks jump over is taken
/// at the jump, and one they read twice the first time. Periods never
/// overlap, and a period never resumes when the clocks go back.
public struct QuietHours: Sendable, Hashable, CustomStringConvertible {
    public let start: TimeOfDay
    public let end: TimeOfDay

    /// Quiet hours from `start` to `end`; nil when they are the same time.
    public init?(start: TimeOfDay, end: TimeOfDay) {
        guard start != end else { return nil }
        self.start = start
        self.end = end
    }

    /// Reads `HH:MM-HH:MM`.
    public init(parsing text: String) throws(ScheduleInputError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .quietHours(text, .format) }
        let start: TimeOfDay, end: TimeOfDay
        do {
            start = try TimeOfDay(parsing: String(parts[0]))
            end = try TimeOfDay(parsing: String(parts[1]))
        } catch {
            guard case .time(_, let problem) = error else { throw error }
            throw .quietHours(text, .time(problem))
        }
        guard start != end else { throw .quietHours(text, .sameStartAndEnd) }
        self.start = start
        self.end = end
    }

    /// Whether the period that starts on a day ends on the next.
    public var crossesMidnight: Bool { end < start }

    /// The quiet period that starts on `date`: `start..<end` in instants
    /// (empty when the clocks jump over all of it).
    public func period(startingOn date: LocalDate, in zone: TimeZoneRules) -> Range<Int64> {
        let from = zone.firstInstant(atOrAfter: start.on(date))
        let to = zone.firstInstant(atOrAfter: end.on(crossesMidnight ? date.adding(days: 1) : date))
        return from..<max(from, to)
    }

    /// The quiet period `instant` is in, nil when it is in none.
    ///
    /// The period that holds an instant starts within a day and a bit of
    /// its wall-clock reading (offsets stay within 26 hours), so the periods
    /// of the days around the instant's date are all there is to look at.
    public func period(containing instant: Int64, in zone: TimeZoneRules) -> Range<Int64>? {
        let date = zone.localDateTime(at: instant).date
        for offset: Int64 in -2...1 {
            let period = period(startingOn: date.adding(days: offset), in: zone)
            if period.contains(instant) { return period }
        }
        return nil
    }

    /// Whether `instant` is within quiet hours.
    public func contains(_ instant: Int64, in zone: TimeZoneRules) -> Bool {
        period(containing: instant, in: zone) != nil
    }

    /// When the quiet hours that hold `instant` end: the moment what waited
    /// is delivered. Nil when `instant` is not in quiet hours.
    public func end(ofPeriodContaining instant: Int64, in zone: TimeZoneRules) -> Int64? {
        period(containing: instant, in: zone)?.upperBound
    }

    /// Whether `date` is within quiet hours.
    public func contains(_ date: Date, in zone: TimeZoneRules) -> Bool {
        contains(UnixSeconds.of(date), in: zone)
    }

    /// When the quiet hours that hold `date` end; nil when it is not in them.
    public func end(ofPeriodContaining date: Date, in zone: TimeZoneRules) -> Date? {
        end(ofPeriodContaining: UnixSeconds.of(date), in: zone).map(UnixSeconds.date)
    }

    /// `HH:MM-HH:MM`.
    public var description: String { start.description + "-" + end.description }
}

/// Kept as `HH:MM-HH:MM`.
extension QuietHours: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
