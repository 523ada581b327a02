/// A square grid of modules where `true` means dark.
///
/// Coordinates are `(x, y)` with `x` the column and `y` the row, both counted
/// from the top-left corner, as in ISO/IEC 18004.
public struct BitMatrix: Hashable, Sendable {
    /// Modules per side.
    public let size: Int
    private var storage: [Bool]

    /// Creates an all-light matrix of `size` × `size` modules.
    public init(size: Int) {
        precondition(size >= 0, "a matrix size cannot be negative")
        self.size = size
        self.storage = Array(repeating: false, count: size * size)
    }

    /// Creates a matrix from rows of modules; every row must be as long as there are rows.
    public init?(rows: [[Bool]]) {
        guard rows.allSatisfy({ $0.count == rows.count }) else { return nil }
        self.size = rows.count
        self.storage = rows.flatMap { $0 }
    }

    /// Whether the module at column `x`, row `y` is dark; both must be in `0..<size`.
    public subscript(x: Int, y: Int) -> Bool {
        get { storage[index(x, y)] }
        set { storage[index(x, y)] = newValue }
    }

    private func index(_ x: Int, _ y: Int) -> Int {
        precondition(x >= 0 && y >= 0 && x < size && y < size, "module (\(x), \(y)) is outside a \(size)-module matrix")
        return y * size + x
    }

    /// The module at row-major position `index` (`y * size + x`), for hot loops inside the module.
    subscript(linear index: Int) -> Bool {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    /// Calls `body` with the modules in row-major order, for hot loops inside the module.
    func withUnsafeModules<Result>(_ body: (UnsafeBufferPointer<Bool>) -> Result) -> Result {
        storage.withUnsafeBufferPointer(body)
    }

    /// The modules row by row.
    public var rows: [[Bool]] {
        (0..<size).map { y in Array(storage[(y * size)..<((y + 1) * size)]) }
    }

    /// The number of dark modules.
    public var darkCount: Int { storage.reduce(0) { $0 + ($1 ? 1 : 0) } }

    /// The matrix mirrored about its main diagonal (rows become columns).
    public var transposed: BitMatrix {
        var result = BitMatrix(size: size)
        for y in 0..<size {
            for x in 0..<size { result.storage[x * size + y] = storage[y * size + x] }
        }
        return result
    }

    /// The matrix with every module flipped, as a symbol printed light-on-dark reads.
    public var inverted: BitMatrix {
        var result = self
        for index in result.storage.indices { result.storage[index].toggle() }
        return result
    }
}
