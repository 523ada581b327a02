/// Decodes PNG files (ISO/IEC 15948): every colour type and bit depth,
/// palettes with transparency, colour keys, all filters and Adam7.
public enum PNGDecoder {
    /// Decodes a whole PNG file into 8-bit samples.
    ///
    /// Ancillary chunks other than tRNS are skipped; unknown critical
    /// chunks are rejected. Dimensions are checked against `limits` before
    /// anything is decompressed, and decompression stops at the exact size
    /// the header implies.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .standard) throws(ImageError) -> DecodedImage {
        guard bytes.starts(with: PNGChunkReader.signature) else {
            throw bytes.count < 8 && PNGChunkReader.signature.starts(with: bytes) ? .truncated("PNG signature") : .corrupt("missing PNG signature")
        }
        let parts = try readChunks(bytes, limits: limits)
        let header = parts.header
        let unpacker = try PNGPixelUnpacker(header: header, palette: parts.palette, transparency: parts.transparency)

        let rawSize = header.rawDataSize
        var raw: [UInt8]
        do {
            raw = try Zlib.decompress(parts.imageData, expectedSize: rawSize, limit: rawSize)
        } catch .tooLarge {
            throw .corrupt("more image data than the image size in IDAT")
        }
        guard raw.count == rawSize else { throw .truncated("PNG image data") }

        let channels = unpacker.layout.channels
        let samples = try [UInt8](unsafeUninitializedCapacity: header.width * header.height * channels) { (output, initialized) throws(ImageError) in
            try raw.withUnsafeMutableBufferPointer { (data) throws(ImageError) in
                try unfilterAndUnpack(data, header: header, unpacker: unpacker, output: output)
            }
            initialized = header.width * header.height * channels
        }
        return DecodedImage(width: header.width, height: header.height, layout: unpacker.layout, samples: samples)
    }

    /// The chunks decoding needs, gathered and checked for order.
    private struct Parts {
        var header: PNGHeader
        var palette: ArraySlice<UInt8>?
        var transparency: ArraySlice<UInt8>?
        var imageData: [UInt8] = []
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
                parts.imageData.append(contentsOf: chunk.data)
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

    private static func unfilterAndUnpack(
        _ data: UnsafeMutableBufferPointer<UInt8>, header: PNGHeader,
        unpacker: PNGPixelUnpacker, output: UnsafeMutableBufferPointer<UInt8>
    ) throws(ImageError) {
        guard let target = output.baseAddress, let source = data.baseAddress else { return }
        let bpp = max(1, header.bitsPerPixel / 8)
        var start = 0
        for pass in header.passes {
            let rowBytes = header.rowBytes(pixels: pass.width)
            try PNGFilter.unfilter(data, start: start, rows: pass.height, rowBytes: rowBytes, bpp: bpp)
            for row in 0..<pass.height {
                let line = source + start + row * (rowBytes + 1) + 1
                let y = pass.y0 + row * pass.dy
                unpacker.unpack(row: line, count: pass.width, into: target, first: y * header.width + pass.x0, step: pass.dx)
            }
            start += pass.height * (rowBytes + 1)
        }
    }
}
