/// Positions of the function patterns every symbol of a version carries,
/// used to judge how well a sampled grid fits (ISO/IEC 18004, 6.3).
enum SymbolLayout {
    /// A module whose colour the standard fixes.
    struct Module {
        var row: Int
        var column: Int
        var dark: Bool
    }

    /// Row/column centres of the alignment patterns of `version` (Annex E):
    /// evenly spaced from 6 to size − 7, the step rounded up to even.
    static func alignmentCenters(version: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let size = 17 + 4 * version
        let count = version / 7 + 2
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centers = [6]
        var position = size - 7
        for _ in 0..<(count - 1) {
            centers.insert(position, at: 1)
            position -= step
        }
        return centers
    }

    /// Modules whose colour is fixed by the standard: finders with their
    /// separators, timing patterns and alignment patterns.
    static func knownModules(size: Int) -> [Module] {
        var modules: [Module] = []
        let finderOrigins = [(0, 0), (0, size - 7), (size - 7, 0)]
        for (originRow, originColumn) in finderOrigins {
            for dr in -1...7 {
                for dc in -1...7 {
                    let row = originRow + dr
                    let column = originColumn + dc
                    guard row >= 0, column >= 0, row < size, column < size else { continue }
                    let ring = max(abs(dr - 3), abs(dc - 3))
                    modules.append(Module(row: row, column: column, dark: ring != 2 && ring != 4))
                }
            }
        }
        if size >= 21 {
            for index in 8..<(size - 8) {
                modules.append(Module(row: 6, column: index, dark: index % 2 == 0))
                modules.append(Module(row: index, column: 6, dark: index % 2 == 0))
            }
        }
        let version = (size - 17) / 4
        let centers = alignmentCenters(version: version)
        for row in centers {
            for column in centers {
                let overlapsFinder = (row == 6 && column == 6)
                    || (row == 6 && column == size - 7) || (row == size - 7 && column == 6)
                if overlapsFinder { continue }
                for dr in -2...2 {
                    for dc in -2...2 {
                        modules.append(Module(row: row + dr, column: column + dc, dark: max(abs(dr), abs(dc)) != 1))
                    }
                }
            }
        }
        return modules
    }
}
