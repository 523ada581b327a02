/// A byte stream made of pieces lying apart in memory, such as the IDAT
/// chunks of a PNG file, read as one without copying them together.
///
/// Positions are logical: byte `i` of the stream is in the segment whose
/// start is the greatest not above `i`.
struct SegmentedInput {
    let segments: [UnsafeBufferPointer<UInt8>]
    /// The logical position of each segment's first byte, then the total.
    private let starts: [Int]

    init(_ segments: [UnsafeBufferPointer<UInt8>]) {
        self.segments = segments
        var starts = [0]
        starts.reserveCapacity(segments.count + 1)
        for segment in segments { starts.append(starts[starts.count - 1] + segment.count) }
        self.starts = starts
    }

    /// One contiguous buffer.
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.init([buffer])
    }

    /// Bytes in all segments.
    var count: Int { starts[starts.count - 1] }

    /// The logical position of the first byte of segment `index`.
    func start(of index: Int) -> Int { starts[index] }

    /// The segment holding logical position `position` (the last one for
    /// the end of the stream).
    func segment(containing position: Int) -> Int {
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        // Skip empty segments so the position lies inside the one returned.
        while low + 1 < segments.count && starts[low + 1] <= position { low += 1 }
        return low
    }

    /// The byte at logical `position`, which must be below `count`.
    func byte(at position: Int) -> UInt8 {
        let index = segment(containing: position)
        return segments[index][position - starts[index]]
    }

    /// Calls `body` with the pieces of `position ..< position + length`, in
    /// order; the range must lie within the stream.
    func forEachPiece(from position: Int, length: Int,
                      _ body: (UnsafeBufferPointer<UInt8>) throws(ImageError) -> Void) throws(ImageError) {
        var index = segment(containing: position)
        var offset = position - starts[index]
        var remaining = length
        while remaining > 0 {
            let segment = segments[index]
            let take = min(remaining, segment.count - offset)
            if take > 0 { try body(UnsafeBufferPointer(rebasing: segment[offset..<(offset + take)])) }
            remaining -= take
            index += 1
            offset = 0
        }
    }
}
