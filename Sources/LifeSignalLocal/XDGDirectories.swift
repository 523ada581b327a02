import StoreBackends

/// The XDG base directories, resolved as the XDG Base Directory
/// specification says: a variable that is unset, empty or not an absolute
/// path is ignored in favour of the default under `$HOME`.
public struct XDGDirectories: Sendable, Equatable {
    public var configHome: String
    public var dataHome: String
    public var stateHome: String
    public var cacheHome: String

    /// - Parameters:
    ///   - environment: the process environment.
    ///   - fallbackHome: the home directory from the user database, used
    ///     when `HOME` is unset, empty or relative.
    public init(environment: [String: String], fallbackHome: String?) throws {
        try self.init(variable: { environment[$0] }, fallbackHome: fallbackHome)
    }

    /// The same, asking `variable` for each variable it needs (a run of
    /// lifesignal reads them one at a time rather than copy them all).
    public init(variable: (String) -> String?, fallbackHome: String?) throws {
        let home = Self.absolute(variable("HOME")) ?? Self.absolute(fallbackHome)
        func resolve(_ name: String, _ defaultSuffix: String) throws -> String {
            if let value = Self.absolute(variable(name)) { return Self.trimmed(value) }
            guard let home else {
                throw StoreError.noHome("cannot find a home directory for \(name): set HOME or \(name) to an absolute path")
            }
            return Self.trimmed(home) + "/" + defaultSuffix
        }
        configHome = try resolve("XDG_CONFIG_HOME", ".config")
        dataHome = try resolve("XDG_DATA_HOME", ".local/share")
        stateHome = try resolve("XDG_STATE_HOME", ".local/state")
        cacheHome = try resolve("XDG_CACHE_HOME", ".cache")
    }

    private static func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return value
    }

    /// Drops trailing slashes (`/a/b/` → `/a/b`); the root becomes the empty
    /// string so that joining it with `/x` gives `/x`.
    private static func trimmed(_ path: String) -> String {
        // Nothing to trim unless the last byte is a slash: the usual case
        // costs no count of characters.
        guard path.utf8.last == UInt8(ascii: "/") else { return path }
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : path
    }
}
