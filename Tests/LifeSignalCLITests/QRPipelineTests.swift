import ImageIO
@testable import LifeSignalCLI
import QRCode
import Testing

/// Every version through the whole pipeline: encode, rasterise, PNG-encode,
/// PNG-decode, find the code in the pixels, read it. Level, mask and mode
/// rotate with the version, so each level meets every mask and mode. (The
/// full version × level × mask matrix is checked at the module-grid level in
/// QRCodeTests; here the pixels are the point, and debug builds are slow.)
struct QRPipelineTests {
    static let levels: [ErrorCorrectionLevel] = [.low, .medium, .quartile, .high]

    /// A payload of the given mode that needs roughly `version`'s capacity at `level`.
    static func payload(version: Int, level: ErrorCorrectionLevel, mode: Int) -> String {
        guard let qrVersion = QRVersion(rawValue: version) else { return "" }
        let bits = qrVersion.dataCapacityBits(level: level)
        switch mode {
        case 0: return String((0..<(bits * 3 / 10 - 8)).map { Character(String($0 % 10)) })
        case 1:
            let count = bits * 2 / 11 - 8
            return String(String(repeating: "LIFESIGNAL:K7Q2M-", count: count / 17 + 1).prefix(count))
        case 2: return String(repeating: "é", count: max(1, (bits / 8 - 12) / 2))
        default: return String((0..<(bits / 8 - 6)).map { Character(UnicodeScalar(UInt8(33 + $0 % 90))) })
        }
    }

    @Test(arguments: 1...40)
    func roundTripsThroughPNG(version: Int) throws {
        for index in [version % 4] {
            let level = Self.levels[index]
            let mode = (version + index) % 4
            let text = Self.payload(version: version, level: level, mode: mode)
            let mask = try #require(Mask(rawValue: (version + index * 3) % 8))
            let symbol = try QREncoder.encode(text: text, level: level, boostLevel: false, mask: mask)
            let raster = RasterRenderer.render(symbol, quietZone: 4, scale: 2)
            let png = PNGEncoder.encodeBilevel(width: raster.width, height: raster.height, isDark: raster.pixels)
            let decoded = try QRImaging.scan(png)
            #expect(decoded.text == text, "v\(version) \(level) mode \(mode) read as v\(decoded.version.rawValue)")
            #expect(decoded.level == level && decoded.mask.rawValue == mask.rawValue)
        }
    }
}
