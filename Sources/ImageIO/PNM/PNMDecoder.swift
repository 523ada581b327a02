/// Decodes Netpbm images: PBM, PGM and PPM in their ASCII (P1–P3) and
/// binary (P4–P6) forms, with any maxval from 1 to 65535.
public enum PNMDecoder {
    /// Decodes the first image of a PNM file into 8-bit samples.
    ///
    /// PBM pixels of 1 are black. Samples are scaled from 0...maxval to
    /// 0...255, rounding to nearest; 16-bit samples (maxval > 255) are big-endian.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .standard) throws(ImageError) -> DecodedImage {
        try decode(bytes, limits: limits, luminanceOnly: false)
    }

    /// Decodes the first image into one luminance byte a pixel, as
    /// `DecodedImage.luminance()` computes it; a colour image is converted
    /// as it is read, so only the luminance is ever held.
    public static func decodeLuminance(_ bytes: [UInt8], limits: DecodeLimits = .standard) throws(ImageError) -> DecodedImage {
        try decode(bytes, limits: limits, luminanceOnly: true)
    }

    private static func decode(_ bytes: [UInt8], limits: DecodeLimits, luminanceOnly: Bool) throws(ImageError) -> DecodedImage {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P"),
              let kind = Kind(rawValue: bytes[1]) else {
            throw bytes.count < 2 ? .truncated("PNM header") : .corrupt("missing PNM magic number")
        }
        var scanner = PNMHeaderScanner(bytes, position: 2)
        let width = try scanner.number("width")
        let height = try scanner.number("height")
        guard width > 0, height > 0 else { throw .corrupt("PNM width or height is zero") }
        try limits.check(width: width, height: height)
        let maxval = kind.isBitmap ? 1 : try scanner.number("maxval")
        guard (1...65535).contains(maxval) else { throw .corrupt("PNM maxval out of range") }

        // Colour read for luminance goes through one row of samples at a time.
        let converts = luminanceOnly && kind.channels == 3
        let count = width * height * (converts ? 1 : kind.channels)
        var samples = [UInt8](repeating: 0, count: count)
        switch kind {
        case .plainBitmap:
            for index in 0..<count { samples[index] = try scanner.bit() ? 0 : 255 }
        case .plainGrey, .plainColour:
            let scale = SampleScale(maxval: maxval)
            if converts {
                func next() throws(ImageError) -> UInt8 {
                    let value = try scanner.number("sample")
                    guard value <= maxval else { throw .corrupt("PNM sample exceeds maxval") }
                    return scale.apply(value)
                }
                for index in 0..<count {
                    let red = try next()
                    let green = try next()
                    samples[index] = DecodedImage.luma(red, green, try next())
                }
                break
            }
            for index in 0..<count {
                let value = try scanner.number("sample")
                guard value <= maxval else { throw .corrupt("PNM sample exceeds maxval") }
                samples[index] = scale.apply(value)
            }
        case .rawBitmap:
            try scanner.endOfHeader()
            let rowBytes = (width + 7) / 8
            let start = scanner.position
            guard bytes.count - start >= rowBytes * height else { throw .truncated("PBM pixel data") }
            for y in 0..<height {
                for x in 0..<width {
                    let byte = bytes[start + y * rowBytes + x >> 3]
                    samples[y * width + x] = byte & (0x80 >> UInt8(x & 7)) != 0 ? 0 : 255
                }
            }
        case .rawGrey, .rawColour:
            try scanner.endOfHeader()
            if converts {
                try readBinaryLuminance(bytes, from: scanner.position, width: width, maxval: maxval, into: &samples)
            } else {
                try readBinarySamples(bytes, from: scanner.position, maxval: maxval, into: &samples)
            }
        }
        let grey = kind.channels == 1 || converts
        return DecodedImage(width: width, height: height, layout: grey ? .grey : .rgb, samples: samples)
    }

    /// The six formats, by the digit after "P".
    private enum Kind: UInt8 {
        case plainBitmap = 0x31, plainGrey, plainColour, rawBitmap, rawGrey, rawColour

        var isBitmap: Bool { self == .plainBitmap || self == .rawBitmap }
        var channels: Int { self == .plainColour || self == .rawColour ? 3 : 1 }
    }

    /// Maps 0...maxval to 0...255, rounding to nearest.
    private struct SampleScale {
        let maxval: Int

        @inline(__always)
        func apply(_ value: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: maxval == 255 ? value : (value * 255 + maxval / 2) / maxval)
        }
    }

    /// Reads binary RGB samples a row at a time into one luminance byte a pixel.
    private static func readBinaryLuminance(_ bytes: [UInt8], from start: Int, width: Int, maxval: Int,
                                            into luminance: inout [UInt8]) throws(ImageError) {
        let sampleWidth = maxval > 255 ? 2 : 1
        let rowSamples = width * 3
        guard bytes.count - start >= luminance.count * 3 * sampleWidth else { throw .truncated("PNM pixel data") }
        var row = [UInt8](repeating: 0, count: rowSamples)
        var rowStart = start
        for y in 0..<(luminance.count / width) {
            try readBinarySamples(bytes, from: rowStart, maxval: maxval, into: &row)
            for x in 0..<width {
                luminance[y * width + x] = DecodedImage.luma(row[3 * x], row[3 * x + 1], row[3 * x + 2])
            }
            rowStart += rowSamples * sampleWidth
        }
    }

    private static func readBinarySamples(_ bytes: [UInt8], from start: Int, maxval: Int, into samples: inout [UInt8]) throws(ImageError) {
        let width = maxval > 255 ? 2 : 1
        let count = samples.count
        guard bytes.count - start >= count * width else { throw .truncated("PNM pixel data") }
        let scale = SampleScale(maxval: maxval)
        var outOfRange = false
        bytes.withUnsafeBufferPointer { input in
            samples.withUnsafeMutableBufferPointer { output in
                for index in 0..<count {
                    let value = width == 2
                        ? Int(input[start + 2 * index]) << 8 | Int(input[start + 2 * index + 1])
                        : Int(input[start + index])
                    if value > maxval { outOfRange = true }
                    output[index] = scale.apply(min(value, maxval))
                }
            }
        }
        if outOfRange { throw .corrupt("PNM sample exceeds maxval") }
    }
}
