/// Writes PNG files: 1-bit greyscale for bilevel images such as QR codes,
/// and 8-bit greyscale, RGB and RGBA.
public enum PNGEncoder {
    /// The sample layouts `encode` accepts, 8 bits per sample.
    public enum Format: Sendable, Equatable {
        case grey8
        case rgb8
        case rgba8

        var channels: Int {
            switch self {
            case .grey8: 1
            case .rgb8: 3
            case .rgba8: 4
            }
        }

        var colourType: PNGHeader.ColourType {
            switch self {
            case .grey8: .grey
            case .rgb8: .rgb
            case .rgba8: .rgba
            }
        }
    }

    /// Encodes a black-and-white image as a 1-bit greyscale PNG.
    ///
    /// - Parameter isDark: `width * height` flags, row-major; true pixels
    ///   are black (sample 0), false ones white (sample 1).
    /// - Precondition: `width` and `height` are positive and `isDark` has
    ///   one flag a pixel.
    public static func encodeBilevel(width: Int, height: Int, isDark: [Bool]) -> [UInt8] {
        precondition(width > 0 && height > 0 && isDark.count == width * height, "bitmap size does not match its dimensions")
        let rowBytes = (width + 7) / 8
        var rows = [UInt8](repeating: 0, count: height * rowBytes)
        for y in 0..<height {
            for x in 0..<width where !isDark[y * width + x] {
                rows[y * rowBytes + x >> 3] |= 0x80 >> UInt8(x & 7)
            }
        }
        return encodeBilevel(width: width, height: height, packedRows: rows)
    }

    /// Encodes a black-and-white image given as packed rows as a 1-bit
    /// greyscale PNG.
    ///
    /// Rows are left unfiltered and compressed with the `.runs` deflate
    /// strategy: a row that repeats the one above becomes a match one
    /// scanline back, so a QR code's PNG costs about one row of work per
    /// module row. (The Up filter would turn repeats into zeros instead,
    /// but then a new module row can no longer be matched against the row
    /// above it, and the file grows by a tenth.)
    ///
    /// - Parameter packedRows: `height` rows of `(width + 7) / 8` bytes,
    ///   eight pixels a byte, the leftmost in the most significant bit; a 1
    ///   bit is white and a 0 bit black (PNG's greyscale samples).
    /// - Precondition: `width` and `height` are positive and `packedRows`
    ///   has `height * ((width + 7) / 8)` bytes.
    public static func encodeBilevel(width: Int, height: Int, packedRows: [UInt8]) -> [UInt8] {
        let rowBytes = (width + 7) / 8
        precondition(width > 0 && height > 0 && packedRows.count == height * rowBytes, "bitmap size does not match its dimensions")
        let lineLength = rowBytes + 1
        let scanlines = [UInt8](unsafeUninitializedCapacity: height * lineLength) { lines, initialized in
            packedRows.withUnsafeBufferPointer { rows in
                guard let source = rows.baseAddress, let target = lines.baseAddress else { return }
                for y in 0..<height {
                    let line = target + y * lineLength
                    line.initialize(to: PNGFilter.none.rawValue)
                    (line + 1).initialize(from: source + y * rowBytes, count: rowBytes)
                }
            }
            initialized = height * lineLength
        }
        return encodeBilevel(width: width, height: height, scanlines: scanlines)
    }

    /// Encodes a black-and-white image given as unfiltered PNG scanlines
    /// (each a zero filter-type byte, then the row packed as for
    /// `encodeBilevel(width:height:packedRows:)`) as a 1-bit greyscale PNG:
    /// for a renderer that packs its rows straight into scanlines.
    ///
    /// - Precondition: `width` and `height` are positive, `scanlines` has
    ///   `height * (1 + (width + 7) / 8)` bytes and every filter byte is 0.
    public static func encodeBilevel(width: Int, height: Int, scanlines: [UInt8]) -> [UInt8] {
        let lineLength = (width + 7) / 8 + 1
        precondition(width > 0 && height > 0 && scanlines.count == height * lineLength, "bitmap size does not match its dimensions")
        precondition(stride(from: 0, to: scanlines.count, by: lineLength).allSatisfy { scanlines[$0] == PNGFilter.none.rawValue },
                     "bilevel scanlines are unfiltered")
        let compressed = Zlib.compress(scanlines, strategy: .runs(rowLength: lineLength))
        return file(width: width, height: height, bitDepth: 1, colourType: .grey, compressed: compressed)
    }

    /// Encodes 8-bit samples, choosing for each row the filter whose output
    /// has the smallest sum of absolute values (PNG's usual heuristic).
    ///
    /// - Precondition: `width` and `height` are positive and `samples` has
    ///   `width * height * channels` bytes, row-major and interleaved.
    public static func encode(width: Int, height: Int, format: Format, samples: [UInt8]) -> [UInt8] {
        let rowBytes = width * format.channels
        precondition(width > 0 && height > 0 && samples.count == rowBytes * height, "sample count does not match the image size")
        var scanlines = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        samples.withUnsafeBufferPointer { input in
            scanlines.withUnsafeMutableBufferPointer { output in
                filterRows(input, into: output, rows: height, rowBytes: rowBytes, bpp: format.channels)
            }
        }
        return file(width: width, height: height, bitDepth: 8, colourType: format.colourType, compressed: Zlib.compress(scanlines))
    }

    private static func filterRows(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, rows: Int, rowBytes: Int, bpp: Int) {
        guard let outputBase = output.baseAddress else { return }
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        candidate.withUnsafeMutableBufferPointer { candidate in
            guard let scratch = candidate.baseAddress else { return }
            for row in 0..<rows {
                let current = UnsafeBufferPointer(rebasing: input[(row * rowBytes)..<((row + 1) * rowBytes)])
                let prior = row == 0 ? nil : UnsafeBufferPointer(rebasing: input[((row - 1) * rowBytes)..<(row * rowBytes)])
                let line = outputBase + row * (rowBytes + 1)
                var bestCost = Int.max
                for filter in PNGFilter.allCases {
                    filter.apply(row: current, prior: prior, bpp: bpp, into: scratch)
                    var cost = 0
                    for index in 0..<rowBytes { cost += abs(Int(Int8(bitPattern: scratch[index]))) }
                    if cost < bestCost {
                        bestCost = cost
                        line.pointee = filter.rawValue
                        (line + 1).update(from: scratch, count: rowBytes)
                    }
                }
            }
        }
    }

    /// Wraps compressed scanlines into signature, IHDR, IDAT and IEND.
    private static func file(width: Int, height: Int, bitDepth: UInt8, colourType: PNGHeader.ColourType, compressed: [UInt8]) -> [UInt8] {
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [bitDepth, colourType.rawValue, 0, 0, 0]
        var bytes = PNGChunkReader.signature
        appendChunk("IHDR", header, to: &bytes)
        appendChunk("IDAT", compressed, to: &bytes)
        appendChunk("IEND", [], to: &bytes)
        return bytes
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to bytes: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &bytes)
        let start = bytes.count
        bytes += Array(type.utf8)
        bytes += data
        appendBigEndian(CRC32.checksum(bytes[start...]), to: &bytes)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
