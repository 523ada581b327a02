/// The IHDR chunk of a PNG file, validated.
struct PNGHeader: Equatable {
    /// The colour types of PNG §11.2.2, with their samples per pixel.
    enum ColourType: UInt8 {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgba = 6

        var channels: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        /// The bit depths the standard allows for this colour type.
        var allowedDepths: Set<Int> {
            switch self {
            case .grey: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: [8, 16]
            }
        }
    }

    let width: Int
    let height: Int
    let bitDepth: Int
    let colourType: ColourType
    let isInterlaced: Bool

    init(_ data: ArraySlice<UInt8>) throws(ImageError) {
        guard data.count == 13 else { throw .corrupt("IHDR chunk has the wrong length") }
        let bytes = Array(data)
        width = Int(PNGChunkReader.bigEndian32(bytes, at: 0))
        height = Int(PNGChunkReader.bigEndian32(bytes, at: 4))
        bitDepth = Int(bytes[8])
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .corrupt("image width or height out of range")
        }
        guard let colourType = ColourType(rawValue: bytes[9]) else {
            throw .corrupt("invalid colour type \(bytes[9])")
        }
        guard colourType.allowedDepths.contains(bitDepth) else {
            throw .corrupt("bit depth \(bitDepth) not allowed for colour type \(colourType.rawValue)")
        }
        self.colourType = colourType
        guard bytes[10] == 0 else { throw .corrupt("unknown compression method") }
        guard bytes[11] == 0 else { throw .corrupt("unknown filter method") }
        guard bytes[12] <= 1 else { throw .corrupt("unknown interlace method") }
        isInterlaced = bytes[12] == 1
    }

    /// Bits of one pixel in a scanline.
    var bitsPerPixel: Int { colourType.channels * bitDepth }

    /// Bytes of one scanline of `pixels` pixels, without the filter byte.
    func rowBytes(pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

    /// The sub-images whose scanlines make up the data, in order: one for a
    /// plain image, Adam7's seven passes (empty ones left out) otherwise.
    var passes: [PNGPass] {
        guard isInterlaced else { return [PNGPass(x0: 0, y0: 0, dx: 1, dy: 1, imageWidth: width, imageHeight: height)] }
        return PNGPass.adam7.compactMap { pass in
            let sized = PNGPass(x0: pass.x0, y0: pass.y0, dx: pass.dx, dy: pass.dy, imageWidth: width, imageHeight: height)
            return sized.width > 0 && sized.height > 0 ? sized : nil
        }
    }

    /// Size of the decompressed image data: every scanline plus its filter byte.
    var rawDataSize: Int {
        passes.reduce(0) { $0 + $1.height * (1 + rowBytes(pixels: $1.width)) }
    }
}

/// One sub-image of the scanline data: pixels `(x0 + i dx, y0 + j dy)`.
struct PNGPass: Equatable {
    let x0: Int
    let y0: Int
    let dx: Int
    let dy: Int
    let width: Int
    let height: Int

    init(x0: Int, y0: Int, dx: Int, dy: Int, imageWidth: Int, imageHeight: Int) {
        self.x0 = x0
        self.y0 = y0
        self.dx = dx
        self.dy = dy
        width = imageWidth > x0 ? (imageWidth - x0 + dx - 1) / dx : 0
        height = imageHeight > y0 ? (imageHeight - y0 + dy - 1) / dy : 0
    }

    /// Adam7's passes as (x0, y0, dx, dy) on an 8×8 grid (PNG §8.2).
    static let adam7: [(x0: Int, y0: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
        (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]
}
