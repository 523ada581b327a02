/// The content of a decoded symbol and how it was read.
public struct DecodedQR: Equatable, Sendable {
    /// The payload bytes in order: byte segments as carried, numeric and
    /// alphanumeric characters as ASCII, kanji characters as Shift JIS pairs.
    public var bytes: [UInt8]
    /// The payload as text, or nil when some part cannot be read as text.
    ///
    /// Byte segments follow the ECI in force: none or 26 → UTF-8 (nil if invalid;
    /// the standard's ISO-8859-1 default is not assumed, since encoders in the
    /// wild write UTF-8 without an ECI); 1 or 3 → ISO-8859-1; 20 → Shift JIS;
    /// 27 or 170 → ASCII; any other ECI → nil. Kanji segments use the Shift JIS
    /// table; numeric and alphanumeric characters are ASCII.
    public var text: String?
    /// The segments in order.
    public var segments: [DecodedSegment]
    /// Every ECI assignment number designated, in order.
    public var eciAssignments: [Int]
    /// The structured append header, when the symbol is part of a sequence.
    public var structuredAppend: StructuredAppend?
    /// The FNC1 indicator, when the data follows GS1 or an industry application.
    public var fnc1: FNC1?
    /// The symbol version (from the grid size, confirmed by the version information).
    public var version: QRVersion
    /// The error correction level from the format information.
    public var level: ErrorCorrectionLevel
    /// The data mask from the format information.
    public var mask: Mask
    /// Bytes the Reed–Solomon decoder corrected, summed over all blocks.
    public var correctedErrors: Int
    /// Whether the grid decoded only after transposing (a mirrored symbol).
    public var mirrored: Bool
    /// Whether the grid decoded only after swapping dark and light (a light-on-dark symbol).
    public var inverted: Bool
}

/// One segment of a decoded symbol.
public struct DecodedSegment: Equatable, Sendable {
    /// The segment's mode.
    public var mode: Mode
    /// Characters announced by the count indicator (or the ECI number for ECI segments).
    public var characterCount: Int
}

/// Position of a symbol in a structured append sequence (ISO/IEC 18004 8).
public struct StructuredAppend: Equatable, Sendable {
    /// 0-based position of this symbol.
    public var index: Int
    /// Number of symbols in the sequence (1...16).
    public var total: Int
    /// The XOR of all bytes of the whole message, shared by every symbol of the sequence.
    public var parity: UInt8
}

/// The FNC1 mode of a symbol (ISO/IEC 18004 7.4.8).
public enum FNC1: Equatable, Sendable {
    /// FNC1 in the first position: GS1 application identifiers.
    case gs1
    /// FNC1 in the second position with its application indicator byte.
    case industry(applicationIndicator: UInt8)
}
