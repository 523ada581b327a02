/// Turns luminance into dark/light decisions.
///
/// Two methods give two independent hypotheses: a local mean threshold that
/// copes with shadows and gradients in photos, and Otsu's global threshold
/// that is exact on clean screenshots where a local window can sit entirely
/// inside a large module.
public enum Binarization: String, Sendable, Equatable, CaseIterable {
    /// Each pixel against the mean of a window around it (integral image).
    case adaptive
    /// One threshold for the whole image, chosen by Otsu's method.
    case global

    func apply(to image: LuminanceImage) -> BinaryImage {
        switch self {
        case .adaptive: return Self.adaptive(image)
        case .global: return Self.global(image)
        }
    }

    /// The window radius grows with the image so that it spans several
    /// modules of any code that fills a reasonable part of the picture.
    /// Capped so that a window's sum of 8-bit values always fits in the
    /// UInt32 integral image.
    static func windowRadius(width: Int, height: Int) -> Int {
        min(1500, max(8, min(width, height) / 10))
    }

    private static func adaptive(_ image: LuminanceImage) -> BinaryImage {
        let width = image.width
        let height = image.height
        let stride = width + 1
        // UInt32 with wrapping arithmetic: a window sum always fits, so the
        // difference of wrapped prefix sums is exact.
        var integral = [UInt32](repeating: 0, count: stride * (height + 1))
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                var rowSum: UInt32 = 0
                let rowStart = y * width
                for x in 0..<width {
                    rowSum &+= UInt32(pixels[rowStart + x])
                    integral[(y + 1) * stride + x + 1] = integral[y * stride + x + 1] &+ rowSum
                }
            }
        }
        let radius = windowRadius(width: width, height: height)
        let global = otsuThreshold(image)
        var out = [UInt8](repeating: 0, count: width * height)
        integral.withUnsafeBufferPointer { sums in
            image.pixels.withUnsafeBufferPointer { pixels in
                out.withUnsafeMutableBufferPointer { out in
                    for y in 0..<height {
                        let top = max(0, y - radius) * stride
                        let bottom = min(height, y + radius + 1) * stride
                        let rows = (bottom - top) / stride
                        for x in 0..<width {
                            let left = max(0, x - radius)
                            let right = min(width, x + radius + 1)
                            let sum = sums[bottom + right] &- sums[top + right] &- sums[bottom + left] &+ sums[top + left]
                            let mean = Int(sum) / (rows * (right - left))
                            let value = Int(pixels[y * width + x])
                            // A small margin keeps flat regions (paper, noise)
                            // from flickering; there the global threshold
                            // decides, so modules larger than the window stay dark.
                            let margin = max(4, mean >> 4)
                            let dark = abs(value - mean) <= margin ? value < global : value < mean
                            out[y * width + x] = dark ? 1 : 0
                        }
                    }
                }
            }
        }
        return BinaryImage(width: width, height: height, storage: out)
    }

    private static func global(_ image: LuminanceImage) -> BinaryImage {
        let threshold = otsuThreshold(image)
        return BinaryImage(width: image.width, height: image.height,
                           storage: image.pixels.map { Int($0) < threshold ? 1 : 0 })
    }

    /// Otsu's threshold: the level maximising between-class variance.
    /// Pixels strictly below it are dark.
    static func otsuThreshold(_ image: LuminanceImage) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        for value in image.pixels { histogram[Int(value)] += 1 }
        let total = image.pixels.count
        guard total > 0 else { return 128 }
        var weightedTotal = 0.0
        for level in 0..<256 { weightedTotal += Double(level * histogram[level]) }
        var backgroundWeight = 0
        var backgroundSum = 0.0
        var bestVariance = -1.0
        var best = 128
        for level in 0..<256 {
            backgroundWeight += histogram[level]
            if backgroundWeight == 0 { continue }
            let foregroundWeight = total - backgroundWeight
            if foregroundWeight == 0 { break }
            backgroundSum += Double(level * histogram[level])
            let backgroundMean = backgroundSum / Double(backgroundWeight)
            let foregroundMean = (weightedTotal - backgroundSum) / Double(foregroundWeight)
            let difference = backgroundMean - foregroundMean
            let variance = Double(backgroundWeight) * Double(foregroundWeight) * difference * difference
            if variance > bestVariance {
                bestVariance = variance
                best = level + 1
            }
        }
        return best
    }
}
