/// A day of the week, Monday first as ISO 8601 counts them.
public enum Weekday: Int, CaseIterable, Sendable, Hashable, Comparable {
    case monday = 0, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The weekday of a day counted from 1970-01-01 (a Thursday).
    public init(dayNumber: Int64) {
        // 1970-01-01 is day 0 and a Thursday (3, Monday being 0).
        let index = (dayNumber % 7 + 7 + 3) % 7
        self = Weekday(rawValue: Int(index)) ?? .monday
    }

    /// The three-letter English name people type (`mon`).
    public var shortName: String {
        switch self {
        case .monday: "mon"
        case .tuesday: "tue"
        case .wednesday: "wed"
        case .thursday: "thu"
        case .friday: "fri"
        case .saturday: "sat"
        case .sunday: "sun"
        }
    }

    /// The full English name (`monday`).
    public var fullName: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    /// The day after this one.
    public var next: Weekday { Weekday(rawValue: (rawValue + 1) % 7) ?? .monday }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
