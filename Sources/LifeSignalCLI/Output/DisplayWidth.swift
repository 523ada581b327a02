/// How many terminal columns text takes: wide (CJK, emoji) characters take
/// two, combining marks and other invisible ones none, ANSI colour
/// sequences none.
///
/// A grapheme cluster (what the reader sees as one character) is measured
/// by its first code point, except that an emoji presentation selector
/// (U+FE0F) or a regional-indicator pair (a flag) makes it two columns, as
/// terminals draw them. The tables come from the Unicode data
/// (`UnicodeWidthTables.swift`, generated and checked by a test).
enum DisplayWidth {
    /// Columns taken by `text`; escape sequences (`ESC [ … m`) count nothing.
    static func of(_ text: some StringProtocol) -> Int {
        // Most cells are plain ASCII: one column a byte, no grapheme breaking.
        let bytes = text.utf8
        let isPrintableASCII = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F }
        let plain = bytes.withContiguousStorageIfAvailable { $0.allSatisfy(isPrintableASCII) }
            ?? bytes.allSatisfy(isPrintableASCII)
        if plain { return bytes.count }
        var total = 0
        var inEscape = false
        for character in text {
            let scalars = character.unicodeScalars
            guard let first = scalars.first else { continue }
            if inEscape {
                // CSI sequences end with a letter; colour codes with `m`.
                if first.properties.isAlphabetic || first == "~" { inEscape = false }
                continue
            }
            if first == "\u{1B}" {
                inEscape = true
                continue
            }
            total += of(cluster: scalars)
        }
        return total
    }

    /// Columns taken by one grapheme cluster.
    static func of(cluster scalars: Character.UnicodeScalarView) -> Int {
        guard let first = scalars.first else { return 0 }
        if isRegionalIndicator(first) { return 2 }
        let base = of(scalar: first)
        if base == 1, scalars.contains("\u{FE0F}") { return 2 }
        if base == 0 {
            // A cluster that starts with a mark (nothing to sit on) is drawn
            // by what follows, if anything.
            return scalars.dropFirst().map(of(scalar:)).max() ?? 0
        }
        return base
    }

    /// Columns taken by one code point on its own: 0, 1 or 2.
    static func of(scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        if UnicodeWidthTables.contains(UnicodeWidthTables.zeroWidth, value) { return 0 }
        if UnicodeWidthTables.contains(UnicodeWidthTables.wide, value) { return 2 }
        return 1
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}

extension UnicodeWidthTables {
    /// Whether `value` lies in one of the sorted, disjoint `[first, last]`
    /// pairs of `ranges` (binary search).
    static func contains(_ ranges: [UInt32], _ value: UInt32) -> Bool {
        var low = 0, high = ranges.count / 2
        while low < high {
            let middle = (low + high) / 2
            if value < ranges[middle * 2] {
                high = middle
            } else if value > ranges[middle * 2 + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
