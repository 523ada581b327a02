/// The EXIF orientation of a photo (TIFF tag 0x0112): how the stored
/// pixels must be turned to be seen upright.
enum JPEGOrientation: Int {
    case normal = 1, mirrored, rotated180, mirroredVertically, transposed, rotated90, transverse, rotated270

    /// The orientation in an APP1 segment's data, if it is EXIF and has one.
    init?(exif data: ArraySlice<UInt8>) {
        let bytes = Array(data)
        // "Exif\0\0", then a TIFF header: byte order, 42, offset of IFD0.
        guard bytes.count >= 14, Array(bytes[0..<6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] else { return nil }
        let tiff = Array(bytes[6...])
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func number(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset + size <= tiff.count else { return nil }
            var value = 0
            for index in 0..<size {
                let byte = Int(tiff[offset + (little ? size - 1 - index : index)])
                value = value << 8 | byte
            }
            return value
        }
        guard number(2, 2) == 42, let directory = number(4, 4), let entries = number(directory, 2) else { return nil }
        for entry in 0..<min(entries, 512) {
            let base = directory + 2 + 12 * entry
            guard let tag = number(base, 2) else { return nil }
            // Type 3 (SHORT), count 1: the value sits in the first two bytes.
            if tag == 0x0112, number(base + 2, 2) == 3, let value = number(base + 8, 2), let orientation = Self(rawValue: value) {
                self = orientation
                return
            }
        }
        return nil
    }

    /// The image turned upright: stored pixel (x, y) goes to where this
    /// orientation says it is seen.
    func apply(to image: DecodedImage) -> DecodedImage {
        guard self != .normal else { return image }
        let width = image.width
        let height = image.height
        let swaps = rawValue >= 5
        let outWidth = swaps ? height : width
        let outHeight = swaps ? width : height
        let channels = image.layout.channels
        var samples = [UInt8](repeating: 0, count: image.samples.count)
        image.samples.withUnsafeBufferPointer { input in
            samples.withUnsafeMutableBufferPointer { output in
                for y in 0..<height {
                    for x in 0..<width {
                        let (targetX, targetY): (Int, Int)
                        switch self {
                        case .normal: (targetX, targetY) = (x, y)
                        case .mirrored: (targetX, targetY) = (width - 1 - x, y)
                        case .rotated180: (targetX, targetY) = (width - 1 - x, height - 1 - y)
                        case .mirroredVertically: (targetX, targetY) = (x, height - 1 - y)
                        case .transposed: (targetX, targetY) = (y, x)
                        case .rotated90: (targetX, targetY) = (height - 1 - y, x)
                        case .transverse: (targetX, targetY) = (height - 1 - y, width - 1 - x)
                        case .rotated270: (targetX, targetY) = (y, width - 1 - x)
                        }
                        let source = (y * width + x) * channels
                        let target = (targetY * outWidth + targetX) * channels
                        for channel in 0..<channels { output[target + channel] = input[source + channel] }
                    }
                }
            }
        }
        return DecodedImage(width: outWidth, height: outHeight, layout: image.layout, samples: samples)
    }
}
