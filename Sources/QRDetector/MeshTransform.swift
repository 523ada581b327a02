/// A homography corrected region by region: for symbols on curved or wavy
/// paper, or behind a lens that bends straight lines, where no single
/// homography fits the whole symbol.
///
/// The symbol is cut into cells by mesh lines through the alignment
/// patterns. At each mesh node the displacement between where the base
/// homography puts the node and where it was found is known; inside a cell
/// the displacement is interpolated bilinearly from the cell's four nodes,
/// so each cell gets its own local transform and neighbouring cells agree
/// along their shared edge. Beyond the outer mesh lines the edge cells'
/// interpolation is extended.
struct MeshTransform: ModuleMapping {
    let base: PerspectiveTransform
    /// Module coordinates of the mesh lines, ascending; the same for rows
    /// and columns.
    let lines: [Double]
    /// Displacements at the nodes, row-major (`lines.count` a row).
    let displacements: [ImagePoint]

    /// nil unless there are at least two lines and a displacement per node.
    init?(base: PerspectiveTransform, lines: [Double], displacements: [ImagePoint]) {
        guard lines.count >= 2, displacements.count == lines.count * lines.count,
              zip(lines, lines.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        self.base = base
        self.lines = lines
        self.displacements = displacements
    }

    func apply(_ point: ImagePoint) -> ImagePoint {
        let (column, s) = cell(of: point.x)
        let (row, t) = cell(of: point.y)
        let count = lines.count
        let topLeft = displacements[row * count + column]
        let topRight = displacements[row * count + column + 1]
        let bottomLeft = displacements[(row + 1) * count + column]
        let bottomRight = displacements[(row + 1) * count + column + 1]
        let top = topLeft * (1 - s) + topRight * s
        let bottom = bottomLeft * (1 - s) + bottomRight * s
        return base.apply(point) + top * (1 - t) + bottom * t
    }

    /// The cell interval holding `coordinate` and the position within it
    /// (0 at its first line, 1 at its second; outside for the outer bands).
    @inline(__always)
    private func cell(of coordinate: Double) -> (index: Int, fraction: Double) {
        var index = 0
        while index + 2 < lines.count && coordinate >= lines[index + 1] { index += 1 }
        let fraction = (coordinate - lines[index]) / (lines[index + 1] - lines[index])
        return (index, fraction.isFinite ? fraction : 0)
    }
}
