import Testing
@testable import ImageIO

@Suite("PNG decoder")
struct PNGDecoderTests {
    /// Every PNG fixture; each has a PGM of the expected luminance.
    static let fixtures = Support.fixtureNames(in: "png", suffix: ".png").map { String($0.dropLast(4)) }

    @Test("fixture set covers every colour type, depth and filter")
    func coverage() {
        #expect(Self.fixtures.count >= 54)
        for name in ["ct0-d1", "ct0-d16-adam7", "ct3-d8-trns-adam7", "ct2-d16-trns", "ct6-d16-filter4", "split-idat-ancillary"] {
            #expect(Self.fixtures.contains(name), "missing \(name)")
        }
    }

    @Test("decodes to the reference luminance", arguments: fixtures)
    func decode(name: String) throws {
        let image = try ImageDecoder.decode(try Support.fixture("png/\(name).png"))
        let reference = try PNMDecoder.decode(try Support.fixture("png/\(name).pgm"))
        #expect(image.width == reference.width)
        #expect(image.height == reference.height)
        #expect(image.luminance() == reference.samples)
    }

    @Test("layouts follow colour type and transparency", arguments: [
        ("ct0-d8", DecodedImage.Layout.grey), ("ct0-d8-trns", .greyAlpha), ("ct2-d8", .rgb),
        ("ct2-d16-trns", .rgba), ("ct3-d4", .rgb), ("ct3-d2-trns", .rgba), ("ct4-d16", .greyAlpha), ("ct6-d8", .rgba),
    ])
    func layout(name: String, layout: DecodedImage.Layout) throws {
        #expect(try PNGDecoder.decode(try Support.fixture("png/\(name).png")).layout == layout)
    }

    @Test("interlaced and plain encodings of one image agree", arguments: ["ct0-d1", "ct0-d16", "ct2-d8", "ct3-d2", "ct4-d8", "ct6-d16"])
    func adam7Agrees(name: String) throws {
        let plain = try PNGDecoder.decode(try Support.fixture("png/\(name).png"))
        let interlaced = try PNGDecoder.decode(try Support.fixture("png/\(name)-adam7.png"))
        #expect(plain == interlaced)
    }

    @Test("RGBA view of a palette image with transparency")
    func rgbaView() throws {
        let image = try PNGDecoder.decode(try Support.fixture("png/ct3-d8-trns.png"))
        let rgba = image.rgba8()
        #expect(rgba.count == image.width * image.height * 4)
        #expect(rgba == image.samples)
        #expect(Set(stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] }).count > 2)
    }
}
