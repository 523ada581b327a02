/// A plane projective transform (homography) fixed by four point pairs.
///
/// Built as "quadrilateral → unit square → quadrilateral" from the closed
/// form of the square-to-quadrilateral mapping (Heckbert, 1989).
struct PerspectiveTransform: Sendable {
    // Row vector convention: [x' y' w'] = [u v 1] · m, m row-major. Nine
    // stored scalars rather than an array: `apply` runs for every sample,
    // and scalars stay in registers without bounds checks.
    private let m0, m1, m2, m3, m4, m5, m6, m7, m8: Double

    /// The nine coefficients, row-major.
    private var m: [Double] { [m0, m1, m2, m3, m4, m5, m6, m7, m8] }

    /// Wraps nine coefficients in the row-vector convention
    /// `[x' y' w'] = [u v 1] · m`, row-major (missing ones are zero).
    init(coefficients m: [Double]) {
        func at(_ index: Int) -> Double { index < m.count ? m[index] : 0 }
        (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7), at(8))
    }

    /// Maps `source[i]` to `destination[i]` for four points each given in
    /// the same winding order; nil when a quadrilateral is degenerate.
    init?(from source: [ImagePoint], to destination: [ImagePoint]) {
        guard source.count == 4, destination.count == 4,
              let toSquare = Self.squareToQuad(source)?.adjoint,
              let fromSquare = Self.squareToQuad(destination)
        else { return nil }
        self = toSquare.then(fromSquare)
        // A singular matrix means a quadrilateral collapsed to a line or point.
        let m = self.m
        let largest = m.map(abs).max() ?? 0
        guard m.allSatisfy({ $0.isFinite }), largest > 0,
              abs(determinant) > 1e-12 * largest * largest * largest
        else { return nil }
    }

    /// The image of `point`.
    @inline(__always)
    func apply(_ point: ImagePoint) -> ImagePoint {
        let u = point.x
        let v = point.y
        let w = m2 * u + m5 * v + m8
        return ImagePoint(x: (m0 * u + m3 * v + m6) / w, y: (m1 * u + m4 * v + m7) / w)
    }

    /// Maps (0,0), (1,0), (1,1), (0,1) onto the four points of `quad`.
    private static func squareToQuad(_ quad: [ImagePoint]) -> PerspectiveTransform? {
        let (x0, y0, x1, y1) = (quad[0].x, quad[0].y, quad[1].x, quad[1].y)
        let (x2, y2, x3, y3) = (quad[2].x, quad[2].y, quad[3].x, quad[3].y)
        let dx3 = x0 - x1 + x2 - x3
        let dy3 = y0 - y1 + y2 - y3
        if abs(dx3) < 1e-9 && abs(dy3) < 1e-9 {
            return PerspectiveTransform(coefficients: [x1 - x0, y1 - y0, 0, x2 - x1, y2 - y1, 0, x0, y0, 1])
        }
        let dx1 = x1 - x2
        let dx2 = x3 - x2
        let dy1 = y1 - y2
        let dy2 = y3 - y2
        let denominator = dx1 * dy2 - dx2 * dy1
        guard abs(denominator) > 1e-12 else { return nil }
        let a13 = (dx3 * dy2 - dx2 * dy3) / denominator
        let a23 = (dx1 * dy3 - dx3 * dy1) / denominator
        return PerspectiveTransform(coefficients: [
            x1 - x0 + a13 * x1, y1 - y0 + a13 * y1, a13,
            x3 - x0 + a23 * x3, y3 - y0 + a23 * y3, a23,
            x0, y0, 1,
        ])
    }

    private var determinant: Double {
        m0 * (m4 * m8 - m5 * m7) - m1 * (m3 * m8 - m5 * m6) + m2 * (m3 * m7 - m4 * m6)
    }

    /// The adjugate matrix, which inverts a homography up to scale.
    private var adjoint: PerspectiveTransform {
        PerspectiveTransform(coefficients: [
            m4 * m8 - m5 * m7, m2 * m7 - m1 * m8, m1 * m5 - m2 * m4,
            m5 * m6 - m3 * m8, m0 * m8 - m2 * m6, m2 * m3 - m0 * m5,
            m3 * m7 - m4 * m6, m1 * m6 - m0 * m7, m0 * m4 - m1 * m3,
        ])
    }

    /// This transform followed by `next`.
    private func then(_ next: PerspectiveTransform) -> PerspectiveTransform {
        let m = self.m
        let n = next.m
        var product = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                var sum = 0.0
                for k in 0..<3 { sum += m[row * 3 + k] * n[k * 3 + column] }
                product[row * 3 + column] = sum
            }
        }
        return PerspectiveTransform(coefficients: product)
    }
}
