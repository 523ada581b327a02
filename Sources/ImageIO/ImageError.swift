/// Why an image or a compressed stream could not be read.
///
/// Every failure of this module is one of these four cases; `description`
/// is the single place that words them as a one-line user message.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not PNG, JPEG or PNM, or a kind of them this module
    /// does not read; `detected` names it when recognisable (for example
    /// "GIF" or "Arithmetic-coded JPEG"), otherwise nil.
    case unsupportedFormat(detected: String?)
    /// The data ends before the format says it should; `what` names the
    /// structure that was cut short.
    case truncated(String)
    /// The data breaks a rule of its format; `reason` is a short phrase
    /// such as "bad CRC in IDAT chunk".
    case corrupt(String)
    /// Decoding would exceed a configured size limit; `reason` says which.
    case tooLarge(String)

    /// A one-line message for the user, without a trailing period.
    public var description: String {
        switch self {
        case .unsupportedFormat(let detected?):
            return "\(detected) images are not supported"
        case .unsupportedFormat(nil):
            return "unrecognised image format (expected PNG, JPEG, PBM, PGM or PPM)"
        case .truncated(let what):
            return "truncated image data: \(what) ends early"
        case .corrupt(let reason):
            return "corrupt image data: \(reason)"
        case .tooLarge(let reason):
            return "image too large: \(reason)"
        }
    }
}
