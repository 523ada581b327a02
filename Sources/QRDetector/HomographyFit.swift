/// A measured point of a symbol: where a module-coordinate point lies in
/// the image, known in both directions or along one only.
struct Correspondence: Sendable {
    /// The point in module coordinates.
    var module: ImagePoint
    /// Where it was found in the image.
    var image: ImagePoint
    /// nil when both image coordinates were measured; otherwise the unit
    /// direction along which `image` is known. A timing-pattern run tells
    /// where a module lies along the pattern, not across it.
    var along: ImagePoint?

    /// How far `mapping` puts the module point from the measurement, in
    /// pixels (along `along` only, for a one-directional measurement).
    func residual(through mapping: some ModuleMapping) -> Double {
        let difference = mapping.apply(module) - image
        guard let along else { return difference.distance(to: ImagePoint(x: 0, y: 0)) }
        return abs(difference.x * along.x + difference.y * along.y)
    }
}

extension PerspectiveTransform {
    /// The least-squares homography through `pairs`: the direct linear
    /// transform on coordinates normalised to the unit scale (Hartley), each
    /// two-directional pair giving two equations and each one-directional
    /// pair one. nil with fewer than eight equations or a degenerate layout.
    init?(fitting pairs: [Correspondence]) {
        let equations = pairs.reduce(0) { $0 + ($1.along == nil ? 2 : 1) }
        guard equations >= 8 else { return nil }
        let modules = Normalisation(pairs.map(\.module))
        let images = Normalisation(pairs.map(\.image))
        // Normal equations AᵀA·h = Aᵀb for h = (h11 h12 h13 h21 h22 h23 h31 h32),
        // with x = (h11·u + h12·v + h13) / (h31·u + h32·v + 1) and likewise y.
        var normal = [Double](repeating: 0, count: 64)
        var right = [Double](repeating: 0, count: 8)
        func add(_ row: [Double], _ value: Double) {
            for i in 0..<8 where row[i] != 0 {
                for j in 0..<8 { normal[i * 8 + j] += row[i] * row[j] }
                right[i] += row[i] * value
            }
        }
        for pair in pairs {
            let module = modules.apply(pair.module)
            let image = images.apply(pair.image)
            let (u, v, x, y) = (module.x, module.y, image.x, image.y)
            if let along = pair.along {
                let (nx, ny) = (along.x, along.y)
                let s = nx * x + ny * y
                add([nx * u, nx * v, nx, ny * u, ny * v, ny, -s * u, -s * v], s)
            } else {
                add([u, v, 1, 0, 0, 0, -x * u, -x * v], x)
                add([0, 0, 0, u, v, 1, -y * u, -y * v], y)
            }
        }
        guard let h = Self.solve(normal, right) else { return nil }
        // Column convention H = N_image⁻¹ · Hn · N_module; the stored matrix
        // is its transpose (row-vector convention).
        let hn = [h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1.0]
        let product = Self.multiply(images.inverseMatrix, Self.multiply(hn, modules.matrix))
        let m = [product[0], product[3], product[6], product[1], product[4], product[7], product[2], product[5], product[8]]
        guard m.allSatisfy(\.isFinite), let scale = m.map(abs).max(), scale > 0 else { return nil }
        self.init(coefficients: m.map { $0 / scale })
    }

    /// The fit through `pairs`, refitted without those further than
    /// `tolerance` pixels from it, at most twice: a misread alignment
    /// pattern must not bend the whole grid.
    static func robustFit(_ pairs: [Correspondence], tolerance: Double) -> (transform: PerspectiveTransform, kept: [Correspondence])? {
        var kept = pairs
        guard var fit = PerspectiveTransform(fitting: kept) else { return nil }
        for _ in 0..<2 {
            let inliers = kept.filter { $0.residual(through: fit) <= tolerance }
            guard inliers.count < kept.count, let refit = PerspectiveTransform(fitting: inliers) else { break }
            kept = inliers
            fit = refit
        }
        return (fit, kept)
    }

    /// Solves an 8×8 system by Gaussian elimination with partial pivoting.
    private static func solve(_ matrix: [Double], _ vector: [Double]) -> [Double]? {
        var a = matrix
        var b = vector
        let n = 8
        let largest = a.map(abs).max() ?? 0
        guard largest > 0 else { return nil }
        for column in 0..<n {
            var pivot = column
            for row in (column + 1)..<n where abs(a[row * n + column]) > abs(a[pivot * n + column]) { pivot = row }
            guard abs(a[pivot * n + column]) > largest * 1e-12 else { return nil }
            if pivot != column {
                for k in 0..<n { a.swapAt(pivot * n + k, column * n + k) }
                b.swapAt(pivot, column)
            }
            for row in (column + 1)..<n {
                let factor = a[row * n + column] / a[column * n + column]
                guard factor != 0 else { continue }
                for k in column..<n { a[row * n + k] -= factor * a[column * n + k] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<n { sum -= a[row * n + k] * x[k] }
            x[row] = sum / a[row * n + row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }

    /// The product of two 3×3 matrices, row-major.
    private static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        var product = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                product[row * 3 + column] = a[row * 3] * b[column] + a[row * 3 + 1] * b[3 + column]
                    + a[row * 3 + 2] * b[6 + column]
            }
        }
        return product
    }
}

/// Moves points to their centroid and scales them to a mean distance of √2
/// from it, the same in both directions so one-directional measurements
/// keep their direction.
private struct Normalisation {
    let center: ImagePoint
    let scale: Double

    init(_ points: [ImagePoint]) {
        let count = Double(max(1, points.count))
        let mean = points.reduce(ImagePoint(x: 0, y: 0), +) * (1 / count)
        center = mean
        let spread = points.reduce(0) { $0 + $1.distance(to: mean) } / count
        scale = spread > 0 ? 2.0.squareRoot() / spread : 1
    }

    func apply(_ point: ImagePoint) -> ImagePoint { (point - center) * scale }

    /// The normalisation as a matrix (column convention), row-major.
    var matrix: [Double] { [scale, 0, -scale * center.x, 0, scale, -scale * center.y, 0, 0, 1] }

    /// Its inverse.
    var inverseMatrix: [Double] { [1 / scale, 0, center.x, 0, 1 / scale, center.y, 0, 0, 1] }
}
