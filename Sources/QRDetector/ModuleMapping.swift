/// A map from a symbol's module coordinates to image pixels.
///
/// Module (row, column) covers the unit square from (column, row) to
/// (column + 1, row + 1); its centre is at (column + 0.5, row + 0.5). One
/// homography serves a flat symbol; a mesh of them follows curved paper.
protocol ModuleMapping {
    /// The image position of the module-coordinate point `point`.
    func apply(_ point: ImagePoint) -> ImagePoint
}

extension PerspectiveTransform: ModuleMapping {}
