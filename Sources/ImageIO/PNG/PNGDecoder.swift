/// Decodes PNG files (ISO/IEC 15948): every colour type and bit depth,
/// palettes with transparency, colour keys, all filters and Adam7.
public enum PNGDecoder {
    /// Decodes a whole PNG file into 8-bit samples.
    ///
    /// Ancillary chunks other than tRNS are skipped; unknown critical
    /// chunks are rejected. Dimensions are checked against `limits` before
    /// anything is decompressed; the image data is inflated straight from
    /// the IDAT chunks as they lie in `bytes` and unfiltered a scanline at
    /// a time, and more data than the header implies is an error.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .standard) throws(ImageError) -> DecodedImage {
        let (header, target) = try decode(bytes, limits: limits) { PNGSampleTarget(unpacker: $0, pixels: $1.width * $1.height) }
        return DecodedImage(width: header.width, height: header.height, layout: target.unpacker.layout, samples: target.samples)
    }

    /// Decodes a PNG file into one luminance byte a pixel, as
    /// `DecodedImage.luminance()` computes it, without ever holding the
    /// samples of more than one row: memory is the image's pixel count
    /// plus a few rows, whatever the colour type and bit depth.
    public static func decodeLuminance(_ bytes: [UInt8], limits: DecodeLimits = .standard) throws(ImageError) -> DecodedImage {
        let (header, target) = try decode(bytes, limits: limits) {
            PNGLuminanceTarget(unpacker: $0, width: $1.width, height: $1.height)
        }
        return DecodedImage(width: header.width, height: header.height, layout: .grey, samples: target.luminance)
    }

    private static func decode<Target: PNGRowTarget>(
        _ bytes: [UInt8], limits: DecodeLimits, target makeTarget: (PNGPixelUnpacker, PNGHeader) -> Target
    ) throws(ImageError) -> (PNGHeader, Target) {
        guard bytes.starts(with: PNGChunkReader.signature) else {
            throw bytes.count < 8 && PNGChunkReader.signature.starts(with: bytes) ? .truncated("PNG signature") : .corrupt("missing PNG signature")
        }
        let parts = try readChunks(bytes, limits: limits)
        let header = parts.header
        let unpacker = try PNGPixelUnpacker(header: header, palette: parts.palette, transparency: parts.transparency)
        let reader = PNGScanlineReader(header: header, target: makeTarget(unpacker, header))
        let finished = try bytes.withUnsafeBufferPointer { (file) throws(ImageError) -> PNGScanlineReader<Target> in
            let input = SegmentedInput(parts.imageData.map { UnsafeBufferPointer(rebasing: file[$0]) })
            do throws(ImageError) {
                return try Zlib.decompress(input, limit: header.rawDataSize, into: reader)
            } catch .tooLarge {
                throw .corrupt("more image data than the image size in IDAT")
            } catch {
                throw error
            }
        }
        guard finished.isComplete else { throw .truncated("PNG image data") }
        return (header, finished.target)
    }

    /// The chunks decoding needs, gathered and checked for order.
    private struct Parts {
        var header: PNGHeader
        var palette: ArraySlice<UInt8>?
        var transparency: ArraySlice<UInt8>?
        /// Where each IDAT chunk's data lies in the file.
        var imageData: [Range<Int>] = []
    }

    private static func readChunks(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) -> Parts {
        var reader = PNGChunkReader(bytes)
        let first = try reader.next()
        guard first.type == "IHDR" else { throw .corrupt("first chunk is not IHDR") }
        var parts = Parts(header: try PNGHeader(first.data))
        let header = parts.header
        try limits.check(width: header.width, height: header.height)
        var seenImageData = false
        while true {
            let chunk = try reader.next()
            switch chunk.type {
            case "IEND":
                guard seenImageData else { throw .corrupt("no IDAT chunk") }
                return parts
            case "IDAT":
                seenImageData = true
                parts.imageData.append(chunk.data.startIndex..<chunk.data.endIndex)
            case "PLTE":
                guard parts.palette == nil, !seenImageData else { throw .corrupt("misplaced PLTE chunk") }
                guard header.colourType != .grey, header.colourType != .greyAlpha else {
                    throw .corrupt("PLTE chunk in a greyscale image")
                }
                let entries = chunk.data.count / 3
                guard chunk.data.count % 3 == 0, entries >= 1, entries <= 256 else {
                    throw .corrupt("PLTE chunk has the wrong length")
                }
                if header.colourType == .palette && entries > 1 << header.bitDepth {
                    throw .corrupt("PLTE chunk has more entries than the bit depth allows")
                }
                parts.palette = chunk.data
            case "tRNS":
                guard !seenImageData else { throw .corrupt("misplaced tRNS chunk") }
                // tRNS is forbidden with an alpha channel; decoders ignore it.
                if header.colourType != .greyAlpha && header.colourType != .rgba {
                    parts.transparency = chunk.data
                }
            case "IHDR":
                throw .corrupt("second IHDR chunk")
            default:
                if chunk.isCritical { throw .corrupt("unknown critical chunk \(chunk.type)") }
            }
        }
    }
}
