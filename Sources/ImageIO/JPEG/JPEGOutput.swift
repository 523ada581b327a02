/// Turns decoded component planes into the output image: the luminance
/// plane as it is, or colour converted (T.871 for YCbCr; Adobe's RGB,
/// CMYK and YCCK), with subsampled components stretched to the full size.
enum JPEGOutput {
    static func image(_ decoder: JPEGScanDecoder, luminanceOnly: Bool, lumaIsFirst: Bool,
                      adobeTransform: Int?) throws(ImageError) -> DecodedImage {
        let frame = decoder.frame
        let width = frame.width
        let height = frame.height
        var planes = decoder.planes
        if frame.components.count == 1 || (luminanceOnly && lumaIsFirst) {
            let luma = frame.components[0].width == width && frame.components[0].height == height
                ? planes[0] : upsampled(planes[0], frame.components[0], frame)
            planes = []
            return DecodedImage(width: width, height: height, layout: .grey, samples: luma)
        }
        // Full-size rows of each component, one row at a time.
        let count = frame.components.count
        var rows = [[UInt8]](repeating: [UInt8](repeating: 0, count: width), count: count)
        let channels = luminanceOnly ? 1 : 3
        var samples = [UInt8](repeating: 0, count: width * height * channels)
        let kind = Kind(components: count, adobeTransform: adobeTransform, ids: frame.components.map(\.id))
        for y in 0..<height {
            for index in 0..<count {
                let component = frame.components[index]
                let sourceRow = min(component.height - 1, y * component.v / frame.vMax)
                for x in 0..<width {
                    let sourceColumn = min(component.width - 1, x * component.h / frame.hMax)
                    rows[index][x] = planes[index][sourceRow * component.width + sourceColumn]
                }
            }
            for x in 0..<width {
                let (red, green, blue) = kind.rgb(rows, x)
                if luminanceOnly {
                    samples[y * width + x] = DecodedImage.luma(red, green, blue)
                } else {
                    samples[3 * (y * width + x)] = red
                    samples[3 * (y * width + x) + 1] = green
                    samples[3 * (y * width + x) + 2] = blue
                }
            }
        }
        return DecodedImage(width: width, height: height, layout: luminanceOnly ? .grey : .rgb, samples: samples)
    }

    /// A component plane stretched to the image's size, sample by sample.
    private static func upsampled(_ plane: [UInt8], _ component: JPEGFrame.Component, _ frame: JPEGFrame) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: frame.width * frame.height)
        for y in 0..<frame.height {
            let sourceRow = min(component.height - 1, y * component.v / frame.vMax)
            for x in 0..<frame.width {
                out[y * frame.width + x] = plane[sourceRow * component.width + min(component.width - 1, x * component.h / frame.hMax)]
            }
        }
        return out
    }

    /// How the components make a colour.
    private enum Kind {
        case yCbCr, rgb, cmyk, ycck

        init(components: Int, adobeTransform: Int?, ids: [UInt8]) {
            if components == 4 {
                self = adobeTransform == 2 ? .ycck : .cmyk
            } else if let adobeTransform {
                self = adobeTransform == 0 ? .rgb : .yCbCr
            } else {
                self = ids == [0x52, 0x47, 0x42] ? .rgb : .yCbCr
            }
        }

        @inline(__always)
        func rgb(_ rows: [[UInt8]], _ x: Int) -> (UInt8, UInt8, UInt8) {
            switch self {
            case .rgb:
                return (rows[0][x], rows[1][x], rows[2][x])
            case .yCbCr:
                return JPEGOutput.rgb(y: rows[0][x], cb: rows[1][x], cr: rows[2][x])
            case .cmyk:
                // Adobe writes CMYK inverted: 255 is no ink.
                return JPEGOutput.ink(rows[0][x], rows[1][x], rows[2][x], key: rows[3][x])
            case .ycck:
                // YCCK holds the complement of the stored CMYK as YCbCr (K as is).
                let (r, g, b) = JPEGOutput.rgb(y: rows[0][x], cb: rows[1][x], cr: rows[2][x])
                return JPEGOutput.ink(255 - r, 255 - g, 255 - b, key: rows[3][x])
            }
        }
    }

    /// T.871's conversion in 16-bit fixed point, rounded and clamped.
    @inline(__always)
    static func rgb(y: UInt8, cb: UInt8, cr: UInt8) -> (UInt8, UInt8, UInt8) {
        let luma = Int(y) << 16 + (1 << 15)
        let blue = Int(cb) - 128
        let red = Int(cr) - 128
        return (clamp((luma + 91_881 * red) >> 16),
                clamp((luma - 22_554 * blue - 46_802 * red) >> 16),
                clamp((luma + 116_130 * blue) >> 16))
    }

    @inline(__always)
    private static func ink(_ c: UInt8, _ m: UInt8, _ y: UInt8, key: UInt8) -> (UInt8, UInt8, UInt8) {
        let k = Int(key)
        return (UInt8((Int(c) * k + 127) / 255), UInt8((Int(m) * k + 127) / 255), UInt8((Int(y) * k + 127) / 255))
    }

    @inline(__always)
    private static func clamp(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: min(255, max(0, value)))
    }
}
