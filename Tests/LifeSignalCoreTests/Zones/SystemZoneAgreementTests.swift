import Foundation
import LifeSignalCore
import TestSupport
import Testing

/// lifesignal's reading of the system's zoneinfo gives the system's own
/// answers (`zdump -v`, GNU `date`): for every zone, every year from 1970
/// to 2100 (past 2037, where the files stop listing transitions and their
/// footer's rule takes over), and every change of the clocks in 2026.
@Suite(.enabled(if: SystemTimeZones.isAvailable, "tzdata, zdump or date is not installed"))
struct SystemZoneAgreementTests {
    static let groups = SystemZoneOracle.zonesByContent()
    static var representatives: [String] {
        groups.map(\.representative).filter { !$0.hasPrefix("right/") }
    }

    /// The zones the issue names, and ones whose rules are unusual: version 3
    /// footers (rule times past 24 h or negative), daylight saving in
    /// winter (Dublin), half-hour changes (Lord Howe), a skipped day (Apia),
    /// a two-hour change (Troll), transitions listed until 2087 (Casablanca).
    static let namedZones = [
        "Europe/Madrid", "America/New_York", "Australia/Sydney", "Asia/Jerusalem",
        "America/Santiago", "Pacific/Easter", "America/Nuuk", "Asia/Gaza", "Europe/Dublin", "Australia/Lord_Howe",
        "Pacific/Apia", "Antarctica/Troll", "Africa/Casablanca", "Asia/Tehran", "America/Sao_Paulo", "Europe/London",
    ]

    static func rules(_ name: String) throws -> TimeZoneRules {
        try SystemZoneOracle.catalog.rules(named: name)
    }

    @Test func everyZoneFileDecodesAndLeapSecondZonesAreRefused() throws {
        let names = Self.groups.flatMap(\.names)
        #expect(names.count > 400, "the database lists \(names.count) zones")
        for name in names {
            if name.hasPrefix("right/") {
                #expect(throws: TimeZoneError.countsLeapSeconds(name)) { try Self.rules(name) }
            } else {
                let rules = try Self.rules(name)
                #expect(rules.name?.rawValue == name)
            }
        }
    }

    /// Every change `zdump -v` sees in the years around 1970, 2026, the end
    /// of 32-bit time (2038) and 2100, for every zone.
    @Test(arguments: [(1970, 1972), (2025, 2027), (2037, 2039), (2099, 2101)])
    func everyZoneChangesItsClocksWhenZdumpSays(fromYear: Int, toYear: Int) throws {
        let zones = Self.representatives
        let expected = try SystemZoneOracle.zdumpTransitions(zones: zones, fromYear: fromYear, toYear: toYear)
        let (from, to) = (Self.january1(fromYear), Self.january1(toYear) - 1)
        var compared = 0
        for zone in zones {
            let ours = try Self.rules(zone).transitions(from: from, through: to)
            Self.expectSame(ours, expected[zone] ?? [], "\(zone) \(fromYear)-\(toYear)")
            compared += ours.count
        }
        #expect(compared > 0)
    }

    /// Every change from 1970 to 2100 in the named zones.
    @Test func namedZonesChangeTheirClocksWhenZdumpSaysFrom1970To2100() throws {
        let expected = try SystemZoneOracle.zdumpTransitions(zones: Self.namedZones, fromYear: 1970, toYear: 2101)
        for zone in Self.namedZones {
            let ours = try Self.rules(zone).transitions(from: Self.january1(1970), through: Self.january1(2101) - 1)
            Self.expectSame(ours, expected[zone] ?? [], zone)
            #expect(ours.count > 0 || zone == "Asia/Tehran", "\(zone) has changes")
        }
        // Madrid alone: twice a year for the whole span, the footer's rule from 2038.
        #expect(try Self.rules("Europe/Madrid").transitions(from: Self.january1(2038), through: Self.january1(2101) - 1).count == 126)
    }

