/// A finished QR Code symbol: its parameters and its modules, without the quiet zone.
public struct QRSymbol: Hashable, Sendable {
    /// The symbol version.
    public let version: QRVersion
    /// The error correction level written in the format information.
    public let level: ErrorCorrectionLevel
    /// The data mask applied.
    public let mask: Mask
    /// The modules, `version.size` per side, dark = true.
    public let modules: BitMatrix

    /// Creates a symbol from its parts; `modules` must be `version.size` modules per side.
    public init(version: QRVersion, level: ErrorCorrectionLevel, mask: Mask, modules: BitMatrix) {
        precondition(modules.size == version.size, "a version \(version) symbol has \(version.size) modules per side")
        self.version = version
        self.level = level
        self.mask = mask
        self.modules = modules
    }

    /// Modules per side, without the quiet zone.
    public var size: Int { modules.size }
}
