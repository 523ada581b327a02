import FoundationEssentials

/// An account's fixed daily deadline (`checkin deadline 10:00 --days
/// mon-fri`): what the person chose, and the deadline it gives the current
/// cycle.
///
/// The windows between consecutive deadlines are what a check-in fills: a
/// check-in meets the first deadline after it, so the next one it must be
/// ready for is the deadline after that. The deadline of a cycle is worked
/// out once, when the cycle begins (a check-in, the end of a pause, a new
/// schedule or zone), and kept here: the account's deadline then never needs
/// the zone database, and stays what it was when the database changes.
public struct DailySchedule: Codable, Sendable, Equatable {
    public var time: TimeOfDay
    public var days: DaySet
    /// The zone it is read in; nil: the account's own (`Account.timeZone`).
    public var zone: String?
    /// The deadline it gave the current cycle; nil until one was worked out.
    public var current: CycleDue?

    public init(deadline: DailyDeadline, zone: String? = nil) {
        time = deadline.time
        days = deadline.days
        self.zone = zone
    }

    public var deadline: DailyDeadline { DailyDeadline(time: time, days: days) }

    /// The name of the zone the deadline is read in for `account`: its own
    /// zone, else the account's, else UTC.
    public func zoneName(for account: Account) -> String {
        zone ?? account.timeZone ?? ZoneName.utc.rawValue
    }

    /// The deadline of the cycle that began at `cycleStart`. A cycle that a
    /// check-in began is due at the deadline after the one the check-in met;
    /// one that the end of a pause began, at the first deadline after it
    /// (nothing met that one yet).
    public func due(cycleStart: Date, byCheckIn: Bool, in zone: TimeZoneRules) -> Date {
        let first = deadline.next(after: cycleStart, in: zone)
        return byCheckIn ? deadline.next(after: first, in: zone) : first
    }

    enum CodingKeys: String, CodingKey { case time, days, zone, current }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let time = try c.decode(String.self, forKey: .time), days = try c.decode(String.self, forKey: .days)
        do {
            self.time = try TimeOfDay(parsing: time)
            self.days = try DaySet(parsing: days)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .time, in: c, debugDescription: error.message)
        }
        zone = try c.decodeIfPresent(String.self, forKey: .zone)
        current = try c.decodeIfPresent(CycleDue.self, forKey: .current)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(time.description, forKey: .time)
        try c.encode(days.description, forKey: .days)
        try c.encodeIfPresent(zone, forKey: .zone)
        try c.encodeIfPresent(current, forKey: .current)
    }
}

/// The deadline a schedule gave one cycle, known by when and how the cycle began.
public struct CycleDue: Codable, Sendable, Equatable {
    /// The cycle it belongs to (`Account.cycleStart`).
    public var cycleStart: Date
    /// Whether a check-in began it (`Account.cycleBeganByCheckIn`): a
    /// check-in at the very moment a pause ends makes the cycle that pause
    /// began one a check-in began, with a deadline of its own.
    public var byCheckIn: Bool
    public var due: Date

    public init(cycleStart: Date, byCheckIn: Bool, due: Date) {
        self.cycleStart = cycleStart
        self.byCheckIn = byCheckIn
        self.due = due
    }

    /// Whether it is the deadline of `account`'s current cycle.
    public func belongs(to account: Account) -> Bool {
        cycleStart == account.cycleStart && byCheckIn == account.cycleBeganByCheckIn
    }
}
