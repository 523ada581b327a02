/// The growing output of an inflate run, with a hard size limit.
///
/// Manages raw memory so that the decode loop can write and copy matches
/// without per-byte bounds checks or copy-on-write checks.
struct InflateOutput: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    var count = 0
    let limit: Int

    /// The largest number of bytes one symbol can write (a 258-byte match).
    static let slack = 258

    init(expectedSize: Int, limit: Int) {
        self.limit = limit
        capacity = min(max(1024, expectedSize), limit) + Self.slack
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes, throwing when the output is
    /// already at the limit. Callers writing `extra` bytes at once must
    /// also check `count + extra <= limit` (room is not permission).
    @inline(__always)
    mutating func reserve(_ extra: Int) throws(ImageError) {
        if count + extra > capacity {
            guard count < limit else { throw limitError }
            grow(to: count + extra)
        }
    }

    var limitError: ImageError { .tooLarge("decompressed data exceeds \(limit) bytes") }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, min(capacity * 2, limit + Self.slack))
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends a copy of the `length` bytes that start `distance` bytes
    /// back; they may overlap the bytes being written (a run).
    @inline(__always)
    mutating func copyMatch(distance: Int, length: Int) {
        let destination = base + count
        let source = destination - distance
        if distance >= length {
            destination.update(from: source, count: length)
        } else {
            for index in 0..<length { destination[index] = source[index] }
        }
        count += length
    }

    /// Appends raw bytes (a stored block).
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImageError) {
        guard count + bytes.count <= limit else { throw limitError }
        try reserve(bytes.count)
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    /// The bytes written so far.
    func array() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}
