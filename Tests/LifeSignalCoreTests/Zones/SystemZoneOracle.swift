import Foundation
import LifeSignalCore
import TestSupport
import ZoneInfoFiles

/// The system's answers about zones, read from `zdump -v` and GNU `date`,
/// in the terms of lifesignal's zone rules.
enum SystemZoneOracle {
    /// The live database, as lifesignal reads it.
    static let catalog = SystemZoneInfo.catalog()

    /// One line of `zdump -v`: what the clocks of `zone` said at `instant`.
    struct Reading: Equatable {
        var zone: String
        var instant: Int64
        var type: LocalTimeType
    }

    /// Every transition `zdump -v -c FROM,TO` reports, by zone, in time order.
    static func zdumpTransitions(zones: [String], fromYear: Int, toYear: Int) throws -> [String: [ZoneTransition]] {
        let output = try SystemTimeZones.zdump(["-v", "-c", "\(fromYear),\(toYear)"] + zones)
        var readings: [String: [Reading]] = [:]
        for line in output.split(separator: "\n") {
            guard let reading = try parseZdumpLine(String(line)) else { continue }
            readings[reading.zone, default: []].append(reading)
        }
        var transitions: [String: [ZoneTransition]] = [:]
        for zone in zones { transitions[zone] = [] }
        for (zone, lines) in readings {
            // zdump prints each change as the second before it and the second it happens.
            guard lines.count % 2 == 0 else { throw HarnessFailure("zdump printed an odd number of lines for \(zone)") }
            for pair in stride(from: 0, to: lines.count, by: 2) {
                let before = lines[pair], after = lines[pair + 1]
                guard after.instant == before.instant + 1 else { throw HarnessFailure("zdump pair apart: \(before) \(after)") }
                transitions[zone, default: []].append(ZoneTransition(at: after.instant, before: before.type, after: after.type))
            }
        }
        return transitions
    }

    /// `Europe/Madrid  Sun Mar 29 00:59:59 2026 UT = Sun Mar 29 01:59:59 2026 CET isdst=0 gmtoff=3600`;
    /// nil for the `NULL` lines at the ends of time.
    static func parseZdumpLine(_ line: String) throws -> Reading? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if fields.last == "NULL" { return nil }
        guard fields.count == 16, fields[6] == "UT", fields[7] == "=",
              fields[14].hasPrefix("isdst="), fields[15].hasPrefix("gmtoff="),
              let offset = Int(fields[15].dropFirst("gmtoff=".count)) else {
            throw HarnessFailure("unexpected zdump line: \(line)")
        }
        let instant = try utcInstant(month: fields[2], day: fields[3], time: fields[4], year: fields[5])
        return Reading(zone: fields[0], instant: instant,
                       type: LocalTimeType(utcOffset: offset, isDaylightSaving: fields[14] == "isdst=1", abbreviation: fields[13]))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The instant of a UTC date and time, by the C library's `timegm`
    /// (not lifesignal's calendar, which is under test).
    static func utcInstant(month: String, day: String, time: String, year: String) throws -> Int64 {
        let clock = time.split(separator: ":").compactMap { Int32($0) }
        guard let monthIndex = months.firstIndex(of: month), let dayNumber = Int32(day), let yearNumber = Int32(year),
              clock.count == 3 else { throw HarnessFailure("unexpected zdump time: \(month) \(day) \(time) \(year)") }
        var parts = tm()
        parts.tm_year = yearNumber - 1900
        parts.tm_mon = Int32(monthIndex)
        parts.tm_mday = dayNumber
        parts.tm_hour = clock[0]
        parts.tm_min = clock[1]
        parts.tm_sec = clock[2]
        return Int64(timegm(&parts))
    }

    /// What `date` says the clocks of TZ=`zone` read at each instant:
    /// offset, abbreviation and wall-clock reading.
    static func dateReadings(zone: String?, instants: [Int64]) throws -> [(offset: Int, abbreviation: String, local: String)] {
        let input = instants.map { "@\($0)\n" }.joined()
        let result = try SystemTimeZones.date(["-f", "-", "+%::z %Z %Y-%m-%dT%H:%M:%S"], zone: zone, stdin: input)
        guard result.succeeded else { throw HarnessFailure("date failed for \(zone ?? "(unset)"): \(result)") }
        let lines = result.stdout.split(separator: "\n")
        guard lines.count == instants.count else { throw HarnessFailure("date answered \(lines.count) of \(instants.count) lines") }
        return try lines.map { line in
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 3, let offset = parseOffset(fields[0]) else { throw HarnessFailure("unexpected date line: \(line)") }
            return (offset, fields[1], fields[2])
        }
    }

    /// `+01:00:00` in seconds.
    private static func parseOffset(_ text: String) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let parts = text.dropFirst().split(separator: ":").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return (sign == "-" ? -1 : 1) * (parts[0] * 3600 + parts[1] * 60 + parts[2])
    }

    /// What `date -d TEXT +%s` says of each local time `YYYY-MM-DD hh:mm:ss`
    /// in TZ=`zone`: the instant it takes it for, nil when it says the time
    /// is invalid (the clocks jumped over it).
    static func dateInstants(zone: String, localTimes: [String]) throws -> [Int64?] {
        let script = "while IFS= read -r line; do date -d \"$line\" +%s 2>/dev/null || echo invalid; done"
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = zone
        environment["LC_ALL"] = "C"
        let result = try Running(arguments: ["/bin/sh", "-c", script], environment: environment,
                                 directory: FileManager.default.temporaryDirectory,
                                 stdin: localTimes.map { $0 + "\n" }.joined(), executable: nil).wait(timeout: 300)
        let lines = result.stdout.split(separator: "\n")
        guard result.succeeded, lines.count == localTimes.count else { throw HarnessFailure("date -d failed: \(result)") }
        return lines.map { $0 == "invalid" ? nil : Int64($0) }
    }

    /// Every TZif file of the database grouped by content: identical bytes
    /// decode to identical rules, so one name of each group is enough to
    /// ask the system about.
    static func zonesByContent() -> [(representative: String, names: [String])] {
        var groups: [[UInt8]: [String]] = [:]
        for name in SystemTimeZones.zoneNames() {
            guard let bytes = SystemTimeZones.bytes(of: name) else { continue }
            groups[bytes, default: []].append(name)
        }
        return groups.values.map { names in
            let sorted = names.sorted()
            // Prefer a name outside posix/ (a copy of the same zone).
            return (sorted.first { !$0.hasPrefix("posix/") } ?? sorted[0], sorted)
        }.sorted { $0.representative < $1.representative }
    }
}
