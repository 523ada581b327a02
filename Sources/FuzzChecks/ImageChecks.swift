import ImageIO

/// The image codecs: a decoded image's samples match its size, and inflate's
/// output survives a round trip through the encoder.
enum ImageChecks {
    /// Small enough that one input cannot exhaust memory or time.
    static let limits = DecodeLimits(maxDimension: 2048, maxPixels: 1 << 20, maxWorkingBytes: 1 << 24)
    static let inflateLimit = 1 << 22

    /// The bytes as given, then with every chunk's CRC made right, so that
    /// mutations reach the chunk and pixel logic behind the checksum.
    static func png(_ bytes: [UInt8]) {
        if let image = try? PNGDecoder.decode(bytes, limits: limits) { checkShape(image, .png) }
        let repaired = repairingChunkChecksums(bytes)
        if repaired != bytes, let image = try? PNGDecoder.decode(repaired, limits: limits) { checkShape(image, .png) }
    }

    /// Rewrites the CRC of each complete chunk after the 8-byte signature.
    static func repairingChunkChecksums(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var offset = 8
        while offset + 12 <= out.count {
            let length = out[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 8 + length
            guard length <= out.count, end + 4 <= out.count else { break }
            let crc = CRC32.checksum(out[(offset + 4)..<end])
            for index in 0..<4 { out[end + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(index))) }
            offset = end + 4
        }
        return out
    }

    /// Both decodings; when one succeeds the other must too, with the same size.
    static func jpeg(_ bytes: [UInt8]) {
        let colour = try? JPEGDecoder.decode(bytes, limits: limits)
        let luminance = try? JPEGDecoder.decodeLuminance(bytes, limits: limits)
        if let colour { checkShape(colour, .jpeg) }
        if let luminance {
            checkShape(luminance, .jpeg)
            if luminance.layout != .grey { violated(.jpeg, "luminance decoding gave \(luminance.layout)") }
        }
        if let colour, let luminance, colour.width != luminance.width || colour.height != luminance.height {
            violated(.jpeg, "colour is \(colour.width)×\(colour.height), luminance \(luminance.width)×\(luminance.height)")
        }
    }

    static func pnm(_ bytes: [UInt8]) {
        guard let image = try? PNMDecoder.decode(bytes, limits: limits) else { return }
        checkShape(image, .pnm)
    }

    static func inflate(_ bytes: [UInt8]) {
        guard let output = try? Zlib.decompress(bytes, limit: inflateLimit) else { return }
        if output.count > inflateLimit { violated(.inflate, "\(output.count) bytes out, over the limit") }
        let again = try? Zlib.decompress(Zlib.compress(output), limit: inflateLimit)
        if again != output { violated(.inflate, "compress then decompress changed \(output.count) bytes") }
    }

    private static func checkShape(_ image: DecodedImage, _ target: FuzzTarget) {
        guard image.width > 0, image.height > 0,
              image.width <= limits.maxDimension, image.height <= limits.maxDimension,
              image.width * image.height <= limits.maxPixels else {
            violated(target, "decoded a \(image.width)×\(image.height) image outside the limits")
        }
        let pixels = image.width * image.height
        if image.samples.count != pixels * image.layout.channels {
            violated(target, "\(image.samples.count) samples for \(pixels) pixels of \(image.layout)")
        }
        if image.luminance().count != pixels { violated(target, "luminance has the wrong size") }
        if image.rgba8().count != pixels * 4 { violated(target, "RGBA has the wrong size") }
    }
}
