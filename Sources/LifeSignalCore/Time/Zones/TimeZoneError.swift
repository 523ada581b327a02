/// Why a time zone could not be named, found or read; worded here only.
public enum TimeZoneError: UserFacingError, Equatable {
    /// Text that cannot be a zone's name.
    case invalidName(String, ZoneName.Problem)
    /// A well-formed name the database does not have.
    case unknownZone(ZoneName)
    /// A file (named by its zone or its path) that is not valid TZif data.
    case notZoneData(String, TZifProblem)
    /// A zone counting leap seconds (`right/...`): lifesignal's clock, like
    /// the system's, does not, so its wall times would be off.
    case countsLeapSeconds(String)
    /// A file that could not be read, and why.
    case unreadable(String, reason: String)
    /// A `TZ` value that names no zone and is not a POSIX TZ string.
    case invalidVariable(String, POSIXTZProblem)

    public var kind: FailureKind {
        switch self {
        case .invalidName, .unknownZone, .invalidVariable: .usage
        case .notZoneData, .countsLeapSeconds: .refused
        case .unreadable: .io
        }
    }

    public var message: String {
        switch self {
        case .invalidName(let text, let problem):
            "\(quoted(text)) is not a time zone name (such as Europe/Madrid): " + Self.describe(problem)
        case .unknownZone(let name):
            "no time zone is named \(quoted(name.rawValue)) (names are like Europe/Madrid, and case matters)"
        case .notZoneData(let what, let problem):
            "\(quoted(what)) is not a time zone file: " + problem.description
        case .countsLeapSeconds(let what):
            "\(quoted(what)) counts leap seconds, which the system clock does not: use the zone without \"right/\""
        case .unreadable(let what, let reason):
            "cannot read the time zone \(quoted(what)): \(reason)"
        case .invalidVariable(let text, let problem):
            "TZ=\(quoted(text)) names no time zone and is not a POSIX TZ string: " + Self.describe(problem)
        }
    }

    private static func describe(_ problem: ZoneName.Problem) -> String {
        switch problem {
        case .empty: "it is empty"
        case .tooLong: "it is longer than \(ZoneName.maxLength) bytes"
        case .absolutePath: "it is a path, not a name"
        case .emptyComponent: "it has an empty part (a leading, trailing or doubled \"/\")"
        case .dotComponent: "a part of it starts with \".\""
        case .character(let byte): "it contains \(describe(byte))"
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0: "a NUL byte"
        case 0x21..<0x7F: quoted(String(UnicodeScalar(byte)))
        default: "the byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }

    private static func describe(_ problem: POSIXTZProblem) -> String {
        switch problem {
        case .empty: "it is empty"
        case .name(let standard): "the \(standard ? "standard" : "daylight saving") time's name is not 3 or more letters (or <...>)"
        case .offset(let standard): "the \(standard ? "standard" : "daylight saving") time's offset is not [+-]hh[:mm[:ss]] up to 24 hours"
        case .rule: "the daylight saving rule is not ,START[/TIME],END[/TIME] (Jn, n or Mm.w.d)"
        case .trailing: "something follows the daylight saving rule"
        }
    }
}

/// What is wrong in a TZif file (RFC 8536).
public enum TZifProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case badMagic
    case unsupportedVersion(UInt8)
    case truncated
    case countMismatch
    case noTypes
    case transitionsOutOfOrder
    case typeIndexOutOfRange
    case offsetOutOfRange(Int)
    case badDaylightFlag
    case badAbbreviation
    case badLeapSeconds
    case badIndicator
    case badFooter
    case footer(POSIXTZProblem)
    case trailingBytes

    public var description: String {
        switch self {
        case .badMagic: "it does not start with \"TZif\""
        case .unsupportedVersion(let byte): "its version byte 0x\(String(byte, radix: 16)) is none of 1 to 4"
        case .truncated: "it ends before its data does"
        case .countMismatch: "its standard/wall or UT/local indicators do not match its types"
        case .noTypes: "it has no local time types or no abbreviations"
        case .transitionsOutOfOrder: "its transitions are not in time order"
        case .typeIndexOutOfRange: "a transition names a local time type it does not have"
        case .offsetOutOfRange(let offset): "an offset of \(offset) seconds is beyond 25 hours"
        case .badDaylightFlag: "a daylight saving flag is neither 0 nor 1"
        case .badAbbreviation: "an abbreviation is not printable ASCII ended by NUL"
        case .badLeapSeconds: "its leap second records are out of order"
        case .badIndicator: "an indicator is neither 0 nor 1"
        case .badFooter: "its footer is not a TZ string between newlines"
        case .footer: "its footer is not a valid POSIX TZ string"
        case .trailingBytes: "bytes follow its footer"
        }
    }
}
