import Testing
@testable import ImageIO

/// Known answers from libjpeg (Fixtures/jpeg/make_jpeg_fixtures.sh): every
/// sampling, progressive and sequential, restart intervals, greyscale and
/// EXIF orientations, against djpeg's output. libjpeg's integer IDCT
/// rounds its own way, so samples may differ by a little.
@Suite("JPEG decoder")
struct JPEGDecoderTests {
    static let names = Support.fixtureNames(in: "jpeg", suffix: ".pgm").map { String($0.dropLast(4)) }

    /// Largest and mean absolute difference of two sample arrays.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (largest: Int, mean: Double) {
        var largest = 0
        var total = 0
        for (x, y) in zip(a, b) {
            let d = abs(Int(x) - Int(y))
            largest = max(largest, d)
            total += d
        }
        return (largest, Double(total) / Double(max(1, a.count)))
    }

    @Test("the fixture set covers what it should")
    func coverage() {
        for name in ["base-420", "base-444", "base-422", "base-440", "base-411", "grey", "grey-progressive", "progressive-420",
                     "progressive-444", "base-restart1", "base-restart7", "progressive-restart3", "orient-6", "orient-5"] {
            #expect(Self.names.contains(name), "missing \(name)")
        }
    }

    @Test("luminance matches libjpeg's Y", arguments: names)
    func luminance(_ name: String) throws {
        let image = try JPEGDecoder.decodeLuminance(try Support.fixture("jpeg/\(name).jpg"))
        let reference = try PNMDecoder.decode(try Support.fixture("jpeg/\(name).pgm"))
        #expect(image.width == reference.width && image.height == reference.height)
        let (largest, mean) = Self.difference(image.samples, reference.samples)
        #expect(largest <= 2 && mean < 0.2, "\(name): largest \(largest), mean \(mean)")
    }

    @Test("colour matches libjpeg's RGB", arguments: names.filter { !$0.hasPrefix("grey") && !$0.hasPrefix("orient") })
    func colour(_ name: String) throws {
        let image = try JPEGDecoder.decode(try Support.fixture("jpeg/\(name).jpg"))
        let reference = try PNMDecoder.decode(try Support.fixture("jpeg/\(name).ppm"))
        #expect(image.layout == .rgb && image.width == reference.width && image.height == reference.height)
        let (largest, mean) = Self.difference(image.samples, reference.samples)
        #expect(largest <= 4 && mean < 0.5, "\(name): largest \(largest), mean \(mean)")
    }

    @Test("CMYK stored as YCCK (Adobe) matches ImageMagick's RGB of it")
    func cmyk() throws {
        let image = try JPEGDecoder.decode(try Support.fixture("jpeg/cmyk.jpg"))
        let reference = try PNMDecoder.decode(try Support.fixture("jpeg/cmyk.ppm"))
        #expect(image.width == reference.width && image.height == reference.height)
        let (largest, mean) = Self.difference(image.samples, reference.samples)
        #expect(largest <= 8 && mean < 1.5, "largest \(largest), mean \(mean)")
    }

    @Test("the image decoder reads JPEG, and luminance is the Y component")
    func throughImageDecoder() throws {
        let bytes = try Support.fixture("jpeg/base-444.jpg")
        let colour = try ImageDecoder.decode(bytes)
        let luminance = try ImageDecoder.decodeLuminance(bytes)
        #expect(luminance.layout == .grey && colour.layout == .rgb)
        // Y against the luma of the converted colour: rounding apart, the same.
        #expect(Self.difference(luminance.samples, colour.luminance()).largest <= 2)
    }

    @Test("refused and broken files get their own errors", arguments: [
        ("arithmetic", ImageError.unsupportedFormat(detected: "Arithmetic-coded JPEG")),
        ("truncated", ImageError.truncated("JPEG scan data")),
    ])
    func errors(_ name: String, _ error: ImageError) throws {
        let bytes = try Support.fixture("jpeg/\(name).jpg")
        #expect(throws: error) { try JPEGDecoder.decodeLuminance(bytes) }
    }

    @Test("limits apply before decoding")
    func limits() throws {
        let bytes = try Support.fixture("jpeg/progressive-large.jpg")
        #expect(throws: ImageError.tooLarge("200×120 pixels exceeds the limit of 20000 pixels")) {
            try JPEGDecoder.decodeLuminance(bytes, limits: DecodeLimits(maxDimension: 1000, maxPixels: 20000))
        }
        // Progressive coefficients are working memory: 25 × 15 blocks of 128 bytes.
        #expect(throws: ImageError.self) {
            try JPEGDecoder.decodeLuminance(bytes, limits: DecodeLimits(maxDimension: 1000, maxPixels: 100_000, maxWorkingBytes: 10_000))
        }
        _ = try JPEGDecoder.decodeLuminance(bytes, limits: DecodeLimits(maxDimension: 1000, maxPixels: 100_000, maxWorkingBytes: 60_000))
    }
}
