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

/// A black-and-white bitmap packed eight pixels to a byte, most significant
/// bit first, each row padded to a whole byte: what 1-bit image formats store.
public struct PackedRaster: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes of pixels a row: `(width + 7) / 8`.
    public let rowBytes: Int
    /// Zero bytes before each row's pixels: 0, or 1 for the filter-type
    /// byte that opens a PNG scanline.
    public let rowPrefix: Int
    /// `height * (rowPrefix + rowBytes)` bytes, row by row.
    public let bytes: [UInt8]
}

extension RasterRenderer {
    /// The symbol scaled like `render(_:quietZone:scale:)`, already packed:
    /// each module row is packed once and copied for the rows it spans.
    /// With `darkIsOne` dark pixels are 1 bits (PBM); without it they are
    /// 0 bits (1-bit greyscale PNG); padding bits are light. `rowPrefix`
    /// zero bytes open each row: with 1, the rows are PNG scanlines (filter
    /// type none) ready to compress, so the picture is written once and
    /// not copied into a second buffer.
    public static func packed(_ symbol: QRSymbol, quietZone: Int = 4, scale: Int = 4, darkIsOne: Bool,
                              rowPrefix: Int = 0) -> PackedRaster {
        packed(symbol.modules, quietZone: quietZone, scale: scale, darkIsOne: darkIsOne, rowPrefix: rowPrefix)
    }

    /// The module grid `modules` packed like `packed(_:quietZone:scale:darkIsOne:rowPrefix:)` packs a symbol.
    public static func packed(_ modules: BitMatrix, quietZone: Int = 4, scale: Int = 4, darkIsOne: Bool,
                              rowPrefix: Int = 0) -> PackedRaster {
        precondition(quietZone >= 0 && scale >= 1 && rowPrefix >= 0,
                     "the quiet zone and row prefix must be ≥ 0 and the scale ≥ 1")
        let size = modules.size
        let side = (size + 2 * quietZone) * scale
        let rowBytes = (side + 7) / 8
        let lineBytes = rowPrefix + rowBytes
        var bytes = [UInt8](repeating: darkIsOne ? 0 : 0xFF, count: lineBytes * side)
        let stride = modules.stride
        bytes.withUnsafeMutableBufferPointer { output in
            guard let start = output.baseAddress else { return }
            // Column by column: strided byte stores, where a loop along a
            // row would become a memset call a row for a byte or two.
            for index in 0..<rowPrefix {
                for y in 0..<side { start[y * lineBytes + index] = 0 }
            }
            modules.withPackedRows { words in
                let base = start + rowPrefix
                for y in 0..<size {
                    let row = base + (quietZone + y) * scale * lineBytes
                    // Runs of dark modules, found a word at a time.
                    var x = 0
                    while x < size {
                        let word = words[y * stride + x >> 6] >> UInt64(x & 63)
                        let skip = min(word.trailingZeroBitCount, 64 - x & 63)
                        if skip > 0 {
                            x += skip
                            continue
                        }
                        let run = min((~word).trailingZeroBitCount, 64 - x & 63)
                        fill(row, from: (quietZone + x) * scale, to: (quietZone + x + run) * scale, dark: !darkIsOne)
                        x += run
                    }
                    for copy in 1..<max(1, scale) { (row + copy * lineBytes).update(from: row, count: rowBytes) }
                }
            }
        }
        return PackedRaster(width: side, height: side, rowBytes: rowBytes, rowPrefix: rowPrefix, bytes: bytes)
    }

    /// Sets pixels `start..<end` of a packed row to the dark bit value
    /// (`darkBitIsZero`: clears them; otherwise sets them).
    private static func fill(_ row: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int, dark darkBitIsZero: Bool) {
        var pixel = start
        func setBit(_ pixel: Int) {
            let bit: UInt8 = 0x80 >> UInt8(pixel & 7)
            if darkBitIsZero { row[pixel >> 3] &= ~bit } else { row[pixel >> 3] |= bit }
        }
        while pixel < end && pixel & 7 != 0 {
            setBit(pixel)
            pixel += 1
        }
        let wholeEnd = end & ~7
        if pixel < wholeEnd {
            (row + pixel >> 3).update(repeating: darkBitIsZero ? 0 : 0xFF, count: (wholeEnd - pixel) >> 3)
            pixel = wholeEnd
        }
        while pixel < end {
            setBit(pixel)
            pixel += 1
        }
    }
}
