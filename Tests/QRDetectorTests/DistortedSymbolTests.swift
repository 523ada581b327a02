import Foundation
import QRCode
import Testing
@testable import QRDetector

/// Symbols from our own encoder, drawn on paper that is tilted, wrapped
/// round a bottle or seen through a lens that bends straight lines, each
/// read at all four quarter turns as `qr scan` reads them. Large versions
/// under these need the costlier grids: alignment patterns beyond the
/// bottom-right one, the timing patterns and piecewise corrections.
@Suite("Detection under perspective, curvature and lens distortion")
struct DistortedSymbolTests {
    /// How paper seen in the picture maps back onto the flat paper, both in
    /// coordinates where the symbol and its quiet zone span −1…1.
    enum Distortion: Sendable, CustomStringConvertible {
        /// A tilted sheet: the corners of the paper at these picture points
        /// (top-left, top-right, bottom-right, bottom-left).
        case perspective([ImagePoint])
        /// Paper wrapped round an upright cylinder of this radius, seen
        /// from the front: the sides are squeezed.
        case cylinder(radius: Double)
        /// Radial lens distortion: a picture point at radius r shows the
        /// paper at r · (1 + k r²); k > 0 is barrel, k < 0 pincushion.
        case radial(k: Double)
        /// A tilted sheet through a lens with radial distortion `k`, as a
        /// phone photographs one: perspective alone no longer fits.
        indirect case throughLens(k: Double, Distortion)

        /// The flat-paper point seen at picture point `p`; nil where the
        /// picture shows no paper.
        func paper(at p: ImagePoint) -> ImagePoint? {
            switch self {
            case .perspective(let corners):
                let square = [ImagePoint(x: -1, y: -1), ImagePoint(x: 1, y: -1), ImagePoint(x: 1, y: 1), ImagePoint(x: -1, y: 1)]
                return PerspectiveTransform(from: corners, to: square)?.apply(p)
            case .cylinder(let radius):
                guard abs(p.x) < radius else { return nil }
                return ImagePoint(x: radius * asin(p.x / radius), y: p.y)
            case .radial(let k):
                let factor = 1 + k * (p.x * p.x + p.y * p.y)
                return ImagePoint(x: p.x * factor, y: p.y * factor)
            case .throughLens(let k, let scene):
                return Distortion.radial(k: k).paper(at: p).flatMap(scene.paper(at:))
            }
        }

        var description: String {
            switch self {
            case .perspective: "perspective"
            case .cylinder(let radius): "cylinder r=\(radius)"
            case .radial(let k): k > 0 ? "barrel k=\(k)" : "pincushion k=\(k)"
            case .throughLens(let k, let scene): "\(scene) through a lens, k=\(k)"
            }
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        let id: String
        let version: Int
        let distortion: Distortion
        /// Pixels a module at the middle of the picture.
        let moduleSize: Double
        /// Whether the bottom-right alignment pattern (the one the cheap
        /// grids anchor on) is wiped out, with a module round it.
        var smudgesBottomRightAlignment = false
        /// Whether only the costlier grids (lattice or piecewise) read it:
        /// proves they are what reads such pictures.
        var needsCostlierGrid = false
        var description: String { id }
    }

    static let cases: [Case] = [
        Case(id: "v10-keystone", version: 10, distortion: .perspective([
            ImagePoint(x: -0.62, y: -0.78), ImagePoint(x: 0.95, y: -0.98), ImagePoint(x: 0.98, y: 0.96), ImagePoint(x: -0.66, y: 0.8),
        ]), moduleSize: 3),
        Case(id: "v30-keystone-smudged", version: 30, distortion: .perspective([
            ImagePoint(x: -0.55, y: -0.7), ImagePoint(x: 0.98, y: -0.98), ImagePoint(x: 0.98, y: 0.98), ImagePoint(x: -0.6, y: 0.72),
        ]), moduleSize: 3, smudgesBottomRightAlignment: true),
        Case(id: "v25-tilted-through-a-lens", version: 25, distortion: .throughLens(k: 0.05, .perspective([
            ImagePoint(x: -0.8, y: -0.9), ImagePoint(x: 0.92, y: -0.72), ImagePoint(x: 0.98, y: 0.98), ImagePoint(x: -0.95, y: 0.85),
        ])), moduleSize: 3, needsCostlierGrid: true),
        Case(id: "v15-bottle", version: 15, distortion: .cylinder(radius: 1.25), moduleSize: 3.5, needsCostlierGrid: true),
        Case(id: "v20-barrel", version: 20, distortion: .radial(k: 0.07), moduleSize: 3, needsCostlierGrid: true),
        Case(id: "v20-mild-barrel", version: 20, distortion: .radial(k: 0.04), moduleSize: 3, needsCostlierGrid: true),
        Case(id: "v15-pincushion", version: 15, distortion: .radial(k: -0.035), moduleSize: 3.5, needsCostlierGrid: true),
    ]

