/// Turns unfiltered PNG scanlines into 8-bit samples of a `DecodedImage`
/// layout: expands sub-byte samples and palettes, reduces 16-bit samples,
/// and turns a tRNS colour key into an alpha channel.
struct PNGPixelUnpacker {
    let layout: DecodedImage.Layout
    private let header: PNGHeader
    /// RGBA of each of the 256 possible indices; indices beyond the
    /// palette read as opaque black, as most decoders do.
    private let palette: [UInt8]
    /// The transparent colour of a grey or RGB image, in raw sample values.
    private let colourKey: [Int]?

    /// - Parameters:
    ///   - palette: the PLTE chunk's RGB triples (palette images only).
    ///   - transparency: the tRNS chunk's data, if any.
    init(header: PNGHeader, palette paletteData: ArraySlice<UInt8>?, transparency: ArraySlice<UInt8>?) throws(ImageError) {
        self.header = header
        var palette = [UInt8](repeating: 0, count: 256 * 4)
        var colourKey: [Int]?
        switch header.colourType {
        case .palette:
            guard let paletteData else { throw .corrupt("missing PLTE chunk") }
            let entries = paletteData.count / 3
            let alphas = Array(transparency ?? [])
            guard alphas.count <= entries else { throw .corrupt("tRNS chunk longer than the palette") }
            for entry in 0..<256 {
                let start = paletteData.startIndex + 3 * entry
                for channel in 0..<3 where entry < entries {
                    palette[4 * entry + channel] = paletteData[start + channel]
                }
                palette[4 * entry + 3] = entry < alphas.count ? alphas[entry] : 255
            }
            layout = transparency == nil ? .rgb : .rgba
        case .grey, .rgb:
            if let transparency {
                guard transparency.count == 2 * header.colourType.channels else {
                    throw .corrupt("tRNS chunk has the wrong length")
                }
                let raw = Array(transparency)
                // Keys wider than the bit depth can match no sample.
                colourKey = stride(from: 0, to: raw.count, by: 2).map { Int(raw[$0]) << 8 | Int(raw[$0 + 1]) }
            }
            let hasAlpha = colourKey != nil
            layout = header.colourType == .grey ? (hasAlpha ? .greyAlpha : .grey) : (hasAlpha ? .rgba : .rgb)
        case .greyAlpha:
            layout = .greyAlpha
        case .rgba:
            layout = .rgba
        }
        self.palette = palette
        self.colourKey = colourKey
    }

    /// Writes the `count` pixels of `row` to `output` at pixel indices
    /// `first`, `first + step`, `first + 2 step`...
    func unpack(row: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>, first: Int, step: Int) {
        let channels = layout.channels
        let fileChannels = header.colourType.channels
        if header.bitDepth == 8 && colourKey == nil && header.colourType != .palette {
            // The file's bytes are already the output's samples.
            if step == 1 {
                (output + first * channels).update(from: row, count: count * channels)
            } else {
                for pixel in 0..<count {
                    let target = output + (first + pixel * step) * channels
                    for channel in 0..<channels { target[channel] = row[pixel * channels + channel] }
                }
            }
            return
        }
        palette.withUnsafeBufferPointer { palette in
            let depth = header.bitDepth
            for pixel in 0..<count {
                let target = output + (first + pixel * step) * channels
                if header.colourType == .palette {
                    let entry = 4 * Self.sample(row, index: pixel, depth: depth)
                    for channel in 0..<channels { target[channel] = palette[entry + channel] }
                    continue
                }
                var matchesKey = colourKey != nil
                for channel in 0..<fileChannels {
                    let value = Self.sample(row, index: pixel * fileChannels + channel, depth: depth)
                    if let colourKey, colourKey[channel] != value { matchesKey = false }
                    target[channel] = Self.scaled(value, depth: depth)
                }
                if colourKey != nil { target[fileChannels] = matchesKey ? 0 : 255 }
            }
        }
    }

    /// The raw value of sample `index` of a scanline.
    @inline(__always)
    private static func sample(_ row: UnsafePointer<UInt8>, index: Int, depth: Int) -> Int {
        switch depth {
        case 16: return Int(row[2 * index]) << 8 | Int(row[2 * index + 1])
        case 8: return Int(row[index])
        default:
            let bit = index * depth
            let shift = 8 - depth - bit & 7
            return Int(row[bit >> 3] >> UInt8(shift)) & (1 << depth - 1)
        }
    }

    /// A raw sample scaled to 0...255 (16-bit values rounded to nearest).
    @inline(__always)
    private static func scaled(_ value: Int, depth: Int) -> UInt8 {
        switch depth {
        case 16: UInt8(truncatingIfNeeded: (value * 255 + 32767) / 65535)
        case 8: UInt8(truncatingIfNeeded: value)
        default: UInt8(truncatingIfNeeded: value * 255 / (1 << depth - 1))
        }
    }
}
