/// Why a time, a set of days or quiet hours typed for a schedule is
/// refused: the offending text and what is wrong, worded here only.
public enum ScheduleInputError: UserFacingError, Equatable {
    case time(String, TimeProblem)
    case days(String, DaysProblem)
    case quietHours(String, QuietHoursProblem)

    public enum TimeProblem: Sendable, Hashable {
        case format, hour, minute
    }

    public enum DaysProblem: Sendable, Hashable {
        case empty
        /// A list item that is empty (`mon,,fri`).
        case emptyItem
        /// A word that is no day; the nearest day's name when one is close.
        case unknownDay(String, suggestion: String?)
    }

    public enum QuietHoursProblem: Sendable, Hashable {
        case format
        case time(TimeProblem)
        case sameStartAndEnd
    }

    public var kind: FailureKind { .usage }

    public var message: String {
        switch self {
        case .time(let text, let problem):
            "\(quoted(text)) is not a time: " + Self.describe(problem)
        case .days(let text, let problem):
            "\(quoted(text)) is not a set of days: " + Self.describe(problem)
        case .quietHours(let text, let problem):
            "\(quoted(text)) is not quiet hours: " + Self.describe(problem)
        }
    }

    private static func describe(_ problem: TimeProblem) -> String {
        switch problem {
        case .format: "use HH:MM on a 24-hour clock, such as 09:30 or 22:00"
        case .hour: "the hour must be 00 to 23"
        case .minute: "the minutes must be 00 to 59"
        }
    }

    private static let daysUsage = "use days among mon tue wed thu fri sat sun, separated by commas, ranges such as mon-fri, "
        + "or weekdays, weekends, daily"

    private static func describe(_ problem: DaysProblem) -> String {
        switch problem {
        case .empty: "it is empty: " + daysUsage
        case .emptyItem: "it has an empty item between commas: " + daysUsage
        case .unknownDay(let word, let suggestion):
            "\(quoted(word)) is not a day" + (suggestion.map { " (did you mean \($0)?)" } ?? "") + ": " + daysUsage
        }
    }

    private static func describe(_ problem: QuietHoursProblem) -> String {
        switch problem {
        case .format: "use START-END on a 24-hour clock, such as 22:00-07:00"
        case .time(let problem): describe(problem)
        case .sameStartAndEnd: "they start and end at the same time"
        }
    }
}