    /// Offset, abbreviation and wall-clock reading at random instants from
    /// 1970 to 2100 and around the end of 32-bit time, for every zone.
    @Test func everyZoneReadsAsDateSaysAtRandomInstants() throws {
        var random = SeededGenerator(seed: 29)
        var instants: [Int64] = (0..<150).map { _ in Int64.random(in: 0..<Self.january1(2101), using: &random) }
        instants += [0, Int64(Int32.max), Int64(Int32.max) + 1, Self.january1(2101) - 1]
        try Self.compareWithDate(zones: Self.representatives.map { ($0, ":" + $0) }, instants: instants)
    }

    /// Each zone, read through `date` with `TZ` set to its `variable`,
    /// reads at each instant as lifesignal's rules for it say.
    static func compareWithDate(zones: [(name: String, variable: String)], instants: [Int64]) throws {
        for (name, variable) in zones {
            let rules = try SystemZoneOracle.catalog.machineZone(variable: variable)
            let answers = try SystemZoneOracle.dateReadings(zone: variable, instants: instants)
            for (instant, answer) in zip(instants, answers) {
                let type = rules.type(at: instant)
                let ours = (type.utcOffset, type.abbreviation, rules.localDateTime(at: instant).description)
                #expect(ours == answer, "\(name) at \(instant)")
            }
        }
    }

    /// Records the first difference between two lists of transitions.
    static func expectSame(_ ours: [ZoneTransition], _ system: [ZoneTransition], _ what: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        guard ours != system else { return }
        let index = (0..<min(ours.count, system.count)).first { ours[$0] != system[$0] } ?? min(ours.count, system.count)
        let show = { (list: [ZoneTransition]) in
            index < list.count ? "\(list[index].at): \(list[index].before) -> \(list[index].after)" : "nothing"
        }
        let text = "\(what): \(ours.count) transitions, the system \(system.count); the first difference, "
            + "at #\(index): ours \(show(ours)), the system's \(show(system))"
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
    }

    static func january1(_ year: Int) -> Int64 {
        LocalDate(year: year, month: 1, day: 1).map { $0.dayNumber * 86_400 } ?? 0
    }
}

/// Wall-clock readings around every change of the clocks in 2026 name the
/// instants `date -d` takes them for: none in a skipped hour (which
/// lifesignal takes at the jump), both of a repeated one.
@Suite(.enabled(if: SystemTimeZones.isAvailable, "tzdata, zdump or date is not installed"))
struct LocalTimeAgreementTests {
    static let zones = ["Europe/Madrid", "America/New_York", "Australia/Sydney", "Asia/Jerusalem",
                        "America/Santiago", "Australia/Lord_Howe", "Antarctica/Troll", "America/Nuuk"]

    @Test(arguments: zones)
    func everyChangeOf2026ResolvesAsDateSays(zone: String) throws {
        let rules = try SystemZoneOracle.catalog.rules(named: zone)
        let system = try SystemZoneOracle.zdumpTransitions(zones: [zone], fromYear: 2026, toYear: 2027)[zone] ?? []
        let changes = rules.transitions(from: SystemZoneAgreementTests.january1(2026),
                                        through: SystemZoneAgreementTests.january1(2027) - 1)
        SystemZoneAgreementTests.expectSame(changes, system, zone)
        #expect(changes.count == 2, "\(zone) changes its clocks twice in 2026")
        // Readings from an hour before the change's old wall time to an
        // hour after its new one, every 15 minutes, and the seconds at its edges.
        var locals: [LocalDateTime] = []
        for change in changes {
            let oldWall = change.at + Int64(change.before.utcOffset), newWall = change.at + Int64(change.after.utcOffset)
            let low = min(oldWall, newWall) - 3600, high = max(oldWall, newWall) + 3600
            locals += stride(from: low, through: high, by: 900).map { LocalDateTime(wallSeconds: $0) }
            locals += [oldWall - 1, oldWall, newWall - 1, newWall].map { LocalDateTime(wallSeconds: $0) }
        }
        let texts = locals.map { $0.description.replacingOccurrences(of: "T", with: " ") }
        let answers = try SystemZoneOracle.dateInstants(zone: ":" + zone, localTimes: texts)
        for (local, answer) in zip(locals, answers) {
            let resolution = rules.resolve(local)
            switch resolution {
            case .unique(let instant):
                #expect(answer == instant, "\(zone) \(local)")
            case .repeated(let first, let later):
                let all = [first] + later
                #expect(answer.map(all.contains) == true, "\(zone) \(local): date says \(String(describing: answer)), ours \(all)")
                #expect(all.allSatisfy { rules.localDateTime(at: $0) == local } && all == all.sorted())
            case .skipped(let next):
                #expect(answer == nil, "\(zone) \(local): date says \(String(describing: answer)) exists")
                // The jump: the second before reads earlier, the jump itself later.
                #expect(rules.localDateTime(at: next - 1) < local && rules.localDateTime(at: next) > local, "\(zone) \(local)")
                #expect(changes.contains { $0.at == next }, "\(zone) \(local) is taken at the jump")
            }
            #expect(rules.firstInstant(atOrAfter: local) == resolution.earliest)
        }
        #expect(locals.contains { if case .skipped = rules.resolve($0) { true } else { false } })
        #expect(locals.contains { if case .repeated = rules.resolve($0) { true } else { false } })
    }
}

