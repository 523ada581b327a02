/// An 8-bit greyscale image: row-major, 0 is black and 255 is white.
public struct LuminanceImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// Wraps `pixels`; returns nil when the buffer does not hold exactly
    /// `width × height` samples or a dimension is negative.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, width.multipliedReportingOverflow(by: height) == (pixels.count, false) else {
            return nil
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The luminance at column `x`, row `y` (both in range).
    public subscript(x: Int, y: Int) -> UInt8 {
        pixels[y * width + x]
    }

    /// A copy shrunk by an integer `factor`, each output pixel the mean of a
    /// `factor × factor` block; used to find codes quickly in large photos.
    func downscaled(by factor: Int) -> LuminanceImage {
        guard factor > 1 else { return self }
        let outWidth = width / factor
        let outHeight = height / factor
        var out = [UInt8](repeating: 0, count: outWidth * outHeight)
        var rowSums = [Int](repeating: 0, count: outWidth)
        let area = factor * factor
        for outY in 0..<outHeight {
            for index in 0..<outWidth { rowSums[index] = 0 }
            for y in (outY * factor)..<(outY * factor + factor) {
                let rowStart = y * width
                for outX in 0..<outWidth {
                    var sum = 0
                    let start = rowStart + outX * factor
                    for x in start..<(start + factor) { sum += Int(pixels[x]) }
                    rowSums[outX] += sum
                }
            }
            for outX in 0..<outWidth {
                out[outY * outWidth + outX] = UInt8(rowSums[outX] / area)
            }
        }
        // The buffer size matches by construction, so the initialiser cannot fail.
        return LuminanceImage(width: outWidth, height: outHeight, pixels: out)!
    }
}
