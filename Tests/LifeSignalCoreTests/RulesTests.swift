import FoundationEssentials
import LifeSignalCore
import Testing

struct DurationTextTests {
    @Test(arguments: [
        ("minutes", "90m", 5400), ("hours", "8h", 28_800), ("day", "1d", 86_400), ("day and half", "1d12h", 129_600),
        ("two days", "2d", 172_800), ("plain seconds", "3600", 3600), ("upper case", "8H", 28_800),
        ("week", "1w", 604_800), ("all units", "1d1h1m1s", 90_061), ("zero", "0", 0),
    ])
    func parsesDurations(id: String, text: String, seconds: Int) {
        #expect(DurationText.parse(text) == seconds, "\(id)")
    }

    @Test(arguments: [
        ("empty", ""), ("unit only", "h"), ("trailing number", "1h30"), ("repeated unit", "1h1h"),
        ("wrong order", "1m1h"), ("unknown unit", "5y"), ("negative", "-5m"), ("spaces", "1d 12h"),
        ("fraction", "1.5h"), ("overflow", "99999999999999999999d"), ("very long", String(repeating: "1", count: 40)),
    ])
    func rejectsNonDurations(id: String, text: String) {
        #expect(DurationText.parse(text) == nil, "\(id)")
    }

    @Test(arguments: [
        (5400, "1h 30m"), (86_400, "1d"), (129_600, "1d 12h"), (90_061, "1d 1h 1m"), (0, "0s"), (45, "45s"),
        (86_460, "1d 1m"),
    ])
    func formats(seconds: Int, text: String) {
        #expect(DurationText.format(seconds: seconds) == text)
    }
}

struct IntervalRulesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var current: (Int, Int)
        var newCheckIn: Int?
        var newReminder: Int?
        var expected: (Int, Int)
        var testDescription: String { id }
    }

    @Test(arguments: [
        Case(id: "longer interval keeps reminder", current: (86_400, 7200), newCheckIn: 172_800, expected: (172_800, 7200)),
        Case(id: "8h interval keeps 2h reminder", current: (86_400, 7200), newCheckIn: 28_800, expected: (28_800, 7200)),
        Case(id: "interval not above reminder moves it to the largest preset below",
             current: (86_400, 28_800), newCheckIn: 28_800, expected: (28_800, 14_400)),
        Case(id: "short custom interval with no preset below halves", current: (86_400, 7200), newCheckIn: 3600, expected: (3600, 1800)),
        Case(id: "90m interval takes the 1h preset", current: (86_400, 7200), newCheckIn: 5400, expected: (5400, 3600)),
        Case(id: "explicit reminder", current: (86_400, 7200), newReminder: 14_400, expected: (86_400, 14_400)),
        Case(id: "both at once", current: (86_400, 7200), newCheckIn: 172_800, newReminder: 28_800, expected: (172_800, 28_800)),
    ])
    func applies(_ c: Case) throws {
        let result = try IntervalRules.apply(checkIn: c.newCheckIn, reminder: c.newReminder, to: c.current)
        #expect(result.checkIn == c.expected.0)
        #expect(result.reminder == c.expected.1)
    }

    @Test(arguments: [
        Case(id: "reminder equal to interval", current: (86_400, 7200), newReminder: 86_400, expected: (0, 0)),
        Case(id: "reminder longer than new interval", current: (86_400, 7200), newCheckIn: 28_800, newReminder: 28_800, expected: (0, 0)),
        Case(id: "interval too short", current: (86_400, 7200), newCheckIn: 60, expected: (0, 0)),
        Case(id: "interval too long", current: (86_400, 7200), newCheckIn: 40 * 86_400, expected: (0, 0)),
        Case(id: "reminder too short", current: (86_400, 7200), newReminder: 10, expected: (0, 0)),
    ])
    func refuses(_ c: Case) {
        #expect(throws: LifeSignalError.self) {
            try IntervalRules.apply(checkIn: c.newCheckIn, reminder: c.newReminder, to: c.current)
        }
    }
}

