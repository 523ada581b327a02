/// Why a module grid could not be decoded; `description` words each case in one line.
public enum QRDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The grid's side is not 17 + 4v modules for a version v in 1...40.
    case invalidSize(Int)
    /// Neither copy of the format information is within 3 bits of a valid one.
    case formatInformationUnreadable
    /// Neither copy of the version information (v ≥ 7) is within 3 bits of the grid's version.
    case versionInformationUnreadable
    /// Reed–Solomon block `block` (0-based) has more errors than its error correction can fix.
    case tooDamaged(block: Int)
    /// The corrected data stream breaks the bit stream syntax.
    case malformedData(MalformedData)

    /// The ways a bit stream can break the syntax of ISO/IEC 18004 7.4.
    public enum MalformedData: Equatable, Sendable {
        /// A mode indicator no mode uses.
        case unknownMode(Int)
        /// A segment announces more characters than the remaining bits hold.
        case truncatedSegment(Mode)
        /// A numeric group decodes to a value beyond its digit count.
        case invalidNumericGroup
        /// An alphanumeric pair or single decodes beyond the 45-character set.
        case invalidAlphanumericValue
        /// An ECI designator with an invalid first byte.
        case invalidECIDesignator
    }

    public var description: String {
        switch self {
        case let .invalidSize(size):
            "a \(size)-module grid is not a QR Code size (17 + 4 × version, version 1–40)"
        case .formatInformationUnreadable:
            "format information unreadable: both copies are too damaged"
        case .versionInformationUnreadable:
            "version information unreadable: both copies are damaged or disagree with the grid size"
        case let .tooDamaged(block):
            "too damaged to correct: Reed–Solomon block \(block + 1) has more errors than its error correction can fix"
        case let .malformedData(reason):
            switch reason {
            case let .unknownMode(indicator): "malformed data: unknown mode indicator \(indicator)"
            case let .truncatedSegment(mode): "malformed data: \(mode) segment runs past the end of the data"
            case .invalidNumericGroup: "malformed data: numeric group out of range"
            case .invalidAlphanumericValue: "malformed data: alphanumeric value out of range"
            case .invalidECIDesignator: "malformed data: invalid ECI designator"
            }
        }
    }
}
