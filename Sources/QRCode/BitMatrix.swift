/// A square grid of modules where `true` means dark.
///
/// Coordinates are `(x, y)` with `x` the column and `y` the row, both counted
/// from the top-left corner, as in ISO/IEC 18004.
///
/// Each row is stored packed, 64 modules to a word (bit `x & 63` of word
/// `x >> 6` is module `x`), so that mask choice and rendering work on whole
/// words; bits beyond the last module of a row are always zero.
public struct BitMatrix: Hashable, Sendable {
    /// Modules per side.
    public let size: Int
    /// Words per row.
    let stride: Int
    private var storage: [UInt64]

    /// Creates an all-light matrix of `size` × `size` modules.
    public init(size: Int) {
        precondition(size >= 0, "a matrix size cannot be negative")
        self.size = size
        stride = (size + 63) >> 6
        storage = [UInt64](repeating: 0, count: size * stride)
    }

    /// Creates a matrix from rows of modules; every row must be as long as there are rows.
    public init?(rows: [[Bool]]) {
        guard rows.allSatisfy({ $0.count == rows.count }) else { return nil }
        self.init(size: rows.count)
        for (y, row) in rows.enumerated() {
            for (x, dark) in row.enumerated() where dark { storage[y * stride + x >> 6] |= 1 << UInt64(x & 63) }
        }
    }

    /// Wraps packed rows: `size * stride` words, row-major, padding bits zero.
    init(size: Int, packedRows: [UInt64]) {
        let stride = (size + 63) >> 6
        precondition(packedRows.count == size * stride, "packed rows do not match the matrix size")
        self.size = size
        self.stride = stride
        storage = packedRows
    }

    /// Whether the module at column `x`, row `y` is dark; both must be in `0..<size`.
    public subscript(x: Int, y: Int) -> Bool {
        get {
            check(x, y)
            return storage[y * stride + x >> 6] >> UInt64(x & 63) & 1 == 1
        }
        set {
            check(x, y)
            let bit: UInt64 = 1 << UInt64(x & 63)
            if newValue { storage[y * stride + x >> 6] |= bit } else { storage[y * stride + x >> 6] &= ~bit }
        }
    }

    @inline(__always)
    private func check(_ x: Int, _ y: Int) {
        precondition(x >= 0 && y >= 0 && x < size && y < size, "module (\(x), \(y)) is outside a \(size)-module matrix")
    }

    /// The module at row-major position `index` (`y * size + x`), for loops inside the module.
    subscript(linear index: Int) -> Bool {
        get { self[index % size, index / size] }
        set { self[index % size, index / size] = newValue }
    }

    /// The packed words of all rows (`stride` words a row).
    var packedRows: [UInt64] { storage }

    /// Calls `body` with the packed words of all rows.
    func withPackedRows<Result>(_ body: (UnsafeBufferPointer<UInt64>) -> Result) -> Result {
        storage.withUnsafeBufferPointer(body)
    }

    /// The modules row by row.
    public var rows: [[Bool]] {
        (0..<size).map { y in (0..<size).map { x in self[x, y] } }
    }

    /// The number of dark modules.
    public var darkCount: Int { storage.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The matrix mirrored about its main diagonal (rows become columns).
    public var transposed: BitMatrix {
        BitMatrix(size: size, packedRows: Self.transpose(storage, size: size))
    }

    /// The matrix with every module flipped, as a symbol printed light-on-dark reads.
    public var inverted: BitMatrix {
        var result = self
        let last = size & 63 == 0 ? ~UInt64(0) : (1 << UInt64(size & 63)) - 1
        for index in result.storage.indices {
            let isLastWord = index % stride == stride - 1
            result.storage[index] = ~result.storage[index] & (isLastWord ? last : ~UInt64(0))
        }
        return result
    }

    /// Packed rows of the transpose of a `size`-module matrix given as packed rows.
    static func transpose(_ rows: [UInt64], size: Int) -> [UInt64] {
        let stride = (size + 63) >> 6
        var columns = [UInt64](repeating: 0, count: size * stride)
        rows.withUnsafeBufferPointer { rows in
            columns.withUnsafeMutableBufferPointer { columns in
                for y in 0..<size {
                    let bit = UInt64(1) << UInt64(y & 63)
                    let target = y >> 6
                    for word in 0..<stride {
                        var bits = rows[y * stride + word]
                        while bits != 0 {
                            let x = word << 6 + bits.trailingZeroBitCount
                            columns[x * stride + target] |= bit
                            bits &= bits - 1
                        }
                    }
                }
            }
        }
        return columns
    }
}