struct PhoneNumberTests {
    @Test(arguments: [
        ("plain", "+15551234567", "+15551234567"),
        ("punctuated", "+1 (555) 123-4567", "+15551234567"),
        ("dots", "+44.20.7946.0958", "+442079460958"),
        ("double zero prefix", "0033 1 23 45 67 89", "+33123456789"),
    ])
    func normalises(id: String, text: String, expected: String) {
        #expect(PhoneNumber.normalize(text) == expected, "\(id)")
    }

    @Test(arguments: ["", "5551234567", "+", "+0123456789", "+1 555 CALL NOW", "++15551234567",
                      "+1234567", "+1234567890123456", "+1555\n1234567", "+1-555-123-4567 ext 9"])
    func rejects(text: String) {
        #expect(PhoneNumber.normalize(text) == nil)
    }
}

struct ISO8601Tests {
    @Test(arguments: [
        ("utc", "2026-03-01T09:00:00Z", 1_772_355_600.0),
        ("offset", "2026-03-01T10:00:00+01:00", 1_772_355_600.0),
        ("compact offset", "2026-03-01T04:00:00-0500", 1_772_355_600.0),
        ("date only", "2026-03-01", 1_772_323_200.0),
        ("fraction", "2026-03-01T09:00:00.250Z", 1_772_355_600.25),
        ("leap day", "2024-02-29T00:00:00Z", 1_709_164_800.0),
        ("epoch", "1970-01-01T00:00:00Z", 0),
    ])
    func parses(id: String, text: String, seconds: Double) {
        #expect(ISO8601.parse(text)?.timeIntervalSince1970 == seconds, "\(id)")
    }

    @Test(arguments: ["", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-03-01T24:00:00Z",
                      "2026-03-01T09:00:00", "yesterday", "2026-03-01T09:00:00Zjunk", "2025-02-29"])
    func rejects(text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test func roundTrips() {
        for seconds in stride(from: -86_400.0 * 800, to: 86_400.0 * 40_000, by: 86_400.0 * 97 + 3_607) {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISO8601.parse(ISO8601.format(date)) == date)
        }
        #expect(ISO8601.format(Date(timeIntervalSince1970: 1_772_355_600)) == "2026-03-01T09:00:00Z")
    }
}

struct QRCodeIDTests {
    @Test func generatesNormalisedIDs() {
        let random = RandomSource.seeded(7)
        for _ in 0..<200 {
            let id = QRCodeID.generate(random)
            #expect(id.count == 23)
            #expect(QRCodeID.normalize(id) == id)
        }
    }

    @Test(arguments: [
        ("lower case", "k7q2m-9xhcv-3pd8r-tw6na", "K7Q2M-9XHCV-3PD8R-TW6NA"),
        ("no hyphens", "K7Q2M9XHCV3PD8RTW6NA", "K7Q2M-9XHCV-3PD8R-TW6NA"),
        ("payload", "LIFESIGNAL:K7Q2M-9XHCV-3PD8R-TW6NA", "K7Q2M-9XHCV-3PD8R-TW6NA"),
        ("look-alikes", "OOOOO-IIIII-LLLLL-22222", "00000-11111-11111-22222"),
    ])
    func normalises(id: String, text: String, expected: String) {
        #expect(QRCodeID.normalize(text) == expected, "\(id)")
    }

    @Test(arguments: ["", "../../etc/passwd", "K7Q2M-9XHCV-3PD8R-TW6N", "K7Q2M-9XHCV-3PD8R-TW6NAA", "K7Q2M/9XHCV/3PD8R/TW6NA",
                      String(repeating: "A", count: 10_000), "K7Q2M-9XHCV-3PD8R-TW6NU"])
    func rejects(text: String) {
        #expect(QRCodeID.normalize(text) == nil)
    }
}

struct EntityIDTests {
    @Test func validates() {
        let id = EntityID(randomBytes: [UInt8](repeating: 0xab, count: 16))
        #expect(EntityID(validating: id.rawValue) == id)
        for bad in ["", "../x", String(repeating: "a", count: 36), id.rawValue.uppercased(), id.rawValue + "0"] {
            #expect(EntityID(validating: bad) == nil)
        }
    }

