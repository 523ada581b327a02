/// Four corners of a located symbol, in the symbol's own orientation.
public struct Quadrilateral: Sendable, Equatable {
    public var topLeft: ImagePoint
    public var topRight: ImagePoint
    public var bottomRight: ImagePoint
    public var bottomLeft: ImagePoint

    public init(topLeft: ImagePoint, topRight: ImagePoint, bottomRight: ImagePoint, bottomLeft: ImagePoint) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// Whether `point` lies inside (for a convex quadrilateral in either
    /// winding order).
    func contains(_ point: ImagePoint) -> Bool {
        let corners = [topLeft, topRight, bottomRight, bottomLeft]
        var positive = false
        var negative = false
        for index in 0..<4 {
            let edge = corners[(index + 1) % 4] - corners[index]
            let side = edge.cross(point - corners[index])
            if side > 0 { positive = true }
            if side < 0 { negative = true }
        }
        return !(positive && negative)
    }

    func scaled(by factor: Double) -> Quadrilateral {
        Quadrilateral(topLeft: topLeft * factor, topRight: topRight * factor,
                      bottomRight: bottomRight * factor, bottomLeft: bottomLeft * factor)
    }
}

/// How a candidate's module colours were decided.
public enum ModuleSampling: String, Sendable, Equatable {
    /// Majority of nine sub-samples in the thresholded image.
    case thresholdedPixels
    /// Interpolated luminance compared with the mean of the surrounding
    /// modules; robust to blur, which fattens dark areas in a thresholded image.
    case neighbourhoodContrast
}

/// How a candidate's module-to-pixel mapping was fitted, cheapest first.
public enum GridFit: String, Sendable, Equatable {
    /// The three finder centres and an extrapolated fourth point.
    case finders
    /// The finder centres and the bottom-right alignment pattern.
    case alignmentPattern
    /// A least-squares homography through the finders, every alignment
    /// pattern found and the runs of both timing patterns.
    case lattice
    /// That homography corrected cell by cell between the alignment
    /// patterns, for curved paper and lenses that bend straight lines.
    case piecewise
}

extension QRDetector {
    /// One hypothesis for one symbol: a sampled grid and how it was found.
    public struct Candidate: Sendable, Equatable {
        /// The sampled modules; `true` is dark in the symbol's own sense
        /// (for an inverted symbol, the light pixels of the image).
        public let grid: ModuleGrid
        /// The version this grid was sampled at (its size is 17 + 4·version).
        public let version: Int
        /// Outer corners of the symbol in input-image pixels. For a mirrored
        /// symbol top-right and bottom-left are swapped and the grid is the
        /// transpose of the true one.
        public let corners: Quadrilateral
        /// Whether the symbol was found as light modules on a dark background.
        public let inverted: Bool
        /// Which thresholding produced the grid.
        public let binarization: Binarization
        /// How module colours were decided.
        public let sampling: ModuleSampling
        /// How the grid was fitted to the image.
        public let fit: GridFit
        /// Whether an alignment pattern anchored the perspective (otherwise
        /// the fourth corner was extrapolated from the finders).
        public var usedAlignmentPattern: Bool { fit != .finders }
        /// Fraction of fixed function-pattern modules the grid gets wrong
        /// (0 is perfect); hypotheses for a symbol are ordered by it.
        public let patternMismatch: Double
        /// Which symbol of the image this hypothesis belongs to; 0 is the first.
        public let symbolIndex: Int
    }
}
