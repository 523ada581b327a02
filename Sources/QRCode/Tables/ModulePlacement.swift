/// Where format information, version information and data bits go in the matrix.
///
/// Both the encoder and the decoder use these, so a symbol is read from
/// exactly the places it was written to.
enum ModulePlacement {
    /// Where bit `bit` (0 least significant) of the format information goes,
    /// in its first copy (around the upper-left finder) and its second (split
    /// between the other two).
    @inline(__always)
    static func formatCoordinate(bit: Int, size: Int) -> (first: (x: Int, y: Int), second: (x: Int, y: Int)) {
        let first: (x: Int, y: Int) = switch bit {
        case 0...5: (8, bit)
        case 6: (8, 7)
        case 7: (8, 8)
        case 8: (7, 8)
        default: (14 - bit, 8)
        }
        return (first, bit < 8 ? (size - 1 - bit, 8) : (8, size - 15 + bit))
    }

    /// The two copies of the format information; entry `i` holds bit `i`.
    static func formatCoordinates(size: Int) -> (first: [(x: Int, y: Int)], second: [(x: Int, y: Int)]) {
        let both = (0..<15).map { formatCoordinate(bit: $0, size: size) }
        return (both.map(\.first), both.map(\.second))
    }

    /// Calls `body(x, y, dark)` for the 30 modules of both copies of a
    /// 15-bit format `codeword`.
    @inline(__always)
    static func forEachFormatModule(size: Int, codeword: Int, _ body: (Int, Int, Bool) -> Void) {
        for bit in 0..<15 {
            let dark = codeword >> bit & 1 == 1
            let (first, second) = formatCoordinate(bit: bit, size: size)
            body(first.x, first.y, dark)
            body(second.x, second.y, dark)
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

    /// Calls `body(x, y)` for each data module in placement order (7.7.3):
    /// two-column strips from the right edge, alternately upward and
    /// downward, right column first, skipping the vertical timing column and
    /// every module `isFunction` names.
    @inline(__always)
    static func forEachDataModule(size: Int, isFunction: (Int, Int) -> Bool, _ body: (Int, Int) -> Void) {
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                if !isFunction(right, y) { body(right, y) }
                if !isFunction(right - 1, y) { body(right - 1, y) }
            }
            right -= 2
        }
    }

    /// Data module positions (`y * size + x`) in placement order (`forEachDataModule`).
    static func dataPositions(_ version: QRVersion) -> [Int] {
        let size = version.size
        let function = SymbolGeometry.functionModules(version)
        var positions: [Int] = []
        positions.reserveCapacity(SymbolGeometry.rawDataModuleCount(version))
        forEachDataModule(size: size, isFunction: { function[$0, $1] }) { x, y in positions.append(y * size + x) }
        return positions
    }
}
