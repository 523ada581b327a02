/// Size ceilings a decoder enforces before allocating, so that a small
/// hostile file cannot claim gigabytes (a decompression bomb).
public struct DecodeLimits: Sendable, Equatable {
    /// The largest width or height accepted.
    public var maxDimension: Int
    /// The largest `width * height` accepted.
    public var maxPixels: Int

    /// Limits of `maxDimension` pixels a side and `maxPixels` in all.
    public init(maxDimension: Int, maxPixels: Int) {
        self.maxDimension = maxDimension
        self.maxPixels = maxPixels
    }

    /// Room for a 40-megapixel phone photo; a 16-bit RGBA image at that
    /// size decompresses to about 320 MB before reduction to 8 bits.
    public static let standard = DecodeLimits(maxDimension: 32768, maxPixels: 40_000_000)

    /// Throws `.tooLarge` unless a `width`×`height` image is within limits.
    func check(width: Int, height: Int) throws(ImageError) {
        guard width <= maxDimension, height <= maxDimension else {
            throw .tooLarge("\(width)×\(height) pixels exceeds the limit of \(maxDimension) pixels a side")
        }
        guard width * height <= maxPixels else {
            throw .tooLarge("\(width)×\(height) pixels exceeds the limit of \(maxPixels) pixels")
        }
    }
}
