/// The five scanline filters of PNG §9.2, and their inverses.
enum PNGFilter: UInt8, CaseIterable {
    case none = 0
    case sub = 1
    case up = 2
    case average = 3
    case paeth = 4

    /// The Paeth predictor: whichever of left, up and upper-left is closest
    /// to `left + up - upperLeft`, ties going in that order.
    @inline(__always)
    static func paethPredictor(_ left: UInt8, _ up: UInt8, _ upperLeft: UInt8) -> UInt8 {
        let a = Int32(left), b = Int32(up), c = Int32(upperLeft)
        let pa = magnitude(b &- c)
        let pb = magnitude(a &- c)
        let pc = magnitude(a &+ b &- 2 &* c)
        // Written as selects rather than branches: the outcome is data
        // dependent and mispredicts often on photographs.
        let upOrCorner = pb <= pc ? up : upperLeft
        return pa <= pb && pa <= pc ? left : upOrCorner
    }

    @inline(__always)
    private static func magnitude(_ value: Int32) -> Int32 {
        let sign = value >> 31
        return (value ^ sign) &- sign
    }

    /// Reverses the filter of one scanline in place.
    ///
    /// - Parameters:
    ///   - filter: the scanline's filter byte.
    ///   - row: the `rowBytes` bytes after the filter byte.
    ///   - prior: the previous scanline of the same pass, unfiltered; nil
    ///     for a pass's first (its prior line is defined as zeros).
    ///   - bpp: the distance in bytes to the corresponding byte of the pixel
    ///     to the left (at least 1).
    static func unfilter(_ filter: UInt8, row current: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>?,
                         rowBytes: Int, bpp: Int) throws(ImageError) {
        guard let filter = PNGFilter(rawValue: filter) else { throw .corrupt("invalid PNG filter type \(filter)") }
        switch (filter, prior) {
        case (.none, _), (.up, nil):
            break
        case (.sub, _):
            for index in bpp..<max(bpp, rowBytes) { current[index] &+= current[index - bpp] }
        case (.up, let prior?):
            for index in 0..<rowBytes { current[index] &+= prior[index] }
        case (.average, nil):
            for index in bpp..<max(bpp, rowBytes) { current[index] &+= current[index - bpp] >> 1 }
        case (.average, let prior?):
            for index in 0..<min(bpp, rowBytes) { current[index] &+= prior[index] >> 1 }
            for index in bpp..<max(bpp, rowBytes) {
                current[index] &+= UInt8(truncatingIfNeeded: (UInt16(current[index - bpp]) + UInt16(prior[index])) >> 1)
            }
        case (.paeth, nil):
            // With a zero prior line Paeth always predicts the left byte.
            for index in bpp..<max(bpp, rowBytes) { current[index] &+= current[index - bpp] }
        case (.paeth, let prior?):
            for index in 0..<min(bpp, rowBytes) { current[index] &+= prior[index] }
            for index in bpp..<max(bpp, rowBytes) {
                current[index] &+= paethPredictor(current[index - bpp], prior[index], prior[index - bpp])
            }
        }
    }

    /// Applies this filter to `row` given the unfiltered `prior` row
    /// (nil for the first), writing `row.count` bytes to `output`.
    func apply(row: UnsafeBufferPointer<UInt8>, prior: UnsafeBufferPointer<UInt8>?, bpp: Int, into output: UnsafeMutablePointer<UInt8>) {
        for index in 0..<row.count {
            let left = index >= bpp ? row[index - bpp] : 0
            let up = prior?[index] ?? 0
            let upperLeft = index >= bpp ? prior?[index - bpp] ?? 0 : 0
            let predicted: UInt8
            switch self {
            case .none: predicted = 0
            case .sub: predicted = left
            case .up: predicted = up
            case .average: predicted = UInt8(truncatingIfNeeded: (UInt16(left) + UInt16(up)) >> 1)
            case .paeth: predicted = Self.paethPredictor(left, up, upperLeft)
            }
            output[index] = row[index] &- predicted
        }
    }
}
