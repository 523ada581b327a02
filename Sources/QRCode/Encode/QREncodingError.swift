/// Why a payload could not become a symbol.
public enum QREncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The payload needs `bits` data bits; the largest allowed version holds `capacityBits` at the level.
    case dataTooLong(bits: Int, capacityBits: Int)
    /// Text handed to a segment factory has characters its mode cannot carry.
    case invalidCharacters(mode: Mode)
    /// ECI assignment numbers run from 0 to 999999.
    case invalidECIAssignment(Int)

    public var description: String {
        switch self {
        case let .dataTooLong(bits, capacity):
            "data too long for a QR code: needs \(bits) bits, the largest allowed version holds \(capacity)"
        case let .invalidCharacters(mode):
            "text contains characters that \(mode) mode cannot encode"
        case let .invalidECIAssignment(number):
            "ECI assignment \(number) is outside 0...999999"
        }
    }
}
