/// Where zone data comes from: the system's time zone database and its
/// links, read by a layer that does I/O (the core does none of its own).
/// Tests hand in files of their choosing.
public struct ZoneInfoSource: Sendable {
    /// The database's directory (`/usr/share/zoneinfo`), without a trailing slash.
    public var directory: String
    /// The bytes of the file at an absolute path, links followed.
    public var readFile: @Sendable (_ path: String) throws(ZoneFileFailure) -> [UInt8]
    /// The target the symbolic link at `path` names, as written (maybe
    /// relative to the link's directory); nil when `path` is not a link.
    public var linkTarget: @Sendable (_ path: String) throws(ZoneFileFailure) -> String?

    public init(directory: String,
                readFile: @escaping @Sendable (_ path: String) throws(ZoneFileFailure) -> [UInt8],
                linkTarget: @escaping @Sendable (_ path: String) throws(ZoneFileFailure) -> String?) {
        self.directory = directory
        self.readFile = readFile
        self.linkTarget = linkTarget
    }
}

/// Why a file of the zone database could not be read.
public enum ZoneFileFailure: Error, Sendable, Hashable {
    /// Nothing is at the path.
    case missing
    /// Something is, but it could not be read as a file: the reason, worded.
    case unreadable(String)
}
