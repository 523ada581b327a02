import LifeSignalCore
import Testing

/// Zones found by name and the machine's zone found as the C library finds
/// it, over a database in memory: files, links (absolute, relative, chained,
/// looping) and failures of the tests' choosing.
struct ZoneCatalogTests {
    /// Files by absolute path and links by absolute path to their target as written.
    struct Disk: Sendable {
        var files: [String: [UInt8]] = [:]
        var links: [String: String] = [:]
        var unreadable: Set<String> = []

        /// A source over this disk; reading follows links as the kernel does.
        var source: ZoneInfoSource {
            let disk = self
            return ZoneInfoSource(
                directory: "/usr/share/zoneinfo",
                readFile: { (path) throws(ZoneFileFailure) in
                    var current = path
                    for _ in 0..<40 {
                        if disk.unreadable.contains(current) { throw .unreadable("Permission denied") }
                        if let bytes = disk.files[current] { return bytes }
                        guard let target = disk.links[current] else { throw .missing }
                        current = target.hasPrefix("/") ? target : Disk.resolve(target, from: current)
                    }
                    throw .unreadable("Too many levels of symbolic links")
                },
                linkTarget: { (path) throws(ZoneFileFailure) in
                    if disk.unreadable.contains(path) { throw .unreadable("Permission denied") }
                    if let target = disk.links[path] { return target }
                    guard disk.files[path] != nil else { throw .missing }
                    return nil
                })
        }

        /// A relative link target, from the link's directory.
        static func resolve(_ target: String, from link: String) -> String {
            var parts = link.split(separator: "/").dropLast().map(String.init)
            for part in target.split(separator: "/") {
                if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
            }
            return "/" + parts.joined(separator: "/")
        }
    }

    static let madrid = TZifFixture.madrid.bytes
    static let newYork = TZifFixture.fixed(offset: -18000, abbreviation: "EST", footer: "EST5EDT,M3.2.0,M11.1.0").bytes

    static func disk(localtime: String? = "/usr/share/zoneinfo/Europe/Madrid") -> Disk {
        var disk = Disk()
        disk.files["/usr/share/zoneinfo/Europe/Madrid"] = madrid
        disk.files["/usr/share/zoneinfo/America/New_York"] = newYork
        disk.links["/usr/share/zoneinfo/US/Eastern"] = "../America/New_York"
        disk.files["/usr/share/zoneinfo/zone.tab"] = Array("# tz zone descriptions\n".utf8)
        var leap = TZifFixture.fixed(offset: 0, abbreviation: "UTC")
        leap.leapSeconds = [(78_796_800, 1)]
        disk.files["/usr/share/zoneinfo/right/UTC"] = leap.bytes
        if let localtime { disk.links["/etc/localtime"] = localtime }
        return disk
    }

    static func catalog(_ disk: Disk = disk()) -> ZoneCatalog { ZoneCatalog(source: disk.source) }

    static func name(_ text: String) -> TimeZoneRules.Origin {
        (try? ZoneName(validating: text)).map(TimeZoneRules.Origin.named) ?? .unnamedFile
    }

    @Test func zonesAreFoundByName() throws {
        let madrid = try Self.catalog().rules(named: "Europe/Madrid")
        #expect(madrid.origin == Self.name("Europe/Madrid"))
        #expect(madrid.type(at: 1_774_746_000).abbreviation == "CEST")
        // A link of the database is a zone of its own name.
        #expect(try Self.catalog().rules(named: "US/Eastern").origin == Self.name("US/Eastern"))
    }

