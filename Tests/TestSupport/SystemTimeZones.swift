import Foundation

/// The system's time zone database and the tools that answer from it
/// (`zdump`, GNU `date`), for tests that check lifesignal's zone rules
/// against the system's own answers.
public enum SystemTimeZones {
    /// Where Debian's `tzdata` puts the database.
    public static let directory = "/usr/share/zoneinfo"

    /// Whether the database and both tools are there. `.ci/run` installs
    /// `tzdata` and sets `LIFESIGNAL_REQUIRE_TZDATA=1`, so that a missing
    /// database fails those tests instead of skipping them.
    public static var isAvailable: Bool {
        isInstalled || ProcessInfo.processInfo.environment["LIFESIGNAL_REQUIRE_TZDATA"] == "1"
    }

    private static var isInstalled: Bool {
        let files = FileManager.default
        return files.fileExists(atPath: directory + "/Europe/Madrid") && files.isExecutableFile(atPath: zdumpPath)
            && files.isExecutableFile(atPath: datePath)
    }

    static let zdumpPath = "/usr/bin/zdump"
    static let datePath = "/usr/bin/date"

    /// The path below `directory` of every TZif file in it (links
    /// included), sorted.
    public static func zoneNames() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var names: [String] = []
        while let name = walker.nextObject() as? String {
            guard let handle = FileHandle(forReadingAtPath: directory + "/" + name) else { continue }
            defer { try? handle.close() }
            if (try? handle.read(upToCount: 4)) == Data("TZif".utf8) { names.append(name) }
        }
        return names.sorted()
    }

    /// The bytes of the zone file `name`.
    public static func bytes(of name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: directory + "/" + name).map { [UInt8]($0) }
    }

    /// `zdump` with `arguments`; its standard output.
    public static func zdump(_ arguments: [String]) throws -> String {
        try run([zdumpPath] + arguments, environment: [:], stdin: nil)
    }

    /// GNU `date` with `arguments`, `TZ` set to `zone` (unset when nil) and
    /// `stdin` as its input; its standard output (errors go to stderr and
    /// are not failures: `date -f` says so for an invalid line and goes on).
    public static func date(_ arguments: [String], zone: String?, stdin: String? = nil) throws -> RunResult {
        var environment = ["LC_ALL": "C"]
        if let zone { environment["TZ"] = zone }
        return try runResult([datePath] + arguments, environment: environment, stdin: stdin)
    }

    private static func run(_ arguments: [String], environment: [String: String], stdin: String?) throws -> String {
        let result = try runResult(arguments, environment: environment, stdin: stdin)
        guard result.succeeded else { throw HarnessFailure("\(arguments[0]) failed: \(result)") }
        return result.stdout
    }

    private static func runResult(_ arguments: [String], environment: [String: String], stdin: String?) throws -> RunResult {
        var environment = environment
        environment["LC_ALL"] = "C"
        let running = try Running(arguments: arguments, environment: environment,
                                  directory: FileManager.default.temporaryDirectory, stdin: stdin, executable: nil)
        return running.wait(timeout: 300)
    }
}
