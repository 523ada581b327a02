import LifeSignalCore
import Testing

/// `HH:MM`, `DAYS` and `HH:MM-HH:MM` read into typed values, and every
/// mistake refused with the offending text and what is wrong.
struct ScheduleParsingTests {
    @Test(arguments: [("09:30", 9, 30), ("9:30", 9, 30), ("00:00", 0, 0), ("23:59", 23, 59), ("12:05", 12, 5)])
    func readsTimes(_ text: String, _ hour: Int, _ minute: Int) throws {
        let time = try TimeOfDay(parsing: text)
        #expect((time.hour, time.minute) == (hour, minute))
        #expect(time.description == ISO8601Pad.two(hour) + ":" + ISO8601Pad.two(minute))
    }

    @Test(arguments: [
        ("24:00", ScheduleInputError.TimeProblem.hour), ("12:60", .minute), ("99:99", .hour), ("1230", .format), ("12:3", .format),
        ("12:30:00", .format), ("", .format), (" 9:30", .format), ("9:30 ", .format), ("123:00", .format), ("-1:00", .format),
        ("+9:30", .format), ("９:30", .format), ("10am", .format), (":30", .format),
    ])
    func refusesTimes(_ text: String, _ problem: ScheduleInputError.TimeProblem) {
        #expect(throws: ScheduleInputError.time(text, problem)) { try TimeOfDay(parsing: text) }
    }

    @Test(arguments: [
        ("daily", [0, 1, 2, 3, 4, 5, 6]), ("weekdays", [0, 1, 2, 3, 4]), ("weekends", [5, 6]), ("mon", [0]),
        ("mon-fri", [0, 1, 2, 3, 4]), ("Mon,Wed,FRI", [0, 2, 4]), ("fri-mon", [0, 4, 5, 6]), ("sun-sun", [6]),
        ("monday,tuesday", [0, 1]), ("sat, sun", [5, 6]), ("mon-wed,fri", [0, 1, 2, 4]), ("weekends,mon", [0, 5, 6]),
        ("mon,mon", [0]), ("tue - thu", [1, 2, 3]),
    ])
    func readsDays(_ text: String, _ days: [Int]) throws {
        #expect(try DaySet(parsing: text).days.map(\.rawValue) == days)
    }

    @Test(arguments: [
        ("", ScheduleInputError.DaysProblem.empty), ("mon,,fri", .emptyItem), ("mon,", .emptyItem), (",", .emptyItem),
        ("mnday", .unknownDay("mnday", suggestion: "mon")), ("tues", .unknownDay("tues", suggestion: "tue")),
        ("workdays", .unknownDay("workdays", suggestion: nil)), ("mon-", .unknownDay("", suggestion: nil)),
        ("mon-fri-sun", .unknownDay("fri-sun", suggestion: nil)), ("1-5", .unknownDay("1", suggestion: nil)),
    ])
    func refusesDays(_ text: String, _ problem: ScheduleInputError.DaysProblem) {
        #expect(throws: ScheduleInputError.days(text, problem)) { try DaySet(parsing: text) }
    }

    /// Every one of the 127 sets is written in its shortest usual spelling,
    /// which reads back as the same set.
    @Test func everySetOfDaysReadsBackAsWritten() throws {
        for bits in UInt8(1)...0x7F {
            let set = try #require(DaySet(bits: bits))
            #expect(try DaySet(parsing: set.description) == set, "\(set)")
        }
        #expect(DaySet(bits: 0) == nil && DaySet([Weekday]()) == nil)
        let spellings = [DaySet.daily, .weekdays, .weekends, try DaySet(parsing: "mon-thu,sat"), try DaySet(parsing: "mon,tue,fri")]
        #expect(spellings.map(\.description) == ["daily", "weekdays", "weekends", "mon-thu,sat", "mon,tue,fri"])
    }

    @Test func readsQuietHours() throws {
        let night = try QuietHours(parsing: "22:00-07:00")
        #expect(night.start.description == "22:00" && night.end.description == "07:00" && night.crossesMidnight)
        #expect(try !QuietHours(parsing: "13:00-14:30").crossesMidnight)
        #expect(night.description == "22:00-07:00")
    }

    @Test(arguments: [
        ("22:00", ScheduleInputError.QuietHoursProblem.format), ("22:00-07:00-08:00", .format), ("", .format),
        ("22:00-7", .time(.format)), ("25:00-07:00", .time(.hour)), ("22:00-07:61", .time(.minute)),
        ("07:00-07:00", .sameStartAndEnd), ("off", .format),
    ])
    func refusesQuietHours(_ text: String, _ problem: ScheduleInputError.QuietHoursProblem) {
        #expect(throws: ScheduleInputError.quietHours(text, problem)) { try QuietHours(parsing: text) }
    }

    @Test func mistakesAreWordedForPeople() {
        #expect(ScheduleInputError.time("24:00", .hour).message == "\"24:00\" is not a time: the hour must be 00 to 23")
        #expect(ScheduleInputError.days("mnday", .unknownDay("mnday", suggestion: "mon")).message
            == "\"mnday\" is not a set of days: \"mnday\" is not a day (did you mean mon?): use days among mon tue wed thu "
            + "fri sat sun, separated by commas, ranges such as mon-fri, or weekdays, weekends, daily")
        #expect(ScheduleInputError.quietHours("07:00-07:00", .sameStartAndEnd).message
            == "\"07:00-07:00\" is not quiet hours: they start and end at the same time")
        #expect(ScheduleInputError.time("x", .format).kind == .usage)
    }
}

/// Two-digit numbers, written independently of the code under test.
enum ISO8601Pad {
    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
