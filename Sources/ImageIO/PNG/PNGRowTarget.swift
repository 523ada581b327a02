/// Where the PNG decoder puts the pixels of each unfiltered scanline.
protocol PNGRowTarget {
    /// Writes the `count` pixels of `row` (a scanline without its filter
    /// byte) to pixel indices `first`, `first + step`, `first + 2 step`…
    mutating func write(row: UnsafePointer<UInt8>, count: Int, first: Int, step: Int)
}

/// Every pixel as 8-bit samples in the unpacker's layout.
struct PNGSampleTarget: PNGRowTarget {
    let unpacker: PNGPixelUnpacker
    var samples: [UInt8]

    init(unpacker: PNGPixelUnpacker, pixels: Int) {
        self.unpacker = unpacker
        samples = [UInt8](repeating: 0, count: pixels * unpacker.layout.channels)
    }

    mutating func write(row: UnsafePointer<UInt8>, count: Int, first: Int, step: Int) {
        let unpacker = unpacker
        samples.withUnsafeMutableBufferPointer { output in
            guard let target = output.baseAddress else { return }
            unpacker.unpack(row: row, count: count, into: target, first: first, step: step)
        }
    }
}

/// One luminance byte a pixel (`DecodedImage.luminance()`'s formula),
/// through a scratch row of samples: a fifth of the memory of the samples
/// for an RGBA image, the whole difference for a 40-megapixel one.
struct PNGLuminanceTarget: PNGRowTarget {
    let unpacker: PNGPixelUnpacker
    var luminance: [UInt8]
    private var scratch: [UInt8]

    init(unpacker: PNGPixelUnpacker, width: Int, height: Int) {
        self.unpacker = unpacker
        luminance = [UInt8](repeating: 0, count: width * height)
        scratch = [UInt8](repeating: 0, count: width * unpacker.layout.channels)
    }

    mutating func write(row: UnsafePointer<UInt8>, count: Int, first: Int, step: Int) {
        let unpacker = unpacker
        let layout = unpacker.layout
        scratch.withUnsafeMutableBufferPointer { scratch in
            luminance.withUnsafeMutableBufferPointer { output in
                guard let samples = scratch.baseAddress else { return }
                unpacker.unpack(row: row, count: count, into: samples, first: 0, step: 1)
                DecodedImage.luminance(of: UnsafeBufferPointer(start: samples, count: count * layout.channels),
                                       layout: layout, into: output, first: first, step: step)
            }
        }
    }
}
