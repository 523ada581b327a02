/// Reads the format information, version and codewords from a grid (ISO/IEC 18004 clause 12).
enum SymbolReader {
    /// The format information each copy is nearest to (within 3 bits), best first, without repeats.
    ///
    /// Usually both copies agree. When they do not, the decoder tries both:
    /// a badly damaged copy can land within 3 bits of the wrong codeword (the
    /// complement of a format codeword is another codeword, for one).
    static func formatCandidates(_ grid: BitMatrix) -> [FormatInformation] {
        let (first, second) = ModulePlacement.formatCoordinates(size: grid.size)
        let readings = [first, second].compactMap { FormatInformation.nearest(to: bits(grid, at: $0)) }
        var candidates: [FormatInformation] = []
        for reading in readings.sorted(by: { $0.distance < $1.distance }) where !candidates.contains(reading.info) {
            candidates.append(reading.info)
        }
        return candidates
    }

    /// The version, checked against the version information for versions 7 and up.
    static func version(_ grid: BitMatrix) throws(QRDecodingError) -> QRVersion {
        guard let version = QRVersion(size: grid.size) else { throw .invalidSize(grid.size) }
        guard version.rawValue >= 7 else { return version }
        let (first, second) = ModulePlacement.versionCoordinates(size: grid.size)
        let readings = [first, second].compactMap { VersionInformation.nearest(to: bits(grid, at: $0)) }
        guard readings.contains(where: { $0.version == version }) else { throw .versionInformationUnreadable }
        return version
    }

    /// All codewords in placement order, unmasked.
    static func codewords(_ grid: BitMatrix, version: QRVersion, mask: Mask) -> [UInt8] {
        let size = grid.size
        let count = SymbolGeometry.rawDataModuleCount(version) / 8
        var result = [UInt8](repeating: 0, count: count)
        for (bitIndex, position) in ModulePlacement.dataPositions(version).prefix(count * 8).enumerated() {
            let dark = grid[linear: position] != mask.flips(x: position % size, y: position / size)
            if dark { result[bitIndex >> 3] |= 0x80 >> UInt8(bitIndex & 7) }
        }
        return result
    }

    private static func bits(_ grid: BitMatrix, at coordinates: [(x: Int, y: Int)]) -> Int {
        var value = 0
        for (bit, point) in coordinates.enumerated() where grid[point.x, point.y] { value |= 1 << bit }
        return value
    }
}