/// `TZ` in each form the C library reads gives the zone `date` uses.
@Suite(.enabled(if: SystemTimeZones.isAvailable, "tzdata, zdump or date is not installed"))
struct MachineZoneAgreementTests {
    @Test(arguments: [
        ":Europe/Madrid", "Europe/Madrid", "/usr/share/zoneinfo/Asia/Jerusalem", ":/usr/share/zoneinfo/America/New_York",
        "CET-1CEST,M3.5.0,M10.5.0/3", "<+0330>-3:30", "EST5EDT", "JST-9", "IST-2IDT,M3.4.4/26,M10.5.0",
        "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "EST5EDT,0/0,J365/25", "AAA3BBB,J60/2,300/3", "", "UTC", "posix/Australia/Sydney",
    ])
    func variableNamesTheZoneDateUses(_ variable: String) throws {
        var random = SeededGenerator(seed: 2026)
        let instants = (0..<120).map { _ in Int64.random(in: 0..<SystemZoneAgreementTests.january1(2101), using: &random) }
        try SystemZoneAgreementTests.compareWithDate(zones: [(variable, variable)], instants: instants)
    }

    /// A daylight saving time with no rule takes the United States' rule,
    /// as `date` does (through `posixrules`) since 2007. Only the offsets
    /// are compared: glibc shows the abbreviations of `posixrules` (EST,
    /// EDT) where the string names its own.
    @Test func ruleLessDaylightSavingFollowsTheUSRuleSince2007() throws {
        var random = SeededGenerator(seed: 2007)
        let from = SystemZoneAgreementTests.january1(2007)
        let instants = (0..<120).map { _ in Int64.random(in: from..<SystemZoneAgreementTests.january1(2101), using: &random) }
        let rules = try SystemZoneOracle.catalog.machineZone(variable: "AAA5BBB")
        let answers = try SystemZoneOracle.dateReadings(zone: "AAA5BBB", instants: instants)
        for (instant, answer) in zip(instants, answers) {
            #expect((rules.type(at: instant).utcOffset, rules.localDateTime(at: instant).description) == (answer.offset, answer.local))
        }
        #expect(Set(instants.map { rules.type(at: $0).abbreviation }) == ["AAA", "BBB"])
    }

    /// Without `TZ`, `/etc/localtime` (whatever this machine has).
    @Test func unsetVariableReadsLocaltimeAsDateDoes() throws {
        var random = SeededGenerator(seed: 1970)
        let instants = (0..<120).map { _ in Int64.random(in: 0..<SystemZoneAgreementTests.january1(2101), using: &random) }
        let rules = try SystemZoneOracle.catalog.machineZone(variable: nil)
        let answers = try SystemZoneOracle.dateReadings(zone: nil, instants: instants)
        for (instant, answer) in zip(instants, answers) {
            let type = rules.type(at: instant)
            #expect((type.utcOffset, type.abbreviation, rules.localDateTime(at: instant).description) == answer)
        }
    }
}
