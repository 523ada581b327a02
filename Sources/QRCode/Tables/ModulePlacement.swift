/// Where format information, version information and data bits go in the matrix.
///
/// Both the encoder and the decoder use these, so a symbol is read from
/// exactly the places it was written to.
enum ModulePlacement {
    /// The two copies of the format information; entry `i` holds bit `i` (bit 0 least significant).
    static func formatCoordinates(size: Int) -> (first: [(x: Int, y: Int)], second: [(x: Int, y: Int)]) {
        let first: [(x: Int, y: Int)] = (0..<15).map { bit in
            switch bit {
            case 0...5: (8, bit)
            case 6: (8, 7)
            case 7: (8, 8)
            case 8: (7, 8)
            default: (14 - bit, 8)
            }
        }
        let second: [(x: Int, y: Int)] = (0..<15).map { bit in
            bit < 8 ? (size - 1 - bit, 8) : (8, size - 15 + bit)
        }
        return (first, second)
    }

    /// Calls `body(x, y, dark)` for the 30 modules of both copies of a
    /// 15-bit format `codeword`, placed as `formatCoordinates` lists them.
    @inline(__always)
    static func forEachFormatModule(size: Int, codeword: Int, _ body: (Int, Int, Bool) -> Void) {
        for bit in 0..<15 {
            let dark = codeword >> bit & 1 == 1
            switch bit {
            case 0...5: body(8, bit, dark)
            case 6: body(8, 7, dark)
            case 7: body(8, 8, dark)
            case 8: body(7, 8, dark)
            default: body(14 - bit, 8, dark)
            }
            if bit < 8 { body(size - 1 - bit, 8, dark) } else { body(8, size - 15 + bit, dark) }
        }
    }

    /// The two copies of the version information (versions 7 and up); entry `i` holds bit `i`.
    static func versionCoordinates(size: Int) -> (first: [(x: Int, y: Int)], second: [(x: Int, y: Int)]) {
        let first: [(x: Int, y: Int)] = (0..<18).map { (size - 11 + $0 % 3, $0 / 3) }
        let second: [(x: Int, y: Int)] = (0..<18).map { ($0 / 3, size - 11 + $0 % 3) }
        return (first, second)
    }

    /// The dark module beside the lower-left finder.
    static func darkModule(size: Int) -> (x: Int, y: Int) { (8, size - 8) }

    /// Data module positions (`y * size + x`) in placement order: two-column
    /// strips from the right edge, alternately upward and downward, skipping
    /// the vertical timing column and every function module.
    static func dataPositions(_ version: QRVersion) -> [Int] {
        let size = version.size
        let function = SymbolGeometry.functionModules(version)
        var positions: [Int] = []
        positions.reserveCapacity(SymbolGeometry.rawDataModuleCount(version))
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                if !function[right, y] { positions.append(y * size + right) }
                if !function[right - 1, y] { positions.append(y * size + right - 1) }
            }
            right -= 2
        }
        return positions
    }
}
