/// A square QR symbol sampled into modules: row-major, `true` is dark.
public struct ModuleGrid: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Modules per side: 21 for version 1, up to 177 for version 40.
    public let size: Int
    public private(set) var bits: [Bool]

    /// An all-light grid of `size × size` modules.
    public init(size: Int) {
        self.size = max(0, size)
        self.bits = [Bool](repeating: false, count: self.size * self.size)
    }

    /// Wraps `bits`; returns nil unless it holds exactly `size × size` modules.
    public init?(size: Int, bits: [Bool]) {
        guard size >= 0, bits.count == size * size else { return nil }
        self.size = size
        self.bits = bits
    }

    /// The symbol version this size implies, or nil for a non-standard size.
    public var version: Int? {
        guard size >= 21, size <= 177, (size - 17) % 4 == 0 else { return nil }
        return (size - 17) / 4
    }

    /// Whether the module at (`row`, `column`) is dark; both must be in range.
    public subscript(row: Int, column: Int) -> Bool {
        get { bits[row * size + column] }
        set { bits[row * size + column] = newValue }
    }

    /// The grid mirrored about its main diagonal (rows become columns).
    public var transposed: ModuleGrid {
        var result = ModuleGrid(size: size)
        for row in 0..<size {
            for column in 0..<size { result[column, row] = self[row, column] }
        }
        return result
    }

    /// Rows of `#` (dark) and `.` (light), for diagnostics.
    public var description: String {
        (0..<size).map { row in
            String((0..<size).map { self[row, $0] ? "#" : "." })
        }.joined(separator: "\n")
    }
}
