/// Size ceilings a decoder enforces before allocating, so that a small
/// hostile file cannot claim gigabytes (a decompression bomb).
public struct DecodeLimits: Sendable, Equatable {
    /// The largest width or height accepted.
    public var maxDimension: Int
    /// The largest `width * height` accepted.
    public var maxPixels: Int
    /// The most memory a decoder may hold beyond its output, in bytes: a
    /// progressive JPEG's coefficients, or the planes of colour components
    /// it must combine.
    public var maxWorkingBytes: Int

    /// Limits of `maxDimension` pixels a side, `maxPixels` in all and
    /// `maxWorkingBytes` of working memory.
    public init(maxDimension: Int, maxPixels: Int, maxWorkingBytes: Int = 128 << 20) {
        self.maxDimension = maxDimension
        self.maxPixels = maxPixels
        self.maxWorkingBytes = maxWorkingBytes
    }

    /// Room for a 40-megapixel phone photo. PNG and PNM decode a row at a
    /// time whatever their size; a progressive JPEG of that size needs
    /// about 80 MB of coefficients for its luminance.
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

    /// Throws `.tooLarge` unless `bytes` of working memory for `what` are within limits.
    func check(workingBytes bytes: Int, for what: String) throws(ImageError) {
        guard bytes <= maxWorkingBytes else {
            throw .tooLarge("\(what) needs \(bytes >> 20) MB to decode, over the limit of \(maxWorkingBytes >> 20) MB")
        }
    }
}
