/// A decoded raster with 8 bits per sample, rows top to bottom.
///
/// Keeps the channels the file had (after palette expansion and with an
/// alpha channel added when the file marks a transparent colour), so a
/// grey image costs one byte a pixel.
public struct DecodedImage: Sendable, Equatable {
    /// The channels of each pixel, in storage order.
    public enum Layout: Int, Sendable, Equatable {
        case grey = 1
        case greyAlpha = 2
        case rgb = 3
        case rgba = 4

        /// Samples per pixel.
        public var channels: Int { rawValue }
    }

    /// Pixels a row.
    public let width: Int
    /// Rows, top to bottom.
    public let height: Int
    /// The channels of each pixel.
    public let layout: Layout
    /// `width * height * layout.channels` samples, row-major, interleaved.
    public let samples: [UInt8]

    /// Wraps `samples`; their count must be `width * height * layout.channels`.
    public init(width: Int, height: Int, layout: Layout, samples: [UInt8]) {
        precondition(width >= 0 && height >= 0 && samples.count == width * height * layout.channels,
                     "sample count does not match the image size")
        self.width = width
        self.height = height
        self.layout = layout
        self.samples = samples
    }

    /// One 8-bit luminance value a pixel, row-major.
    ///
    /// Luma uses the Rec. 601 weights in 8-bit fixed point,
    /// `Y = (77 R + 150 G + 29 B + 128) >> 8` (grey maps to itself); a pixel
    /// with alpha `a` then becomes `(Y a + 255 (255 - a) + 127) / 255`, as if
    /// composited over white, because QR codes are dark on light.
    public func luminance() -> [UInt8] {
        let pixels = width * height
        return [UInt8](unsafeUninitializedCapacity: pixels) { output, initialized in
            samples.withUnsafeBufferPointer { input in
                Self.luminance(of: input, layout: layout, into: output, first: 0, step: 1)
            }
            initialized = pixels
        }
    }

    /// Writes the luminance of the pixels in `samples` (laid out as
    /// `layout` says) to `output` at indices `first`, `first + step`…
    static func luminance(of samples: UnsafeBufferPointer<UInt8>, layout: Layout, into output: UnsafeMutableBufferPointer<UInt8>,
                          first: Int, step: Int) {
        let pixels = samples.count / layout.channels
        switch layout {
        case .grey:
            for index in 0..<pixels { output[first + index * step] = samples[index] }
        case .greyAlpha:
            for index in 0..<pixels {
                output[first + index * step] = overWhite(samples[2 * index], alpha: samples[2 * index + 1])
            }
        case .rgb:
            for index in 0..<pixels {
                output[first + index * step] = luma(samples[3 * index], samples[3 * index + 1], samples[3 * index + 2])
            }
        case .rgba:
            for index in 0..<pixels {
                let value = luma(samples[4 * index], samples[4 * index + 1], samples[4 * index + 2])
                output[first + index * step] = overWhite(value, alpha: samples[4 * index + 3])
            }
        }
    }

    /// The pixels as RGBA, four bytes a pixel, alpha not premultiplied.
    public func rgba8() -> [UInt8] {
        let pixels = width * height
        return [UInt8](unsafeUninitializedCapacity: pixels * 4) { output, initialized in
            samples.withUnsafeBufferPointer { input in
                for index in 0..<pixels {
                    let target = 4 * index
                    switch layout {
                    case .grey:
                        output[target] = input[index]
                        output[target + 1] = input[index]
                        output[target + 2] = input[index]
                        output[target + 3] = 255
                    case .greyAlpha:
                        output[target] = input[2 * index]
                        output[target + 1] = input[2 * index]
                        output[target + 2] = input[2 * index]
                        output[target + 3] = input[2 * index + 1]
                    case .rgb:
                        output[target] = input[3 * index]
                        output[target + 1] = input[3 * index + 1]
                        output[target + 2] = input[3 * index + 2]
                        output[target + 3] = 255
                    case .rgba:
                        for channel in 0..<4 { output[target + channel] = input[target + channel] }
                    }
                }
            }
            initialized = pixels * 4
        }
    }

    @inline(__always)
    static func luma(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (77 * UInt32(red) + 150 * UInt32(green) + 29 * UInt32(blue) + 128) >> 8)
    }

    @inline(__always)
    static func overWhite(_ value: UInt8, alpha: UInt8) -> UInt8 {
        let a = UInt32(alpha)
        return UInt8(truncatingIfNeeded: (UInt32(value) * a + 255 * (255 - a) + 127) / 255)
    }
}
