/// The name of a zone in the time zone database (`Europe/Madrid`, `UTC`),
/// checked to be one: a name is also a path below the zoneinfo directory,
/// so nothing that could reach outside it (`..`, `/etc/passwd`) gets in.
public struct ZoneName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// Longest accepted name in bytes: the longest in the database has 30.
    public static let maxLength = 255

    /// The name, or why it cannot be one.
    public init(validating text: String) throws(TimeZoneError) {
        if let problem = Self.problem(in: Array(text.utf8)) { throw .invalidName(text, problem) }
        rawValue = text
    }

    /// Why a name is refused; `TimeZoneError` words it.
    public enum Problem: Sendable, Hashable {
        case empty
        case tooLong
        case absolutePath
        case emptyComponent
        case dotComponent
        case character(UInt8)
    }

    /// Components of letters, digits, `.`, `_`, `-` and `+`, separated by
    /// single slashes; none empty, none starting with `.` or `-`.
    private static func problem(in bytes: [UInt8]) -> Problem? {
        guard !bytes.isEmpty else { return .empty }
        guard bytes.count <= maxLength else { return .tooLong }
        guard bytes[0] != UInt8(ascii: "/") else { return .absolutePath }
        for component in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let first = component.first else { return .emptyComponent }
            if first == UInt8(ascii: ".") { return .dotComponent }
            if first == UInt8(ascii: "-") { return .character(first) }
            if let bad = component.first(where: { !isNameByte($0) }) { return .character(bad) }
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"):
            true
        default:
            false
        }
    }

    /// Universal time, which every system has (and lifesignal knows without files).
    public static let utc = ZoneName(trusted: "UTC")

    private init(trusted: String) {
        rawValue = trusted
    }

    public var description: String { rawValue }

    public static func < (lhs: ZoneName, rhs: ZoneName) -> Bool { lhs.rawValue < rhs.rawValue }
}
