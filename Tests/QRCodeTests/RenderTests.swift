import Testing
@testable import QRCode

struct RenderTests {
    static let texts = ["1", "HELLO WORLD 0123456789", String(repeating: "terminal ", count: 30)]
    static let symbols: [QRSymbol] = texts.compactMap { try? QREncoder.encode(text: $0) }

    /// Reads a half-block rendering back into modules; `ink` marks cells drawn with blocks.
    static func parseTerminal(_ text: String, side: Int) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let cells = Array(line)
            rows.append(cells.map { $0 == "█" || $0 == "▀" })
            rows.append(cells.map { $0 == "█" || $0 == "▄" })
        }
        return Array(rows.prefix(side))
    }

    @Test("terminal rendering maps back to the modules; default inks the light ones", arguments: texts, [0, 1, 4])
    func terminal(_ payload: String, quietZone: Int) throws {
        let symbol = try QREncoder.encode(text: payload)
        let side = symbol.size + 2 * quietZone
        for invert in [false, true] {
            let text = TerminalRenderer.render(symbol, quietZone: quietZone, invert: invert)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == (side + 1) / 2)
            #expect(lines.allSatisfy { $0.count == side })
            let ink = Self.parseTerminal(text, side: side)
            for y in 0..<side {
                for x in 0..<side {
                    let (mx, my) = (x - quietZone, y - quietZone)
                    let dark = mx >= 0 && my >= 0 && mx < symbol.size && my < symbol.size && symbol.modules[mx, my]
                    #expect(ink[y][x] == (invert ? dark : !dark))
                }
            }
            // Ink drawn on a dark background: the picture a phone sees is the ink pattern, inverted when `invert`.
            let inner = ink[quietZone..<(quietZone + symbol.size)].map { Array($0[quietZone..<(quietZone + symbol.size)]) }
            let picture = try #require(BitMatrix(rows: inner))
            let decoded = try QRDecoder.decode(picture)
            #expect(decoded.bytes == (try QRDecoder.decode(symbol.modules)).bytes)
            #expect(decoded.inverted == !invert)
        }
    }

    @Test("ANSI rendering wraps each line in black-background, white-text escapes")
    func ansi() throws {
        let symbol = try #require(Self.symbols.first)
        let lines = TerminalRenderer.render(symbol, ansiColors: true).split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[40;97m") && $0.hasSuffix("\u{1B}[0m") })
        let plain = TerminalRenderer.render(symbol).split(separator: "\n")
        #expect(zip(lines, plain).allSatisfy { $0.dropFirst(8).dropLast(4) == $1 })
    }

    @Test("SVG has a module-unit viewBox, crisp edges and a path covering the dark modules", arguments: texts)
    func svg(_ payload: String) throws {
        let symbol = try QREncoder.encode(text: payload)
        let svg = SVGRenderer.render(symbol, quietZone: 4, moduleSize: 5)
        let side = symbol.size + 8
        #expect(svg.contains("viewBox=\"0 0 \(side) \(side)\""))
        #expect(svg.contains("width=\"\(side * 5)\" height=\"\(side * 5)\""))
        #expect(svg.contains("shape-rendering=\"crispEdges\""))
        #expect(svg.contains("<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>"))
        #expect(svg.components(separatedBy: "<path").count == 2)
        // Replay the path's runs ("Mx,yhNv1h-Nz") onto an empty grid.
        var grid = BitMatrix(size: symbol.size)
        let path = try #require(svg.split(separator: "\"").first { $0.hasPrefix("M") })
        for run in path.split(separator: "z") {
            let numbers = run.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            try #require(numbers.count == 5)
            for x in numbers[0]..<(numbers[0] + numbers[2]) { grid[x - 4, numbers[1] - 4] = true }
        }
        #expect(grid == symbol.modules)
    }

    @Test("raster scales modules with the quiet zone and packs rows both ways", arguments: [1, 3])
    func raster(_ scale: Int) throws {
        let symbol = try #require(Self.symbols.first)
        let raster = RasterRenderer.render(symbol, quietZone: 2, scale: scale)
        let side = (symbol.size + 4) * scale
        #expect(raster.width == side && raster.height == side && raster.pixels.count == side * side)
        for y in 0..<side {
            for x in 0..<side {
                let (mx, my) = (x / scale - 2, y / scale - 2)
                let dark = mx >= 0 && my >= 0 && mx < symbol.size && my < symbol.size && symbol.modules[mx, my]
                #expect(raster.pixels[y * side + x] == dark)
            }
        }
        let stride = (side + 7) / 8
        let ones = raster.packedRows(darkIsOne: true)
        let zeros = raster.packedRows(darkIsOne: false)
        #expect(ones.count == stride * side && zeros.count == stride * side)
        let darkBits = ones.reduce(0) { $0 + $1.nonzeroBitCount }
        #expect(darkBits == symbol.modules.darkCount * scale * scale)
        #expect(zip(ones, zeros).allSatisfy { ($0 ^ $1) == 0xFF })
    }

    @Test("packed rendering equals packing the pixel raster", arguments: [(1, 0), (1, 4), (3, 2), (5, 4), (8, 4), (13, 1)])
    func packed(_ scale: Int, _ quietZone: Int) throws {
        for symbol in Self.symbols {
            let raster = RasterRenderer.render(symbol, quietZone: quietZone, scale: scale)
            for darkIsOne in [false, true] {
                let packed = RasterRenderer.packed(symbol, quietZone: quietZone, scale: scale, darkIsOne: darkIsOne)
                #expect(packed.width == raster.width && packed.height == raster.height)
                #expect(packed.rowBytes == (raster.width + 7) / 8)
                #expect(packed.bytes == raster.packedRows(darkIsOne: darkIsOne), "scale \(scale), quiet zone \(quietZone)")
            }
        }
    }

    @Test("a row prefix puts zero bytes before each packed row and changes nothing else",
          arguments: [(1, 0, 1), (3, 2, 1), (8, 4, 1), (5, 4, 3)])
    func rowPrefix(_ scale: Int, _ quietZone: Int, _ prefix: Int) throws {
        for symbol in Self.symbols {
            for darkIsOne in [false, true] {
                let plain = RasterRenderer.packed(symbol, quietZone: quietZone, scale: scale, darkIsOne: darkIsOne)
                let prefixed = RasterRenderer.packed(symbol, quietZone: quietZone, scale: scale, darkIsOne: darkIsOne, rowPrefix: prefix)
                #expect(prefixed.width == plain.width && prefixed.height == plain.height && prefixed.rowBytes == plain.rowBytes)
                #expect(prefixed.rowPrefix == prefix && plain.rowPrefix == 0)
                var expected: [UInt8] = []
                for y in 0..<plain.height {
                    expected += [UInt8](repeating: 0, count: prefix)
                    expected += plain.bytes[(y * plain.rowBytes)..<((y + 1) * plain.rowBytes)]
                }
                #expect(prefixed.bytes == expected, "scale \(scale), quiet zone \(quietZone), prefix \(prefix)")
            }
        }
    }

    @Test("shared types validate their ranges")
    func sharedTypes() {
        #expect(QRVersion(rawValue: 0) == nil && QRVersion(rawValue: 41) == nil && QRVersion(rawValue: 40)?.size == 177)
        #expect(QRVersion(size: 21)?.rawValue == 1 && QRVersion(size: 23) == nil)
        #expect(Mask(rawValue: 8) == nil && Mask(rawValue: 7)?.rawValue == 7)
        #expect(ErrorCorrectionLevel.allCases.map(\.formatBits) == [1, 0, 3, 2])
        #expect(ErrorCorrectionLevel(formatBits: 3) == .quartile)
        #expect(BitMatrix(rows: [[true], [false]]) == nil)
        #expect(BitMatrix(rows: [[true, false], [false, false]])?.transposed.rows == [[true, false], [false, false]])
        #expect(BitMatrix(rows: [[true, true], [false, false]])?.transposed.rows == [[true, false], [true, false]])
    }
}
