/// Turns text, bytes or segments into a `QRSymbol` (ISO/IEC 18004 clause 7).
///
/// Every entry point chooses the smallest version that holds the data at the
/// requested level. With `boostLevel` the level is then raised as far as that
/// version still allows; pass `boostLevel: false` to get exactly `level`.
/// With `mask: nil` the mask with the lowest penalty is chosen.
public enum QREncoder {
    /// Encodes text with the fewest bits, mixing numeric, alphanumeric and byte
    /// (UTF-8) segments, plus kanji segments when `kanji` is true.
    ///
    /// Text whose byte segments hold non-ASCII UTF-8 starts with an ECI 26
    /// designator unless `utf8ECI` is false. Without it, readers must guess the
    /// character set: zbar 0.23 reads short UTF-8 such as "é", "日本" or "€5"
    /// as Shift JIS mojibake, while with ECI 26 it (like ZXing, iOS and
    /// Android cameras) reads them exactly; .ci/qrcode.sh checks both. ASCII
    /// text needs no designator, so none is written. Kanji segments are off by
    /// default because a reader then has to join Shift JIS and UTF-8 parts.
    public static func encode(
        text: String,
        level: ErrorCorrectionLevel = .medium,
        boostLevel: Bool = true,
        mask: Mask? = nil,
        kanji: Bool = false,
        utf8ECI: Bool = true
    ) throws(QREncodingError) -> QRSymbol {
        let utf8Designator = try QRSegment.eci(26)
        var neededBits = 0
        // Count indicator widths change at versions 10 and 27, and so may the best split.
        for group in 0..<3 {
            let first = [1, 10, 27][group]
            let last = [9, 26, 40][group]
            var segments = SegmentOptimizer.segments(for: text, version: QRVersion(uncheckedNumber: first), allowKanji: kanji)
            if utf8ECI, segments.contains(where: { $0.mode == .byte && $0.data.bytes.contains { $0 >= 0x80 } }) {
                segments.insert(utf8Designator, at: 0)
            }
            if let version = smallestVersion(for: segments, level: level, from: first, through: last) {
                return build(segments: segments, version: version, level: level, boostLevel: boostLevel, mask: mask)
            }
            neededBits = QRSegment.totalBits(segments, in: QRVersion(uncheckedNumber: last)) ?? Int.max
        }
        throw .dataTooLong(bits: neededBits, capacityBits: BlockLayout(version: .max, level: level).dataCodewords * 8)
    }

    /// Encodes arbitrary bytes as one byte-mode segment.
    public static func encode(
        bytes: [UInt8],
        level: ErrorCorrectionLevel = .medium,
        boostLevel: Bool = true,
        mask: Mask? = nil
    ) throws(QREncodingError) -> QRSymbol {
        try encode(segments: [QRSegment.bytes(bytes)], level: level, boostLevel: boostLevel, mask: mask)
    }

    /// Encodes the given segments in order, in the smallest version within `versions`.
    public static func encode(
        segments: [QRSegment],
        level: ErrorCorrectionLevel = .medium,
        boostLevel: Bool = true,
        versions: ClosedRange<QRVersion> = QRVersion.min...QRVersion.max,
        mask: Mask? = nil
    ) throws(QREncodingError) -> QRSymbol {
        guard let version = smallestVersion(for: segments, level: level,
                                            from: versions.lowerBound.rawValue, through: versions.upperBound.rawValue) else {
            throw .dataTooLong(
                bits: QRSegment.totalBits(segments, in: versions.upperBound) ?? Int.max,
                capacityBits: BlockLayout(version: versions.upperBound, level: level).dataCodewords * 8)
        }
        return build(segments: segments, version: version, level: level, boostLevel: boostLevel, mask: mask)
    }

    private static func smallestVersion(
        for segments: [QRSegment], level: ErrorCorrectionLevel, from first: Int, through last: Int
    ) -> QRVersion? {
        var number = first
        while number <= last {
            let version = QRVersion(uncheckedNumber: number)
            if let bits = QRSegment.totalBits(segments, in: version),
               bits <= BlockLayout(version: version, level: level).dataCodewords * 8 {
                return version
            }
            number += 1
        }
        return nil
    }

    private static func build(
        segments: [QRSegment], version: QRVersion, level: ErrorCorrectionLevel, boostLevel: Bool, mask: Mask?
    ) -> QRSymbol {
        var finalLevel = level
        if boostLevel, let bits = QRSegment.totalBits(segments, in: version) {
            for candidate in [ErrorCorrectionLevel.high, .quartile, .medium] where candidate > level {
                if bits <= BlockLayout(version: version, level: candidate).dataCodewords * 8 {
                    finalLevel = candidate
                    break
                }
            }
        }
        let layout = BlockLayout(version: version, level: finalLevel)
        let data = Codewords.data(for: segments, version: version, layout: layout)
        let codewords = Codewords.interleaved(data: data, layout: layout)
        return SymbolBuilder.symbol(codewords: codewords, version: version, level: finalLevel, mask: mask)
    }
}
