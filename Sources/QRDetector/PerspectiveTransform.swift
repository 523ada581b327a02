/// A plane projective transform (homography) fixed by four point pairs.
///
/// Built as "quadrilateral → unit square → quadrilateral" from the closed
/// form of the square-to-quadrilateral mapping (Heckbert, 1989).
struct PerspectiveTransform: Sendable {
    // Row vector convention: [x' y' w'] = [u v 1] · m.
    private var m: [Double]

    private init(_ m: [Double]) { self.m = m }

    /// Maps `source[i]` to `destination[i]` for four points each given in
    /// the same winding order; nil when a quadrilateral is degenerate.
    init?(from source: [ImagePoint], to destination: [ImagePoint]) {
        guard source.count == 4, destination.count == 4,
              let toSquare = Self.squareToQuad(source)?.adjoint,
              let fromSquare = Self.squareToQuad(destination)
        else { return nil }
        self = toSquare.then(fromSquare)
        // A singular matrix means a quadrilateral collapsed to a line or point.
        let largest = m.map(abs).max() ?? 0
        guard m.allSatisfy({ $0.isFinite }), largest > 0,
              abs(determinant) > 1e-12 * largest * largest * largest
        else { return nil }
    }

    /// The image of `point`.
    func apply(_ point: ImagePoint) -> ImagePoint {
        let u = point.x
        let v = point.y
        let w = m[2] * u + m[5] * v + m[8]
        return ImagePoint(x: (m[0] * u + m[3] * v + m[6]) / w, y: (m[1] * u + m[4] * v + m[7]) / w)
    }

    /// Maps (0,0), (1,0), (1,1), (0,1) onto the four points of `quad`.
    private static func squareToQuad(_ quad: [ImagePoint]) -> PerspectiveTransform? {
        let (x0, y0, x1, y1) = (quad[0].x, quad[0].y, quad[1].x, quad[1].y)
        let (x2, y2, x3, y3) = (quad[2].x, quad[2].y, quad[3].x, quad[3].y)
        let dx3 = x0 - x1 + x2 - x3
        let dy3 = y0 - y1 + y2 - y3
        if abs(dx3) < 1e-9 && abs(dy3) < 1e-9 {
            return PerspectiveTransform([x1 - x0, y1 - y0, 0, x2 - x1, y2 - y1, 0, x0, y0, 1])
        }
        let dx1 = x1 - x2
        let dx2 = x3 - x2
        let dy1 = y1 - y2
        let dy2 = y3 - y2
        let denominator = dx1 * dy2 - dx2 * dy1
        guard abs(denominator) > 1e-12 else { return nil }
        let a13 = (dx3 * dy2 - dx2 * dy3) / denominator
        let a23 = (dx1 * dy3 - dx3 * dy1) / denominator
        return PerspectiveTransform([
            x1 - x0 + a13 * x1, y1 - y0 + a13 * y1, a13,
            x3 - x0 + a23 * x3, y3 - y0 + a23 * y3, a23,
            x0, y0, 1,
        ])
    }

    private var determinant: Double {
        m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    }

    /// The adjugate matrix, which inverts a homography up to scale.
    private var adjoint: PerspectiveTransform {
        PerspectiveTransform([
            m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ])
    }

    /// This transform followed by `next`.
    private func then(_ next: PerspectiveTransform) -> PerspectiveTransform {
        let n = next.m
        var product = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                var sum = 0.0
                for k in 0..<3 { sum += m[row * 3 + k] * n[k * 3 + column] }
                product[row * 3 + column] = sum
            }
        }
        return PerspectiveTransform(product)
    }
}
