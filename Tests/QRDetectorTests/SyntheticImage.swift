import Foundation
import QRDetector

/// Renders module grids into luminance images in memory, so tests can
/// cover many rotations, scales and image sizes without fixture files.
struct SyntheticImage {
    var width: Int
    var height: Int
    /// Luminance of the background outside the symbol's quiet zone.
    var background: (Int, Int) -> UInt8 = { _, _ in 255 }

    struct Placement {
        var grid: ModuleGrid
        /// Centre of the symbol in pixels.
        var center: ImagePoint
        var moduleSize: Double
        /// Clockwise rotation in degrees.
        var degrees: Double
        var quietZone: Double = 4
        var dark: UInt8 = 20
        var light: UInt8 = 235
    }

    /// Draws the placements over the background, sampling each pixel centre.
    func render(_ placements: [Placement]) -> LuminanceImage {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                pixels[y * width + x] = background(x, y)
            }
        }
        for placement in placements {
            draw(placement, into: &pixels)
        }
        // The buffer is width × height by construction.
        return LuminanceImage(width: width, height: height, pixels: pixels)!
    }

    private func draw(_ placement: Placement, into pixels: inout [UInt8]) {
        let size = Double(placement.grid.size)
        let radians = placement.degrees * Double.pi / 180
        let cosine = cos(radians)
        let sine = sin(radians)
        let half = (size / 2 + placement.quietZone) * placement.moduleSize * 1.5
        let minX = max(0, Int(placement.center.x - half))
        let maxX = min(width - 1, Int(placement.center.x + half))
        let minY = max(0, Int(placement.center.y - half))
        let maxY = min(height - 1, Int(placement.center.y + half))
        guard minX <= maxX, minY <= maxY else { return }
        for y in minY...maxY {
            for x in minX...maxX {
                let dx = Double(x) + 0.5 - placement.center.x
                let dy = Double(y) + 0.5 - placement.center.y
                // Inverse rotation into the symbol's frame, in modules.
                let u = (dx * cosine + dy * sine) / placement.moduleSize + size / 2
                let v = (-dx * sine + dy * cosine) / placement.moduleSize + size / 2
                let zone = placement.quietZone
                guard u >= -zone, v >= -zone, u < size + zone, v < size + zone else { continue }
                var value = placement.light
                if u >= 0, v >= 0, u < size, v < size, placement.grid[Int(v), Int(u)] {
                    value = placement.dark
                }
                pixels[y * width + x] = value
            }
        }
    }
}
