/// A JPEG frame header (T.81 B.2.2) with the block geometry derived from it.
struct JPEGFrame {
    /// One colour component and its share of each MCU.
    struct Component {
        let id: UInt8
        /// Blocks across and down in an MCU of an interleaved scan.
        let h: Int
        let v: Int
        let quantizationTable: Int
        /// Samples across and down: the image's size scaled by h/hMax, v/vMax.
        var width = 0
        var height = 0
        /// Blocks across and down, padded to whole MCUs.
        var blocksPerLine = 0
        var blocksPerColumn = 0
        /// Blocks holding samples (a non-interleaved scan covers only these).
        var usedBlocksPerLine = 0
        var usedBlocksPerColumn = 0
    }

    let progressive: Bool
    let width: Int
    let height: Int
    var components: [Component]
    let hMax: Int
    let vMax: Int
    let mcusPerLine: Int
    let mcusPerColumn: Int

    /// Parses a SOF0, SOF1 or SOF2 segment's data.
    init(_ data: ArraySlice<UInt8>, progressive: Bool, limits: DecodeLimits) throws(ImageError) {
        let bytes = Array(data)
        guard bytes.count >= 6 else { throw .corrupt("JPEG frame header is too short") }
        guard bytes[0] == 8 else { throw .unsupportedFormat(detected: "\(bytes[0])-bit JPEG") }
        height = Int(bytes[1]) << 8 | Int(bytes[2])
        width = Int(bytes[3]) << 8 | Int(bytes[4])
        guard height > 0 else { throw .unsupportedFormat(detected: "JPEG with its height in a DNL marker") }
        guard width > 0 else { throw .corrupt("JPEG width is zero") }
        try limits.check(width: width, height: height)
        let count = Int(bytes[5])
        guard [1, 3, 4].contains(count) else { throw .corrupt("JPEG with \(count) components") }
        guard bytes.count == 6 + 3 * count else { throw .corrupt("JPEG frame header has the wrong length") }
        var components: [Component] = []
        for index in 0..<count {
            let base = 6 + 3 * index
            let h = Int(bytes[base + 1] >> 4)
            let v = Int(bytes[base + 1] & 0x0F)
            guard (1...4).contains(h), (1...4).contains(v) else { throw .corrupt("invalid JPEG sampling factor") }
            guard bytes[base + 2] < 4 else { throw .corrupt("invalid JPEG quantization table number") }
            guard !components.contains(where: { $0.id == bytes[base] }) else { throw .corrupt("repeated JPEG component") }
            components.append(Component(id: bytes[base], h: h, v: v, quantizationTable: Int(bytes[base + 2])))
        }
        self.progressive = progressive
        hMax = components.map(\.h).max() ?? 1
        vMax = components.map(\.v).max() ?? 1
        mcusPerLine = (width + 8 * hMax - 1) / (8 * hMax)
        mcusPerColumn = (height + 8 * vMax - 1) / (8 * vMax)
        for index in components.indices {
            var component = components[index]
            component.width = (width * component.h + hMax - 1) / hMax
            component.height = (height * component.v + vMax - 1) / vMax
            component.blocksPerLine = mcusPerLine * component.h
            component.blocksPerColumn = mcusPerColumn * component.v
            component.usedBlocksPerLine = (component.width + 7) / 8
            component.usedBlocksPerColumn = (component.height + 7) / 8
            components[index] = component
        }
        self.components = components
    }

    /// Whether the first component alone is the luminance: greyscale, or
    /// YCbCr (JFIF, or an Adobe transform of 1); not RGB or CMYK.
    func lumaIsFirstComponent(adobeTransform: Int?) -> Bool {
        switch components.count {
        case 1: return true
        case 3:
            if let adobeTransform { return adobeTransform != 0 }
            // Components named R, G, B are stored without transform.
            return components.map(\.id) != [0x52, 0x47, 0x42]
        default: return false
        }
    }
}

/// Reads the segments around a JPEG's scans (T.81 B.1): markers and their lengths.
struct JPEGMarkerReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int

    /// The next marker and its segment's data (empty for markers without
    /// one); fill bytes before a marker are skipped.
    mutating func next() throws(ImageError) -> (marker: UInt8, data: ArraySlice<UInt8>) {
        guard position < bytes.count else { throw .truncated("JPEG file") }
        guard bytes[position] == 0xFF else { throw .corrupt("expected a JPEG marker") }
        while position < bytes.count && bytes[position] == 0xFF { position += 1 }
        guard position < bytes.count else { throw .truncated("JPEG file") }
        let marker = bytes[position]
        position += 1
        // Markers without a length: SOI, EOI, RSTn, TEM.
        if marker == 0xD8 || marker == 0xD9 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
            return (marker, [])
        }
        guard position + 2 <= bytes.count else { throw .truncated("JPEG segment") }
        let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
        guard length >= 2 else { throw .corrupt("JPEG segment length below 2") }
        guard position + length <= bytes.count else { throw .truncated("JPEG segment") }
        let data = ArraySlice(UnsafeBufferPointer(rebasing: bytes[(position + 2)..<(position + length)]))
        position += length
        return (marker, data)
    }
}
