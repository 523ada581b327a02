/// Decodes JPEG files (ITU T.81 / JFIF): baseline and extended sequential
/// and progressive Huffman-coded frames of 8-bit samples, greyscale, YCbCr
/// at any chroma sampling, RGB and CMYK/YCCK (Adobe), restart intervals,
/// and the EXIF orientation, which the output is turned to.
///
/// Arithmetic-coded, lossless, hierarchical and 12-bit files are refused
/// by name. A file that ends inside its image data is reported truncated.
public enum JPEGDecoder {
    /// Decodes into 8-bit samples: `.grey` for one component, `.rgb` otherwise.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .standard) throws(ImageError) -> DecodedImage {
        try decode(bytes, limits: limits, luminanceOnly: false)
    }

    /// Decodes into one luminance byte a pixel. For greyscale and YCbCr
    /// files (nearly all) that is the Y component itself, and the chroma is
    /// read but neither transformed nor kept.
    public static func decodeLuminance(_ bytes: [UInt8], limits: DecodeLimits = .standard) throws(ImageError) -> DecodedImage {
        try decode(bytes, limits: limits, luminanceOnly: true)
    }

    private static func decode(_ bytes: [UInt8], limits: DecodeLimits, luminanceOnly: Bool) throws(ImageError) -> DecodedImage {
        guard bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw bytes.count < 3 ? .truncated("JPEG file") : .corrupt("missing JPEG start-of-image marker")
        }
        return try bytes.withUnsafeBufferPointer { (file) throws(ImageError) -> DecodedImage in
            var markers = JPEGMarkerReader(bytes: file, position: 2)
            var tables = PendingTables()
            var decoder: JPEGScanDecoder?
            var adobeTransform: Int?
            var orientation = JPEGOrientation.normal
            var lumaOnly = false
            while true {
                let (marker, data) = try markers.next()
                switch marker {
                case 0xD9:
                    // Moved out of the optional, so that no second reference forces a copy of its planes.
                    guard var finished = decoder else { throw .corrupt("JPEG without a frame") }
                    decoder = nil
                    finished.finishProgressive()
                    let image = try JPEGOutput.image(finished, luminanceOnly: luminanceOnly, lumaIsFirst: lumaOnly,
                                                     adobeTransform: adobeTransform)
                    return orientation.apply(to: image)
                case 0xC0, 0xC1, 0xC2:
                    guard decoder == nil else { throw .corrupt("second JPEG frame") }
                    let frame = try JPEGFrame(data, progressive: marker == 0xC2, limits: limits)
                    lumaOnly = frame.lumaIsFirstComponent(adobeTransform: adobeTransform)
                    let needed = frame.components.indices.map { !luminanceOnly || !lumaOnly || $0 == 0 }
                    decoder = try JPEGScanDecoder(frame: frame, needed: needed, limits: limits)
                    tables.apply(to: &decoder)
                case 0xC3, 0xC5, 0xC6, 0xC7:
                    throw .unsupportedFormat(detected: "Lossless or hierarchical JPEG")
                case 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
                    throw .unsupportedFormat(detected: "Arithmetic-coded JPEG")
                case 0xC4:
                    try tables.readHuffman(data)
                    if decoder != nil { tables.apply(to: &decoder) }
                case 0xDB:
                    try tables.readQuantization(data)
                    if decoder != nil { tables.apply(to: &decoder) }
                case 0xDD:
                    guard data.count == 2 else { throw .corrupt("JPEG restart interval has the wrong length") }
                    tables.restartInterval = Int(data[data.startIndex]) << 8 | Int(data[data.startIndex + 1])
                    if decoder != nil { tables.apply(to: &decoder) }
                case 0xDA:
                    // Mutated in place through the optional: a copy would copy its planes.
                    guard let header = try decoder?.scanHeader(data),
                          let end = try decoder?.decodeScan(header, file, start: markers.position) else {
                        throw .corrupt("JPEG scan before its frame")
                    }
                    markers.position = end
                case 0xE1:
                    if let found = JPEGOrientation(exif: data) { orientation = found }
                case 0xEE:
                    // Adobe: "Adobe", version, flags0, flags1, transform.
                    if data.count >= 12, Array(data.prefix(5)) == Array("Adobe".utf8) {
                        adobeTransform = Int(data[data.startIndex + 11])
                    }
                case 0xD8:
                    throw .corrupt("second JPEG start-of-image marker")
                case 0xD0...0xD7:
                    // A stray restart marker between segments: nothing to do.
                    break
                default:
                    // APPn, COM, DNL and the rest carry nothing the pixels need.
                    break
                }
            }
        }
    }

    /// Tables defined so far; later definitions replace earlier ones.
    private struct PendingTables {
        var quantization = [[Int32]](repeating: [], count: 4)
        var dc = [JPEGHuffmanTable?](repeating: nil, count: 4)
        var ac = [JPEGHuffmanTable?](repeating: nil, count: 4)
        var restartInterval = 0

        func apply(to decoder: inout JPEGScanDecoder?) {
            decoder?.quantization = quantization
            decoder?.dcTables = dc
            decoder?.acTables = ac
            decoder?.restartInterval = restartInterval
        }

        /// DQT (T.81 B.2.4.1): 8- or 16-bit values in zig-zag order.
        mutating func readQuantization(_ data: ArraySlice<UInt8>) throws(ImageError) {
            var position = data.startIndex
            while position < data.endIndex {
                let precision = Int(data[position] >> 4)
                let index = Int(data[position] & 0x0F)
                guard precision <= 1, index < 4 else { throw .corrupt("invalid JPEG quantization table") }
                position += 1
                let size = 64 * (precision + 1)
                guard data.endIndex - position >= size else { throw .corrupt("JPEG quantization table cut short") }
                quantization[index] = (0..<64).map { k in
                    precision == 0 ? Int32(data[position + k])
                        : Int32(data[position + 2 * k]) << 8 | Int32(data[position + 2 * k + 1])
                }
                position += size
            }
        }

        /// DHT (T.81 B.2.4.2): counts of codes of lengths 1...16, then the symbols.
        mutating func readHuffman(_ data: ArraySlice<UInt8>) throws(ImageError) {
            var position = data.startIndex
            while position < data.endIndex {
                let kind = data[position] >> 4
                let index = Int(data[position] & 0x0F)
                guard kind <= 1, index < 4, data.endIndex - position >= 17 else { throw .corrupt("invalid JPEG Huffman table") }
                let counts = (0..<16).map { Int(data[position + 1 + $0]) }
                let total = counts.reduce(0, +)
                position += 17
                guard total <= 256, data.endIndex - position >= total else { throw .corrupt("JPEG Huffman table cut short") }
                let symbols = Array(data[position..<(position + total)])
                position += total
                let table = try JPEGHuffmanTable(counts: counts, symbols: symbols)
                if kind == 0 { dc[index] = table } else { ac[index] = table }
            }
        }
    }
}
