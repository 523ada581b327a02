/// Samples modules from luminance rather than from a thresholded image,
/// deciding each module against the mean of the modules around it.
///
/// Blur spreads dark into light near big dark areas, so a pixel threshold
/// fattens dark modules; comparing module centres with their neighbours
/// in module space is immune to that bias, which makes this a useful
/// second opinion on blurred or low-contrast symbols.
enum GrayscaleSampler {
    /// Half-width, in modules, of the neighbourhood a module is compared with.
    static let neighbourhood = 3

    /// A grid whose dark modules are those darker than their neighbourhood
    /// mean (lighter, for an inverted symbol).
    static func sample(
        size: Int, through transform: some ModuleMapping, in image: LuminanceImage, inverted: Bool
    ) -> ModuleGrid {
        var levels = [Double](repeating: 0, count: size * size)
        for row in 0..<size {
            for column in 0..<size {
                var sum = 0.0
                for (dx, dy) in [(0.35, 0.5), (0.65, 0.5), (0.5, 0.35), (0.5, 0.65)] {
                    let point = transform.apply(ImagePoint(x: Double(column) + dx, y: Double(row) + dy))
                    sum += interpolated(image, at: point)
                }
                levels[row * size + column] = sum / 4
            }
        }
        // Prefix sums over the module grid give each neighbourhood mean in O(1).
        let stride = size + 1
        var sums = [Double](repeating: 0, count: stride * stride)
        for row in 0..<size {
            var rowSum = 0.0
            for column in 0..<size {
                rowSum += levels[row * size + column]
                sums[(row + 1) * stride + column + 1] = sums[row * stride + column + 1] + rowSum
            }
        }
        var grid = ModuleGrid(size: size)
        for row in 0..<size {
            let top = max(0, row - neighbourhood)
            let bottom = min(size, row + neighbourhood + 1)
            for column in 0..<size {
                let left = max(0, column - neighbourhood)
                let right = min(size, column + neighbourhood + 1)
                let total = sums[bottom * stride + right] - sums[top * stride + right]
                    - sums[bottom * stride + left] + sums[top * stride + left]
                let mean = total / Double((bottom - top) * (right - left))
                let level = levels[row * size + column]
                grid[row, column] = inverted ? level > mean : level < mean
            }
        }
        return grid
    }

    /// Bilinear luminance at `point`; outside the image counts as white,
    /// like a quiet zone.
    private static func interpolated(_ image: LuminanceImage, at point: ImagePoint) -> Double {
        let x = point.x - 0.5
        let y = point.y - 0.5
        guard x.isFinite, y.isFinite, x > -1, y > -1, x < Double(image.width), y < Double(image.height) else {
            return 255
        }
        let x0 = Int(x.rounded(.down))
        let y0 = Int(y.rounded(.down))
        let fx = x - Double(x0)
        let fy = y - Double(y0)
        func value(_ px: Int, _ py: Int) -> Double {
            let cx = min(image.width - 1, max(0, px))
            let cy = min(image.height - 1, max(0, py))
            return Double(image.pixels[cy * image.width + cx])
        }
        let top = value(x0, y0) * (1 - fx) + value(x0 + 1, y0) * fx
        let bottom = value(x0, y0 + 1) * (1 - fx) + value(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }
}
