/// Draws a symbol as a standalone SVG document.
public enum SVGRenderer {
    /// An SVG with a white background and one black `<path>` of the dark modules.
    ///
    /// The `viewBox` is in module units including the quiet zone; `width` and
    /// `height` are `moduleSize` pixels per module. Horizontal runs of dark
    /// modules become one rectangle each to keep the path short.
    public static func render(_ symbol: QRSymbol, quietZone: Int = 4, moduleSize: Int = 8) -> String {
        render(symbol.modules, quietZone: quietZone, moduleSize: moduleSize)
    }

    /// The module grid `modules` drawn like `render(_:quietZone:moduleSize:)` draws a symbol.
    public static func render(_ modules: BitMatrix, quietZone: Int = 4, moduleSize: Int = 8) -> String {
        precondition(quietZone >= 0 && moduleSize >= 1, "the quiet zone must be ≥ 0 and the module size ≥ 1")
        let side = modules.size + 2 * quietZone
        let pixels = side * moduleSize
        var path = ""
        for y in 0..<modules.size {
            var x = 0
            while x < modules.size {
                guard modules[x, y] else {
                    x += 1
                    continue
                }
                let start = x
                while x < modules.size, modules[x, y] { x += 1 }
                path += "M\(start + quietZone),\(y + quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(pixels)" height="\(pixels)" \
            viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">
            <rect width="100%" height="100%" fill="#FFFFFF"/>
            <path d="\(path)" fill="#000000"/>
            </svg>

            """
    }
}
