/// Takes a PNG's inflated image data as it arrives, one scanline at a time:
/// reverses each line's filter against the one before it and hands the
/// pixels to a target, so that no more than two scanlines are ever held.
struct PNGScanlineReader<Target: PNGRowTarget>: InflateSink {
    private let header: PNGHeader
    private let passes: [PNGPass]
    private let bpp: Int
    /// The scanline being filled (filter byte first) and the one before it.
    private var line: [UInt8]
    private var prior: [UInt8]
    private var filled = 0
    private var passIndex = 0
    private var rowInPass = 0
    private(set) var target: Target

    init(header: PNGHeader, target: Target) {
        self.header = header
        passes = header.passes
        bpp = max(1, header.bitsPerPixel / 8)
        let longest = passes.map { header.rowBytes(pixels: $0.width) }.max() ?? 0
        line = [UInt8](repeating: 0, count: longest + 1)
        prior = [UInt8](repeating: 0, count: longest + 1)
        self.target = target
    }

    /// Whether every scanline of every pass has arrived.
    var isComplete: Bool { passIndex == passes.count }

    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImageError) {
        var offset = 0
        while offset < bytes.count {
            guard passIndex < passes.count else { throw .corrupt("more image data than the image size in IDAT") }
            let pass = passes[passIndex]
            let rowBytes = header.rowBytes(pixels: pass.width)
            let take = min(rowBytes + 1 - filled, bytes.count - offset)
            line.withUnsafeMutableBufferPointer { line in
                guard let target = line.baseAddress, let source = bytes.baseAddress else { return }
                (target + filled).update(from: source + offset, count: take)
            }
            filled += take
            offset += take
            if filled == rowBytes + 1 { try finishRow(pass, rowBytes: rowBytes) }
        }
    }

    private mutating func finishRow(_ pass: PNGPass, rowBytes: Int) throws(ImageError) {
        let y = pass.y0 + rowInPass * pass.dy
        let first = rowInPass == 0
        let bpp = bpp
        let width = header.width
        try line.withUnsafeMutableBufferPointer { (line) throws(ImageError) in
            try prior.withUnsafeBufferPointer { (prior) throws(ImageError) in
                guard let current = line.baseAddress, let before = prior.baseAddress else { return }
                try PNGFilter.unfilter(current[0], row: current + 1, prior: first ? nil : before + 1, rowBytes: rowBytes, bpp: bpp)
                target.write(row: current + 1, count: pass.width, first: y * width + pass.x0, step: pass.dx)
            }
        }
        swap(&line, &prior)
        filled = 0
        rowInPass += 1
        if rowInPass == pass.height {
            passIndex += 1
            rowInPass = 0
        }
    }
}
