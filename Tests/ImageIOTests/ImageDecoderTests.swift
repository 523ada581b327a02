import Testing
@testable import ImageIO

@Suite("Format sniffing and error wording")
struct ImageDecoderTests {
    static func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    @Test("names unsupported formats", arguments: [
        ("GIF87a", text("GIF87a") + [1, 0, 1, 0], "GIF"),
        ("GIF89a", text("GIF89a") + [1, 0, 1, 0], "GIF"),
        ("BMP", text("BM") + [0x36, 0, 0, 0], "BMP"),
        ("WebP", text("RIFF") + [0x24, 0, 0, 0] + text("WEBPVP8 "), "WebP"),
        ("TIFF little-endian", text("II*") + [0, 8, 0, 0, 0], "TIFF"),
        ("TIFF big-endian", text("MM") + [0, 0x2A, 0, 0, 0, 8], "TIFF"),
        ("HEIC", [0, 0, 0, 0x18] + text("ftypheic"), "HEIF"),
        ("AVIF", [0, 0, 0, 0x1C] + text("ftypavif"), "AVIF"),
        ("PAM", text("P7\nWIDTH 1\n"), "PAM"),
    ] as [(String, [UInt8], String)])
    func namedFormats(id: String, bytes: [UInt8], name: String) {
        #expect(throws: ImageError.unsupportedFormat(detected: name)) { try ImageDecoder.decode(bytes) }
    }

    @Test("a JPEG cut short in its header is truncated, not unsupported")
    func jpegHeader() {
        #expect(throws: ImageError.truncated("JPEG segment")) { try ImageDecoder.decode([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Self.text("JFIF")) }
    }

    @Test("unknown bytes are an unsupported format", arguments: [
        ("empty", [UInt8]()), ("one byte", [0x89]), ("text", text("hello world")), ("P alone", text("P")), ("P9", text("P9 1 1")),
        ("partial PNG signature", [0x89, 0x50, 0x4E, 0x47]),
    ])
    func unknown(id: String, bytes: [UInt8]) {
        #expect(throws: ImageError.unsupportedFormat(detected: nil)) { try ImageDecoder.decode(bytes) }
    }

    @Test("descriptions are single lines", arguments: [
        (ImageError.unsupportedFormat(detected: "GIF"), "GIF images are not supported"),
        (.unsupportedFormat(detected: nil), "unrecognised image format (expected PNG, JPEG, PBM, PGM or PPM)"),
        (.truncated("IDAT chunk"), "truncated image data: IDAT chunk ends early"),
        (.corrupt("bad CRC in IDAT chunk"), "corrupt image data: bad CRC in IDAT chunk"),
        (.tooLarge("2×2 pixels exceeds the limit of 3 pixels"), "image too large: 2×2 pixels exceeds the limit of 3 pixels"),
    ])
    func descriptions(error: ImageError, text: String) {
        #expect(error.description == text)
        #expect(!error.description.contains("\n"))
    }

    @Test("luminance composites alpha over white", arguments: [
        (DecodedImage.Layout.greyAlpha, [UInt8]([0, 0, 0, 255, 100, 128]), [UInt8]([255, 0, 177])),
        (.rgba, [255, 0, 0, 255, 0, 0, 0, 0], [77, 255]),
        (.rgb, [0, 255, 0, 0, 0, 255, 255, 255, 255], [149, 29, 255]),
    ])
    func luminance(layout: DecodedImage.Layout, samples: [UInt8], expected: [UInt8]) {
        let image = DecodedImage(width: expected.count, height: 1, layout: layout, samples: samples)
        #expect(image.luminance() == expected)
    }
}
