import Testing
@testable import QRDetector

@Suite("Version information (ISO/IEC 18004, Annex D)")
struct VersionInformationTests {
    /// Codewords listed in Table D.1 of the standard.
    @Test("encodes the table values", arguments: [
        (7, 0x07C94), (8, 0x085BC), (9, 0x09A99), (10, 0x0A4D3), (20, 0x149A6),
        (27, 0x1B08E), (32, 0x209D5), (39, 0x27541), (40, 0x28C69),
    ])
    func encodes(_ version: Int, _ codeword: Int) {
        #expect(VersionInformation.encode(version) == codeword)
    }

    @Test("keeps 34 codewords at distance 8 or more")
    func distance() {
        let codewords = VersionInformation.codewords
        #expect(codewords.count == 34)
        for (i, a) in codewords.enumerated() {
            for b in codewords[(i + 1)...] { #expect((a ^ b).nonzeroBitCount >= 8) }
        }
    }

    @Test("corrects up to three bit errors, refuses more", arguments: [
        ("clean", 0, 0), ("one", 0b1, 1), ("three spread", 0b1000_0000_0100_0001, 3), ("four", 0b1111, nil as Int?),
    ])
    func corrects(_ id: String, _ flips: Int, _ expectedErrors: Int?) {
        let decoded = VersionInformation.decode(VersionInformation.encode(21) ^ flips)
        if let expectedErrors {
            #expect(decoded?.version == 21, "\(id)")
            #expect(decoded?.errors == expectedErrors, "\(id)")
        } else {
            #expect(decoded == nil || decoded?.version != 21, "\(id)")
        }
    }

    @Test("reads both blocks from a grid and prefers the cleaner one")
    func readsBlocks() throws {
        let truth = try FixtureLoader.truth(named: "clean-v10")
        #expect(VersionInformation.read(size: truth.size) { truth[$0, $1] }?.version == 10)
        var damaged = truth
        for bit in 0..<5 { damaged[bit / 3, truth.size - 11 + bit % 3].toggle() }
        #expect(VersionInformation.read(size: damaged.size) { damaged[$0, $1] }?.version == 10)
        #expect(VersionInformation.read(size: 41) { _, _ in true } == nil)
    }
}

@Suite("Symbol layout")
struct SymbolLayoutTests {
    /// Alignment pattern centres from Annex E of the standard.
    @Test("alignment centres", arguments: [
        (1, [Int]()), (2, [6, 18]), (6, [6, 34]), (7, [6, 22, 38]), (14, [6, 26, 46, 66]),
        (22, [6, 26, 50, 74, 98]), (32, [6, 34, 60, 86, 112, 138]), (36, [6, 24, 50, 76, 102, 128, 154]),
        (40, [6, 30, 58, 86, 114, 142, 170]),
    ])
    func alignmentCenters(_ version: Int, _ centers: [Int]) {
        #expect(SymbolLayout.alignmentCenters(version: version) == centers)
    }

    @Test("fixed modules agree with real symbols", arguments: ["clean-v1", "clean-v7", "clean-v20", "clean-v40"])
    func knownModulesMatch(_ name: String) throws {
        let truth = try FixtureLoader.truth(named: name)
        #expect(GridSampler.mismatchOfGrid(truth) == 0)
    }
}

@Suite("Geometry and thresholds")
struct GeometryTests {
    @Test("a homography maps its four anchors and keeps straight lines straight")
    func perspective() throws {
        let source = [ImagePoint(x: 0, y: 0), ImagePoint(x: 10, y: 0), ImagePoint(x: 10, y: 10), ImagePoint(x: 0, y: 10)]
        let destination = [ImagePoint(x: 5, y: 3), ImagePoint(x: 90, y: 12), ImagePoint(x: 80, y: 70), ImagePoint(x: 2, y: 95)]
        let transform = try #require(PerspectiveTransform(from: source, to: destination))
        for (from, to) in zip(source, destination) {
            #expect(transform.apply(from).distance(to: to) < 1e-9)
        }
        let a = transform.apply(ImagePoint(x: 0, y: 5))
        let b = transform.apply(ImagePoint(x: 5, y: 5))
        let c = transform.apply(ImagePoint(x: 10, y: 5))
        #expect(abs((b - a).cross(c - a)) < 1e-6)
        #expect(PerspectiveTransform(from: source, to: Array(repeating: ImagePoint(x: 1, y: 1), count: 4)) == nil)
    }

    @Test("finder run ratios", arguments: [
        ("exact", [2, 2, 6, 2, 2], true), ("scaled", [10, 10, 30, 10, 10], true),
        ("jittered", [9, 12, 29, 11, 8], true), ("alignment rings", [3, 3, 3, 3, 3], false),
        ("fat core", [2, 2, 12, 2, 2], false), ("empty run", [4, 0, 12, 4, 4], false),
    ])
    func finderRatios(_ id: String, _ counts: [Int], _ expected: Bool) {
        #expect(RunPattern.isFinder(counts) == expected, "\(id)")
    }

    @Test("Otsu splits a bimodal histogram between its modes")
    func otsu() throws {
        let pixels = (0..<1000).map { $0 % 3 == 0 ? UInt8(40) : UInt8(200) }
        let image = try #require(LuminanceImage(width: 100, height: 10, pixels: pixels))
        let threshold = Binarization.otsuThreshold(image)
        #expect(threshold > 40 && threshold <= 200)
    }

    @Test("images reject mismatched buffers")
    func imageValidation() {
        #expect(LuminanceImage(width: 2, height: 2, pixels: [0, 0, 0]) == nil)
        #expect(LuminanceImage(width: -1, height: -1, pixels: [0]) == nil)
        #expect(LuminanceImage(width: Int.max, height: 2, pixels: []) == nil)
        #expect(LuminanceImage(width: 0, height: 0, pixels: []) != nil)
    }

    @Test("grids: version from size, transposition")
    func grids() throws {
        var grid = ModuleGrid(size: 21)
        grid[0, 5] = true
        #expect(grid.version == 1)
        #expect(grid.transposed[5, 0])
        #expect(grid.transposed.transposed == grid)
        #expect(ModuleGrid(size: 22).version == nil)
        #expect(ModuleGrid(size: 3, bits: [true]) == nil)
    }

    @Test("quadrilateral containment")
    func containment() {
        let quad = Quadrilateral(topLeft: ImagePoint(x: 0, y: 0), topRight: ImagePoint(x: 10, y: 1),
                                 bottomRight: ImagePoint(x: 9, y: 9), bottomLeft: ImagePoint(x: 1, y: 10))
        #expect(quad.contains(ImagePoint(x: 5, y: 5)))
        #expect(!quad.contains(ImagePoint(x: 11, y: 5)))
    }
}