    @Test func failuresSayWhichZoneAndWhy() throws {
        var disk = Self.disk()
        disk.unreadable.insert("/usr/share/zoneinfo/America/New_York")
        let catalog = Self.catalog(disk)
        let unknown = try ZoneName(validating: "Europe/Atlantis")
        #expect(throws: TimeZoneError.unknownZone(unknown)) { try catalog.rules(named: unknown) }
        #expect(throws: TimeZoneError.invalidName("../../etc/passwd", .dotComponent)) { try catalog.rules(named: "../../etc/passwd") }
        #expect(throws: TimeZoneError.notZoneData("zone.tab", .badMagic)) { try catalog.rules(named: "zone.tab") }
        #expect(throws: TimeZoneError.countsLeapSeconds("right/UTC")) { try catalog.rules(named: "right/UTC") }
        #expect(throws: TimeZoneError.unreadable("America/New_York", reason: "Permission denied")) {
            try catalog.rules(named: "America/New_York")
        }
        #expect(TimeZoneError.unknownZone(unknown).message
            == "no time zone is named \"Europe/Atlantis\" (names are like Europe/Madrid, and case matters)")
        #expect(TimeZoneError.notZoneData("zone.tab", .badMagic).message
            == "\"zone.tab\" is not a time zone file: it does not start with \"TZif\"")
    }

    /// Where the database is not installed, UTC is still known.
    @Test func utcNeedsNoDatabase() throws {
        #expect(try ZoneCatalog(source: Disk().source).rules(named: "UTC") == .utc)
        #expect(throws: TimeZoneError.self) { try ZoneCatalog(source: Disk().source).rules(named: "Etc/UTC") }
    }

    struct MachineCase: Sendable, CustomTestStringConvertible {
        var id: String
        var variable: String?
        var localtime: String? = "/usr/share/zoneinfo/Europe/Madrid"
        var extraFiles: [String: [UInt8]] = [:]
        var extraLinks: [String: String] = [:]
        var origin: TimeZoneRules.Origin
        /// The abbreviation in force in July 2026.
        var summer: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        MachineCase(id: "TZ unset: /etc/localtime linked into the database", variable: nil,
                    origin: name("Europe/Madrid"), summer: "CEST"),
        MachineCase(id: "TZ unset: a relative link", variable: nil, localtime: "../usr/share/zoneinfo/Europe/Madrid",
                    origin: name("Europe/Madrid"), summer: "CEST"),
        MachineCase(id: "TZ unset: a chain of links names the first zone met", variable: nil,
                    localtime: "/etc/alternatives/zone", extraLinks: ["/etc/alternatives/zone": "/usr/share/zoneinfo/US/Eastern"],
                    origin: name("US/Eastern"), summer: "EDT"),
        MachineCase(id: "TZ unset: a link into another zoneinfo directory", variable: nil,
                    localtime: "/nix/store/abc-tzdata/share/zoneinfo/Europe/Madrid",
                    extraFiles: ["/nix/store/abc-tzdata/share/zoneinfo/Europe/Madrid": madrid],
                    origin: name("Europe/Madrid"), summer: "CEST"),
        MachineCase(id: "TZ unset: a copy has no name", variable: nil, localtime: nil,
                    extraFiles: ["/etc/localtime": newYork], origin: .unnamedFile, summer: "EDT"),
        MachineCase(id: "TZ unset: no /etc/localtime is UTC", variable: nil, localtime: nil, origin: name("UTC"), summer: "UTC"),
        MachineCase(id: "TZ empty is UTC", variable: "", origin: name("UTC"), summer: "UTC"),
        MachineCase(id: "TZ colon alone is /etc/localtime", variable: ":", origin: name("Europe/Madrid"), summer: "CEST"),
        MachineCase(id: "TZ with a colon", variable: ":America/New_York", origin: name("America/New_York"), summer: "EDT"),
        MachineCase(id: "TZ a name", variable: "America/New_York", origin: name("America/New_York"), summer: "EDT"),
        MachineCase(id: "TZ a path into the database", variable: "/usr/share/zoneinfo/America/New_York",
                    origin: name("America/New_York"), summer: "EDT"),
        MachineCase(id: "TZ a path elsewhere", variable: ":/home/ada/zone", extraFiles: ["/home/ada/zone": newYork],
                    origin: .unnamedFile, summer: "EDT"),
        MachineCase(id: "TZ /etc/localtime", variable: "/etc/localtime", origin: name("Europe/Madrid"), summer: "CEST"),
        MachineCase(id: "TZ a POSIX string", variable: "CET-1CEST,M3.5.0,M10.5.0/3",
                    origin: .posix("CET-1CEST,M3.5.0,M10.5.0/3"), summer: "CEST"),
        MachineCase(id: "TZ a POSIX string that could be a name", variable: "JST-9", origin: .posix("JST-9"), summer: "JST"),
        MachineCase(id: "TZ a POSIX string after a colon", variable: ":JST-9", origin: .posix("JST-9"), summer: "JST"),
    ])
    func machineZoneIsFoundAsTheCLibraryFindsIt(_ example: MachineCase) throws {
        var disk = Self.disk(localtime: example.localtime)
        disk.files.merge(example.extraFiles) { $1 }
        disk.links.merge(example.extraLinks) { $1 }
        let rules = try Self.catalog(disk).machineZone(variable: example.variable)
        #expect(rules.origin == example.origin)
        #expect(rules.type(at: 1_783_000_000).abbreviation == example.summer)
    }

    @Test func machineZoneFailuresAreErrors() throws {
        var looping = Self.disk(localtime: "/etc/zone-a")
        looping.links["/etc/zone-a"] = "/etc/zone-b"
        looping.links["/etc/zone-b"] = "zone-a"
        #expect(throws: TimeZoneError.unreadable("/etc/localtime", reason: "Too many levels of symbolic links")) {
            try Self.catalog(looping).machineZone(variable: nil)
        }
        var damaged = Self.disk(localtime: nil)
        damaged.files["/etc/localtime"] = Array(Self.madrid.prefix(60))
        #expect(throws: TimeZoneError.notZoneData("/etc/localtime", .truncated)) { try Self.catalog(damaged).machineZone(variable: nil) }
        #expect(throws: TimeZoneError.unreadable("/nowhere", reason: "no such file")) {
            try Self.catalog().machineZone(variable: "/nowhere")
        }
        #expect(throws: TimeZoneError.invalidVariable("Europe/Atlantis", .offset(standard: true))) {
            try Self.catalog().machineZone(variable: "Europe/Atlantis")
        }
        #expect(throws: TimeZoneError.invalidVariable(":../etc/passwd", .name(standard: true))) {
            try Self.catalog().machineZone(variable: ":../etc/passwd")
        }
        #expect(throws: TimeZoneError.countsLeapSeconds("right/UTC")) { try Self.catalog().machineZone(variable: "right/UTC") }
    }
}
