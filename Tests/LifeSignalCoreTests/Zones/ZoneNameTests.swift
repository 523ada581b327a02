import LifeSignalCore
import Testing

/// Zone names are paths below the zoneinfo directory: only names that stay
/// inside it are accepted, and each refusal says why.
struct ZoneNameTests {
    @Test(arguments: ["Europe/Madrid", "UTC", "Etc/GMT+5", "Etc/GMT-14", "America/Argentina/Buenos_Aires",
                      "America/Port-au-Prince", "posix/Europe/Madrid", "right/UTC", "EST5EDT", "Factory"])
    func acceptsTheDatabasesNames(_ text: String) throws {
        #expect(try ZoneName(validating: text).rawValue == text)
    }

    @Test(arguments: [
        ("", ZoneName.Problem.empty), ("/etc/passwd", .absolutePath), ("/usr/share/zoneinfo/UTC", .absolutePath),
        ("../etc/passwd", .dotComponent), ("Europe/../../etc/passwd", .dotComponent), ("./UTC", .dotComponent),
        (".hidden", .dotComponent), ("Europe//Madrid", .emptyComponent), ("Europe/", .emptyComponent),
        ("Europe/Mad\0rid", .character(0)), ("Europe/Ma drid", .character(0x20)), ("Europe\\Madrid", .character(0x5C)),
        ("-rf", .character(UInt8(ascii: "-"))), ("Europe/Madríd", .character(0xC3)), ("Europe/Madrid\n", .character(0x0A)),
        (String(repeating: "a", count: 256), .tooLong),
    ])
    func refusesWhatCouldLeaveTheDirectory(_ text: String, _ problem: ZoneName.Problem) {
        #expect(throws: TimeZoneError.invalidName(text, problem)) { try ZoneName(validating: text) }
    }

    @Test func refusalsAreWordedForPeople() {
        #expect(TimeZoneError.invalidName("../etc/passwd", .dotComponent).message
            == "\"../etc/passwd\" is not a time zone name (such as Europe/Madrid): a part of it starts with \".\"")
        #expect(TimeZoneError.invalidName("a\0b", .character(0)).message.hasSuffix("it contains a NUL byte"))
        #expect(TimeZoneError.invalidName("a b", .character(0x20)).message.hasSuffix("it contains the byte 0x20"))
        #expect(TimeZoneError.invalidName("/etc/passwd", .absolutePath).kind == .usage)
    }
}
