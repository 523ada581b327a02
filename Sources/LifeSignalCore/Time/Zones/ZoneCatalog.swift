/// The time zones a system knows: each by its name, and the machine's own
/// as `TZ` or `/etc/localtime` sets it.
public struct ZoneCatalog: Sendable {
    public var source: ZoneInfoSource

    /// Where the system keeps its local time zone.
    public static let localTimePath = "/etc/localtime"

    /// Links followed at most when finding a zone's name: more is a loop.
    static let maxLinks = 16

    public init(source: ZoneInfoSource) {
        self.source = source
    }

    /// A catalog without a database: it knows UTC alone.
    public static let utcOnly = ZoneCatalog(source: ZoneInfoSource(
        directory: "", readFile: { _ throws(ZoneFileFailure) in throw .missing }, linkTarget: { _ throws(ZoneFileFailure) in nil }))

    /// The zone of the database that `text` names.
    public func rules(named text: String) throws(TimeZoneError) -> TimeZoneRules {
        try rules(named: try ZoneName(validating: text))
    }

    /// The zone of the database named `name`. UTC is known even where the
    /// database is not installed.
    public func rules(named name: ZoneName) throws(TimeZoneError) -> TimeZoneRules {
        if let rules = try load(source.directory + "/" + name.rawValue, origin: .named(name), shown: name.rawValue) {
            return rules
        }
        if name == .utc { return .utc }
        throw .unknownZone(name)
    }

    /// The machine's zone: `TZ` (`variable`; nil when unset) as the C
    /// library reads it, else `/etc/localtime`.
    ///
    /// `TZ` may be a zone's name (`Europe/Madrid`), the same after a colon,
    /// a file's absolute path, or a POSIX TZ string
    /// (`CET-1CEST,M3.5.0,M10.5.0/3`); empty, it means UTC. Without `TZ` and
    /// without `/etc/localtime` the machine keeps UTC. `/etc/localtime` (or
    /// a path in `TZ`) linked into a zoneinfo directory gives that zone's
    /// name; a copy gives a zone without one.
    public func machineZone(variable: String?) throws(TimeZoneError) -> TimeZoneRules {
        guard var text = variable else { return try localTime() }
        if text.isEmpty { return .utc }
        // The colon says "a file", but the C library reads what follows it
        // as a TZ string too when no file has that name: so does this.
        if text.hasPrefix(":") {
            text.removeFirst()
            if text.isEmpty { return try localTime() }
        }
        if text.hasPrefix("/") { return try zone(atPath: text) }
        if let name = try? ZoneName(validating: text) {
            do {
                return try rules(named: name)
            } catch .unknownZone {
                // Not a zone's name: perhaps a TZ string (`JST-9`).
            }
        }
        do {
            return TimeZoneRules(posix: try POSIXTimeZone(parsing: text))
        } catch {
            throw .invalidVariable(variable ?? text, error)
        }
    }

    /// `/etc/localtime`; UTC when there is none.
    private func localTime() throws(TimeZoneError) -> TimeZoneRules {
        try rules(atPath: Self.localTimePath) ?? .utc
    }

    /// The zone in the file at `path` (an absolute path in `TZ`).
    private func zone(atPath path: String) throws(TimeZoneError) -> TimeZoneRules {
        guard let rules = try rules(atPath: path) else { throw .unreadable(path, reason: "no such file") }
        return rules
    }

    /// The zone in the file at `path`, nil when there is none: named when
    /// the path, or a link it leads through, is inside a zoneinfo directory.
    private func rules(atPath path: String) throws(TimeZoneError) -> TimeZoneRules? {
        var current = ZonePath.normalized(path)
        var origin = TimeZoneRules.Origin.unnamedFile
        for _ in 0..<Self.maxLinks {
            if let name = ZonePath.zoneName(in: current, directory: source.directory) {
                origin = .named(name)
                break
            }
            let target: String?
            do {
                target = try source.linkTarget(current)
            } catch {
                guard case .unreadable(let reason) = error else { return nil }
                throw .unreadable(path, reason: reason)
            }
            guard let target else { break }
            current = ZonePath.normalized(target, relativeTo: ZonePath.directory(of: current))
        }
        return try load(path, origin: origin, shown: path)
    }

    /// The rules in the TZif file at `path`, nil when there is no file;
    /// `shown` names it in errors.
    private func load(_ path: String, origin: TimeZoneRules.Origin, shown: String) throws(TimeZoneError) -> TimeZoneRules? {
        let bytes: [UInt8]
        do {
            bytes = try source.readFile(path)
        } catch {
            guard case .unreadable(let reason) = error else { return nil }
            throw .unreadable(shown, reason: reason)
        }
        let contents: TZif.Contents
        do {
            contents = try TZif.decode(bytes, origin: origin)
        } catch {
            throw .notZoneData(shown, error)
        }
        guard contents.leapSecondCount == 0 else { throw .countsLeapSeconds(shown) }
        return contents.rules
    }
}
