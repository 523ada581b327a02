/// Draws the function patterns of ISO/IEC 18004 6.3 and the format and version information.
enum FunctionPatterns {
    /// A matrix with finders, separators, timing, alignment patterns, the dark
    /// module and (for versions 7 and up) the version information drawn; all else light.
    static func base(_ version: QRVersion) -> BitMatrix {
        let size = version.size
        var matrix = BitMatrix(size: size)
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            drawFinder(into: &matrix, centreX: cx, centreY: cy)
        }
        for index in 8..<(size - 8) where index % 2 == 0 {
            matrix[6, index] = true
            matrix[index, 6] = true
        }
        SymbolGeometry.forEachAlignmentCentre(version) { cx, cy in
            for dy in -2...2 {
                for dx in -2...2 { matrix[cx + dx, cy + dy] = max(abs(dx), abs(dy)) != 1 }
            }
        }
        let dark = ModulePlacement.darkModule(size: size)
        matrix[dark.x, dark.y] = true
        if version.rawValue >= 7 {
            let bits = VersionInformation.codeword(version)
            let (first, second) = ModulePlacement.versionCoordinates(size: size)
            for bit in 0..<18 {
                let isDark = bits >> bit & 1 == 1
                matrix[first[bit].x, first[bit].y] = isDark
                matrix[second[bit].x, second[bit].y] = isDark
            }
        }
        return matrix
    }

    /// A 7 × 7 finder: dark ring, light ring, dark 3 × 3 core. Its separator is
    /// the light ring around it, already light in a fresh matrix.
    private static func drawFinder(into matrix: inout BitMatrix, centreX: Int, centreY: Int) {
        for dy in -3...3 {
            for dx in -3...3 { matrix[centreX + dx, centreY + dy] = max(abs(dx), abs(dy)) != 2 }
        }
    }
}
