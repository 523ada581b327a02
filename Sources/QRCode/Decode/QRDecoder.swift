/// Decodes a module grid (dark = true, no quiet zone) into its content.
///
/// The grid comes from a detector or straight from `QRSymbol.modules`. When
/// it does not decode as given, the decoder tries it transposed (a mirrored
/// symbol), inverted (light-on-dark, as terminal output on a light theme
/// shows), and both, and reports the error of the grid as given if none works.
/// `DecodedQR.text` documents which character sets are applied.
public enum QRDecoder {
    /// Decodes `grid`, trying mirrored and inverted readings when it fails as given.
    public static func decode(_ grid: BitMatrix) throws(QRDecodingError) -> DecodedQR {
        let firstError: QRDecodingError
        do {
            return try decodeExactly(grid)
        } catch {
            firstError = error
        }
        let alternatives = [(grid.transposed, true, false), (grid.inverted, false, true), (grid.inverted.transposed, true, true)]
        for (candidate, mirrored, inverted) in alternatives {
            if var result = try? decodeExactly(candidate) {
                result.mirrored = mirrored
                result.inverted = inverted
                return result
            }
        }
        throw firstError
    }

    /// Decodes `grid` exactly as given, without trying other orientations.
    public static func decodeExactly(_ grid: BitMatrix) throws(QRDecodingError) -> DecodedQR {
        guard QRVersion(size: grid.size) != nil else { throw .invalidSize(grid.size) }
        let formats = SymbolReader.formatCandidates(grid)
        guard let best = formats.first else { throw .formatInformationUnreadable }
        let version = try SymbolReader.version(grid)
        do {
            return try decode(grid, version: version, format: best)
        } catch {
            guard formats.count > 1, let second = try? decode(grid, version: version, format: formats[1]) else { throw error }
            return second
        }
    }

    private static func decode(_ grid: BitMatrix, version: QRVersion, format: FormatInformation) throws(QRDecodingError) -> DecodedQR {
        let layout = BlockLayout(version: version, level: format.level)
        let codewords = SymbolReader.codewords(grid, version: version, mask: format.mask)
        var data: [UInt8] = []
        data.reserveCapacity(layout.dataCodewords)
        var corrected = 0
        for (index, var block) in Codewords.deinterleaved(codewords, layout: layout).enumerated() {
            do {
                corrected += try ReedSolomonDecoder.correct(&block, eccCount: layout.eccPerBlock)
            } catch {
                throw .tooDamaged(block: index)
            }
            data += block.prefix(layout.dataLength(ofBlock: index))
        }
        var parser = BitstreamParser(data: data, version: version)
        let content = try parser.parse()
        return DecodedQR(
            bytes: content.bytes, text: content.text, segments: content.segments,
            eciAssignments: content.eciAssignments, structuredAppend: content.structuredAppend,
            fnc1: content.fnc1, version: version, level: format.level, mask: format.mask,
            correctedErrors: corrected, mirrored: false, inverted: false)
    }
}
