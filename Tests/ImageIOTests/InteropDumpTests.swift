import Foundation
import Testing
@testable import ImageIO

/// Writes files made by our encoders for .ci/imageio.sh to check with
/// python3's zlib, pngcheck and ImageMagick. Runs only when
/// IMAGEIO_DUMP_DIR names a directory.
@Suite("Interop dump", .enabled(if: ProcessInfo.processInfo.environment["IMAGEIO_DUMP_DIR"] != nil, "set IMAGEIO_DUMP_DIR to write interop files"))
struct InteropDumpTests {
    static var directory: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["IMAGEIO_DUMP_DIR"] ?? ".")
    }

    static func write(_ bytes: [UInt8], _ name: String) throws {
        try Data(bytes).write(to: directory.appendingPathComponent(name))
    }

    @Test("zlib streams with their originals")
    func zlibStreams() throws {
        for input in DeflateRoundTripTests.inputs {
            let name = input.id.replacingOccurrences(of: " ", with: "-")
            let stream = Zlib.compress(input.bytes)
            try Self.write(input.bytes, "\(name).raw")
            try Self.write(stream, "\(name).zz")
            #expect(try Zlib.decompress(stream) == input.bytes)
        }
        for input in DeflateRoundTripTests.runsInputs {
            let name = "runs-" + input.id.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: ",", with: "")
            let stream = Zlib.compress(input.bytes, strategy: .runs(rowLength: input.rowLength))
            try Self.write(input.bytes, "\(name).raw")
            try Self.write(stream, "\(name).zz")
        }
    }

    @Test("PNG files with the PGM of their luminance")
    func pngFiles() throws {
        for sample in PNGEncoderTests.samples {
            let png = sample.encode()
            let decoded = try ImageDecoder.decode(png)
            try Self.write(png, "\(sample.id).png")
            try Self.write(PNMEncoder.encodeGrey(width: decoded.width, height: decoded.height, samples: decoded.luminance()), "\(sample.id).pgm")
            #expect(decoded.width == sample.width)
        }
    }
}
