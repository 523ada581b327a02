/// Writes binary Netpbm files: PBM (P4) for bilevel images and PGM (P5)
/// for 8-bit greyscale.
public enum PNMEncoder {
    /// A P4 bitmap; `isDark` holds `width * height` flags, row-major, and
    /// dark pixels are written as 1 (black).
    public static func encodeBitmap(width: Int, height: Int, isDark: [Bool]) -> [UInt8] {
        precondition(width > 0 && height > 0 && isDark.count == width * height, "bitmap size does not match its dimensions")
        let rowBytes = (width + 7) / 8
        var bytes = Array("P4\n\(width) \(height)\n".utf8)
        let start = bytes.count
        bytes += [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            for x in 0..<width where isDark[y * width + x] {
                bytes[start + y * rowBytes + x >> 3] |= 0x80 >> UInt8(x & 7)
            }
        }
        return bytes
    }

    /// A P5 greymap with maxval 255; `samples` holds `width * height`
    /// bytes, row-major.
    public static func encodeGrey(width: Int, height: Int, samples: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && samples.count == width * height, "sample count does not match the image size")
        return Array("P5\n\(width) \(height)\n255\n".utf8) + samples
    }
}