    /// A symbol of exactly `version` holding a text that names it.
    static func symbol(version: Int) throws -> (grid: ModuleGrid, payload: [UInt8]) {
        let payload = Array("distorted version \(version)".utf8)
        let chosen = try #require(QRVersion(rawValue: version))
        let symbol = try QREncoder.encode(segments: [QRSegment.bytes(payload)], level: .medium, versions: chosen...chosen)
        let size = symbol.modules.size
        let bits = (0..<size).flatMap { row in (0..<size).map { column in symbol.modules[column, row] } }
        return (try #require(ModuleGrid(size: size, bits: bits)), payload)
    }

    /// `grid` with a 4-module quiet zone, seen through `distortion`: each
    /// pixel is the mean of 3×3 samples, so edges are grey as in a photo.
    static func render(_ grid: ModuleGrid, moduleSize: Double, distortion: Distortion, smudged: Bool = false) -> LuminanceImage {
        // The bottom-right alignment pattern's centre is 7 modules in from
        // the far corner; it and a module round it turn light.
        let smudge = (grid.size - 10)...(grid.size - 4)
        let half = Double(grid.size) / 2 + 4
        let side = Int((2 * half + 6) * moduleSize)
        let pixelsPerUnit = half * moduleSize
        var pixels = [UInt8](repeating: 235, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                var sum = 0
                for sy in 0..<3 {
                    for sx in 0..<3 {
                        let picture = ImagePoint(x: (Double(x) + (Double(sx) + 0.5) / 3 - Double(side) / 2) / pixelsPerUnit,
                                                 y: (Double(y) + (Double(sy) + 0.5) / 3 - Double(side) / 2) / pixelsPerUnit)
                        var dark = false
                        if let paper = distortion.paper(at: picture) {
                            let column = Int(((paper.x + 1) * half - 4).rounded(.down))
                            let row = Int(((paper.y + 1) * half - 4).rounded(.down))
                            dark = (0..<grid.size).contains(row) && (0..<grid.size).contains(column) && grid[row, column]
                                && !(smudged && smudge.contains(row) && smudge.contains(column))
                        }
                        sum += dark ? 20 : 235
                    }
                }
                pixels[y * side + x] = UInt8(sum / 9)
            }
        }
        // The buffer is side × side by construction.
        return LuminanceImage(width: side, height: side, pixels: pixels)!
    }

    /// What `qr scan` reads from `image` and the kind of grid that read it.
    static func read(_ image: LuminanceImage) -> (payload: [UInt8], fit: GridFit)? {
        var result: (payload: [UInt8], fit: GridFit)?
        _ = QRDetector.detect(in: image) { candidate in
            let rows = (0..<candidate.grid.size).map { row in (0..<candidate.grid.size).map { candidate.grid[row, $0] } }
            guard let matrix = BitMatrix(rows: rows), let decoded = try? QRDecoder.decode(matrix) else { return false }
            result = (decoded.bytes, candidate.fit)
            return true
        }
        return result
    }

    @Test("rendered symbols read at every quarter turn", arguments: cases)
    func quarterTurns(_ testCase: Case) throws {
        let (grid, payload) = try Self.symbol(version: testCase.version)
        let image = Self.render(grid, moduleSize: testCase.moduleSize, distortion: testCase.distortion,
                                smudged: testCase.smudgesBottomRightAlignment)
        for quarters in 0..<4 {
            let read = Self.read(RotationInvarianceTests.rotated(image, quarters: quarters))
            let label = "\(testCase.id) (\(testCase.distortion)) at \(quarters * 90)°"
            #expect(read?.payload == payload, "\(label)")
            if testCase.needsCostlierGrid, let fit = read?.fit {
                #expect(fit == .lattice || fit == .piecewise, "\(label): read by a \(fit) grid")
            }
        }
    }

    /// The `distort-` fixtures of generate.sh: ImageMagick's barrel and
    /// pincushion distortion, paper wrapped round a cylinder (straight and
    /// tilted) and a smudged bottom-right alignment pattern under strong
    /// perspective. The payload is what the truth grid decodes to.
    @Test("ImageMagick-distorted fixtures read at every quarter turn",
          arguments: FixtureLoader.manifest.filter { $0.name.hasPrefix("distort-") })
    func fixtures(_ entry: FixtureLoader.Entry) throws {
        let image = try FixtureLoader.image(named: entry.name)
        let truth = try FixtureLoader.truth(named: entry.name)
        let rows = (0..<truth.size).map { row in (0..<truth.size).map { truth[row, $0] } }
        let expected = try QRDecoder.decode(try #require(BitMatrix(rows: rows))).bytes
        for quarters in 0..<4 {
            let read = Self.read(RotationInvarianceTests.rotated(image, quarters: quarters))
            #expect(read?.payload == expected, "\(entry.name) at \(quarters * 90)°")
            // Perspective alone, however strong, the cheap grids may read.
            if !entry.name.contains("perspective"), let fit = read?.fit {
                #expect(fit == .lattice || fit == .piecewise, "\(entry.name) at \(quarters * 90)°: read by a \(fit) grid")
            }
        }
    }

    @Test("the distorted fixtures are listed") func listed() {
        #expect(FixtureLoader.manifest.filter { $0.name.hasPrefix("distort-") }.count == 5)
    }
}
