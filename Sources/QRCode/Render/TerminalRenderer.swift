/// Draws a symbol with Unicode half blocks, two module rows per line of text.
///
/// A phone needs dark modules on a light background. Most terminals draw
/// light text on a dark background, so by default the *light* modules and
/// the quiet zone are drawn as blocks in the text colour and the dark modules
/// are left as background: dark-on-light on a dark terminal. On a light
/// terminal that gives a light-on-dark (inverted) code, which common phone
/// scanners and `QRDecoder` still read. `invert: true` draws the dark modules
/// instead, for light terminals. `ansiColors: true` forces white blocks on a
/// black background with ANSI escapes, which is dark-on-light on any colour terminal.
public enum TerminalRenderer {
    /// The symbol as lines of ▀ ▄ █ and spaces joined by "\n", with a trailing newline.
    ///
    /// Spaces are part of the picture, including at line ends; do not trim them.
    public static func render(
        _ symbol: QRSymbol, quietZone: Int = 4, invert: Bool = false, ansiColors: Bool = false
    ) -> String {
        render(symbol.modules, quietZone: quietZone, invert: invert, ansiColors: ansiColors)
    }

    /// The module grid `modules` drawn like `render(_:quietZone:invert:ansiColors:)` draws a symbol.
    public static func render(
        _ modules: BitMatrix, quietZone: Int = 4, invert: Bool = false, ansiColors: Bool = false
    ) -> String {
        precondition(quietZone >= 0, "a quiet zone cannot be negative")
        let side = modules.size + 2 * quietZone
        // Ink is what gets a block: light modules by default, dark ones when inverted.
        func ink(_ x: Int, _ y: Int) -> Bool {
            guard y < side else { return false }
            let (mx, my) = (x - quietZone, y - quietZone)
            let dark = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules[mx, my]
            return dark == invert
        }
        var output = ""
        for top in stride(from: 0, to: side, by: 2) {
            if ansiColors { output += "\u{1B}[40;97m" }
            for x in 0..<side {
                switch (ink(x, top), ink(x, top + 1)) {
                case (true, true): output += "█"
                case (true, false): output += "▀"
                case (false, true): output += "▄"
                case (false, false): output += " "
                }
            }
            if ansiColors { output += "\u{1B}[0m" }
            output += "\n"
        }
        return output
    }
}
