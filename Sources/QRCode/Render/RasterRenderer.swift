/// A black-and-white bitmap of a symbol, ready for an image encoder.
public struct QRRaster: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels row by row, `true` = dark.
    public let pixels: [Bool]

    /// Rows packed eight pixels to a byte, most significant bit first, each row
    /// padded to a whole byte. With `darkIsOne` dark pixels are 1 bits (PBM);
    /// without it they are 0 bits (1-bit greyscale PNG).
    public func packedRows(darkIsOne: Bool) -> [UInt8] {
        let stride = (width + 7) / 8
        var bytes = [UInt8](repeating: darkIsOne ? 0 : 0xFF, count: stride * height)
        for y in 0..<height {
            for x in 0..<width where pixels[y * width + x] {
                let bit: UInt8 = 0x80 >> UInt8(x & 7)
                if darkIsOne { bytes[y * stride + x >> 3] |= bit } else { bytes[y * stride + x >> 3] &= ~bit }
            }
        }
        return bytes
    }
}

/// Scales a symbol up to pixels.
public enum RasterRenderer {
    /// `scale` pixels per module, with `quietZone` light modules around the symbol.
    public static func render(_ symbol: QRSymbol, quietZone: Int = 4, scale: Int = 4) -> QRRaster {
        render(symbol.modules, quietZone: quietZone, scale: scale)
    }

    /// The module grid `modules` scaled like `render(_:quietZone:scale:)` scales a symbol.
    public static func render(_ modules: BitMatrix, quietZone: Int = 4, scale: Int = 4) -> QRRaster {
        precondition(quietZone >= 0 && scale >= 1, "the quiet zone must be ≥ 0 and the scale ≥ 1")
        let side = (modules.size + 2 * quietZone) * scale
        var pixels = [Bool](repeating: false, count: side * side)
        for my in 0..<modules.size {
            for mx in 0..<modules.size where modules[mx, my] {
                let left = (mx + quietZone) * scale
                for py in ((my + quietZone) * scale)..<((my + quietZone + 1) * scale) {
                    for px in left..<(left + scale) { pixels[py * side + px] = true }
                }
            }
        }
        return QRRaster(width: side, height: side, pixels: pixels)
    }
}
