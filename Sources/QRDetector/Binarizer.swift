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

    /// Window sums kept as running column sums over the rows in the
    /// window, updated a row at a time, so that memory is one row of sums
    /// rather than an integral image four times the picture's size.
    private static func adaptive(_ image: LuminanceImage) -> BinaryImage {
        let width = image.width
        let height = image.height
        let radius = windowRadius(width: width, height: height)
        let global = otsuThreshold(image)
        var columnSums = [Int](repeating: 0, count: width)
        var out = [UInt8](repeating: 0, count: width * height)
        image.pixels.withUnsafeBufferPointer { pixels in
            columnSums.withUnsafeMutableBufferPointer { sums in
                out.withUnsafeMutableBufferPointer { out in
                    // Rows top ..< bottom are in the column sums.
                    var top = 0
                    var bottom = 0
                    for y in 0..<height {
                        let wantTop = max(0, y - radius)
                        let wantBottom = min(height, y + radius + 1)
                        while bottom < wantBottom {
                            for x in 0..<width { sums[x] += Int(pixels[bottom * width + x]) }
                            bottom += 1
                        }
                        while top < wantTop {
                            for x in 0..<width { sums[x] -= Int(pixels[top * width + x]) }
                            top += 1
                        }
                        let rows = bottom - top
                        // The horizontal window slides over the column sums.
                        var sum = 0
                        var left = 0
                        var right = 0
                        for x in 0..<width {
                            let wantLeft = max(0, x - radius)
                            let wantRight = min(width, x + radius + 1)
                            while right < wantRight {
                                sum += sums[right]
                                right += 1
                            }
                            while left < wantLeft {
                                sum -= sums[left]
                                left += 1
                            }
                            let mean = sum / (rows * (right - left))
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