    /// The short form (cut from the bytes) is the first eight characters.
    @Test func shortIsTheFirstEightCharacters() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let id = EntityID(randomBytes: (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) })
            #expect(id.short == String(id.rawValue.prefix(8)))
            #expect(id.short.utf8.count == 8)
        }
    }
}


/// Names and notes are limited in bytes, and a name is one line.
struct ProfileRulesTests {
    @Test(arguments: [
        ("plain", "Ada", "Ada"), ("trimmed", "  Ada \t", "Ada"), ("accented", "Ångström", "Ångström"),
        ("at the limit", String(repeating: "a", count: 128), String(repeating: "a", count: 128)),
        ("CJK at the limit", String(repeating: "語", count: 42), String(repeating: "語", count: 42)),
    ])
    func acceptsNames(id: String, text: String, expected: String) throws {
        #expect(try ProfileRules.name(text, field: "first name") == expected, "\(id)")
    }

    @Test(arguments: [
        ("empty", "  ", "must not be empty"),
        ("one byte over", String(repeating: "a", count: 129), "longer than 128 bytes"),
        ("one grapheme cluster of 66 KB", "Z" + String(repeating: "\u{301}", count: 33_000), "longer than 128 bytes"),
        ("CJK one over", String(repeating: "語", count: 43), "longer than 128 bytes"),
        ("newline", "Ada\nBob", "one line"), ("carriage return", "Ada\rBob", "one line"),
        ("line separator", "Ada\u{2028}Bob", "one line"), ("paragraph separator", "Ada\u{2029}Bob", "one line"),
        ("next line", "Ada\u{85}Bob", "one line"), ("escape", "Ada\u{1B}[2J", "control characters"),
    ])
    func refusesNames(id: String, text: String, reason: String) {
        #expect(throws: LifeSignalError.self, "\(id)") { try ProfileRules.name(text, field: "first name") }
        do {
            _ = try ProfileRules.name(text, field: "first name")
        } catch {
            #expect(error.message.contains(reason), "\(id): \(error.message)")
            #expect(error.kind == .refused)
        }
    }

    @Test func notesAreLimitedInBytesAndMaySpanLines() throws {
        #expect(try ProfileRules.note("Key under the mat.\nDiabetic.") == "Key under the mat.\nDiabetic.")
        #expect(try ProfileRules.note(String(repeating: "é", count: 2000)).utf8.count == 4000)
        #expect(throws: LifeSignalError.self) { try ProfileRules.note(String(repeating: "é", count: 2001)) }
        #expect(throws: LifeSignalError.self) { try ProfileRules.note("Z" + String(repeating: "\u{301}", count: 2000)) }
    }
}

/// The ID check reads eight bytes at a time; the byte-by-byte rule it
/// replaced, kept here as the reference, agrees on IDs and on every kind
/// of near miss.
struct EntityIDValidationTests {
    static func reference(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        return bytes.indices.allSatisfy { i in
            [8, 13, 18, 23].contains(i) ? bytes[i] == UInt8(ascii: "-")
                : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(bytes[i])
        }
    }

    @Test func agreesWithTheByteByByteRule() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let id = EntityID(randomBytes: (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) })
            var bytes = Array(id.rawValue.utf8)
            #expect(EntityID(validatingUTF8: bytes[...]) != nil)
            // Every byte value at one position, and random bytes anywhere.
            let at = Int.random(in: 0..<36, using: &random)
            for value in UInt8.min...UInt8.max {
                bytes[at] = value
                #expect((EntityID(validatingUTF8: bytes[...]) != nil) == Self.reference(bytes), "\(bytes)")
            }
            let noise = (0..<36).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect((EntityID(validatingUTF8: noise[...]) != nil) == Self.reference(noise))
            #expect(EntityID(validatingUTF8: bytes.dropLast()) == nil)
        }
    }
}
