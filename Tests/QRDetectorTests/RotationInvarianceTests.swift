import Foundation
import QRCode
import Testing
@testable import QRDetector

/// Turning a picture by a quarter turn must not change what is read from
/// it: every image of the project's QR corpus (the detector fixtures,
/// `generate.sh`) decodes to the same payload, or to nothing, at 0°, 90°,
/// 180° and 270°. Candidates are decoded in order as `qr scan` does.
@Suite("Rotation invariance over the fixtures")
struct RotationInvarianceTests {
    /// `image` turned clockwise by `quarters` quarter turns, pixel for pixel.
    static func rotated(_ image: LuminanceImage, quarters: Int) -> LuminanceImage {
        var current = image
        for _ in 0..<(quarters % 4) {
            let width = current.width
            let height = current.height
            var pixels = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    // (x, y) goes to (height − 1 − y, x) in a height × width picture.
                    pixels[x * height + (height - 1 - y)] = current.pixels[y * width + x]
                }
            }
            // The size is the original's, transposed.
            current = LuminanceImage(width: height, height: width, pixels: pixels) ?? current
        }
        return current
    }

    /// What `qr scan --raw` would print: the first candidate that decodes,
    /// the costlier grids tried only when no cheap one does.
    static func read(_ image: LuminanceImage) -> [UInt8]? {
        var payload: [UInt8]?
        _ = QRDetector.detect(in: image) { candidate in
            let rows = (0..<candidate.grid.size).map { row in (0..<candidate.grid.size).map { candidate.grid[row, $0] } }
            guard let matrix = BitMatrix(rows: rows), let decoded = try? QRDecoder.decode(matrix) else { return false }
            payload = decoded.bytes
            return true
        }
        return payload
    }

    @Test("the same result at every quarter turn", arguments: FixtureLoader.manifest)
    func quarterTurns(_ entry: FixtureLoader.Entry) throws {
        let image = try FixtureLoader.image(named: entry.name)
        let upright = Self.read(image)
        for quarters in 1...3 {
            let turned = Self.read(Self.rotated(image, quarters: quarters))
            #expect(turned == upright, "\(entry.name) at \(quarters * 90)°: \(turned.map { String(decoding: $0, as: UTF8.self) } ?? "nothing"), upright \(upright.map { String(decoding: $0, as: UTF8.self) } ?? "nothing")")
        }
    }
}
