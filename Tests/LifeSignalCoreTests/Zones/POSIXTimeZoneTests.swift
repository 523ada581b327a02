import LifeSignalCore
import Testing

/// POSIX TZ strings: every form of the grammar read, and each mistake named.
struct POSIXTimeZoneTests {
    @Test func readsStandardAndDaylightTimesAndTheirRule() throws {
        let zone = try POSIXTimeZone(parsing: "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(zone.standard == LocalTimeType(utcOffset: 3600, isDaylightSaving: false, abbreviation: "CET"))
        #expect(zone.daylight?.type == LocalTimeType(utcOffset: 7200, isDaylightSaving: true, abbreviation: "CEST"))
        #expect(zone.daylight?.start == .init(day: .monthWeekDay(month: 3, week: 5, weekday: 0), time: 7200))
        #expect(zone.daylight?.end == .init(day: .monthWeekDay(month: 10, week: 5, weekday: 0), time: 10800))
    }

    @Test(arguments: [
        ("<+0330>-3:30", 12_600, nil), ("<-03>3", -10_800, nil), ("JST-9", 32_400, nil), ("UTC0", 0, nil),
        ("EST5EDT", -18_000, -14_400), ("NZST-12NZDT-13,M9.5.0,M4.1.0/3", 43_200, 46_800),
        ("AAA+1:02:03BBB-4", -3723, 14_400), ("XXX-24:59:59", 89_999, nil), ("<a+b>+24", -86_400, nil),
    ])
    func readsOffsetsEastOfUTC(_ text: String, _ standard: Int, _ daylight: Int?) throws {
        let zone = try POSIXTimeZone(parsing: text)
        #expect(zone.standard.utcOffset == standard)
        #expect(zone.daylight?.type.utcOffset == daylight)
    }

    @Test(arguments: [
        ("", POSIXTZProblem.empty), ("AB1", .name(standard: true)), ("<AB>1", .name(standard: true)), ("<ABC1", .name(standard: true)),
        ("CET", .offset(standard: true)), ("CET-25", .offset(standard: true)), ("CET-1:60", .offset(standard: true)),
        ("CET-1C", .name(standard: false)), ("CET-1CEST-25", .offset(standard: false)), ("CET-1CEST,M3.5.0", .rule),
        ("CET-1CEST,M13.5.0,M10.5.0", .rule), ("CET-1CEST,M3.6.0,M10.5.0", .rule), ("CET-1CEST,M3.5.7,M10.5.0", .rule),
        ("CET-1CEST,J0,J365", .rule), ("CET-1CEST,366,0", .rule), ("CET-1CEST,M3.5.0/168,M10.5.0", .rule),
        ("CET-1CEST,M3.5.0,M10.5.0/3x", .trailing), ("CET-1 ", .name(standard: false)), ("Europe/Madrid", .offset(standard: true)),
    ])
    func namesEachMistake(_ text: String, _ problem: POSIXTZProblem) {
        #expect(throws: problem) { try POSIXTimeZone(parsing: text) }
    }

    /// The ways of naming a day, in a leap year and the year after: each
    /// change happens at the wall time its rule names, on the clock in
    /// force before it.
    @Test func daysOfTheYearCountAsPOSIXSays() throws {
        // J60 is March 1 even in leap years; zero-based 59 is February 29 in them.
        let rules = TimeZoneRules(posix: try POSIXTimeZone(parsing: "AAA0BBB,J60/0,59/0"))
        let named = { (change: ZoneTransition) in
            LocalDateTime(wallSeconds: change.at + Int64(change.before.utcOffset)).description + " " + change.after.abbreviation
        }
        #expect(rules.transitions(from: 1_830_297_600, through: 1_861_919_999).map(named)
            == ["2028-02-29T00:00:00 AAA", "2028-03-01T00:00:00 BBB"])
        #expect(rules.transitions(from: 1_798_761_600, through: 1_830_297_599).map(named)
            == ["2027-03-01T00:00:00 AAA", "2027-03-01T00:00:00 BBB"])
    }

    /// A rule that ends daylight saving time as it starts again keeps it all
    /// year (RFC 8536, 3.3.1), with no change of the clocks at all.
    @Test func daylightSavingAllYearHasNoChanges() throws {
        let rules = TimeZoneRules(posix: try POSIXTimeZone(parsing: "EST5EDT,0/0,J365/25"))
        #expect(rules.transitions(from: 0, through: 4_102_444_800).isEmpty)
        for instant: Int64 in [0, 1_767_225_600, 1_767_243_600, 1_798_761_599, 4_000_000_000] {
            #expect(rules.type(at: instant).abbreviation == "EDT")
        }
    }

    @Test func mistakesAreWordedForPeople() {
        let error = TimeZoneError.invalidVariable("CET-1CEST,M3", .rule)
        #expect(error.message == "TZ=\"CET-1CEST,M3\" names no time zone and is not a POSIX TZ string: "
            + "the daylight saving rule is not ,START[/TIME],END[/TIME] (Jn, n or Mm.w.d)")
    }
}
