/// A thresholded image: one byte a pixel, 1 for dark and 0 for light.
///
/// Bytes rather than packed bits because the scanners read every pixel and
/// byte access keeps their inner loops simple and fast.
struct BinaryImage: Sendable {
    let width: Int
    let height: Int
    private(set) var storage: [UInt8]
    /// The stored value that means dark: 1, or 0 for the inverted view.
    let darkValue: UInt8

    init(width: Int, height: Int, storage: [UInt8], darkValue: UInt8 = 1) {
        precondition(storage.count == width * height, "binary image buffer size mismatch")
        self.width = width
        self.height = height
        self.storage = storage
        self.darkValue = darkValue
    }

    /// Whether pixel `(x, y)` is dark; pixels outside the image are light,
    /// which is what a quiet zone cut off by the image border looks like.
    @inline(__always)
    func isDark(_ x: Int, _ y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        return storage[y * width + x] == darkValue
    }

    /// Whether the pixel containing the image point `point` is dark.
    @inline(__always)
    func isDark(at point: ImagePoint) -> Bool {
        // Compare as Double first: a near-singular transform can produce
        // infinities or NaN, which must not reach Int(_:).
        guard point.x >= 0, point.y >= 0, point.x < Double(width), point.y < Double(height) else { return false }
        return storage[Int(point.y) * width + Int(point.x)] == darkValue
    }

    /// The same image with dark and light swapped, to read light-on-dark
    /// codes: a view sharing the storage, so it costs no copy. Pixels
    /// outside the image stay light, as an inverted code's quiet zone is.
    var inverted: BinaryImage {
        BinaryImage(width: width, height: height, storage: storage, darkValue: darkValue ^ 1)
    }
}
