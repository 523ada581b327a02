import QRCode
import QRDetector

/// The QR decoder's two halves: any module grid decodes or fails with a
/// `QRDecodingError`; any small image gives candidates whose grids match
/// their version and decode or fail cleanly.
enum QRCheck {
    /// Grids of versions 1 to 6 keep one run fast; the format and version
    /// logic is the same for larger ones.
    static let versions = 6

    /// Byte 0 picks the version, byte 1 the mode, the rest are modules
    /// (grid mode, most significant bit first) or pixels (image mode,
    /// bytes 2 and 3 giving the size).
    static func check(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        if bytes[1] & 1 == 0 {
            decodeGrid(bytes)
        } else {
            detect(bytes)
        }
    }

    /// The grid-mode encoding of a symbol, for seeds.
    static func gridInput(_ symbol: QRSymbol) -> [UInt8] {
        var out: [UInt8] = [UInt8(symbol.version.rawValue - 1), 0]
        var byte: UInt8 = 0
        var count = 0
        for row in symbol.modules.rows {
            for dark in row {
                byte = byte << 1 | (dark ? 1 : 0)
                count += 1
                if count == 8 { out.append(byte); byte = 0; count = 0 }
            }
        }
        if count > 0 { out.append(byte << (8 - count)) }
        return out
    }

    private static func decodeGrid(_ bytes: [UInt8]) {
        let size = 17 + 4 * (1 + Int(bytes[0]) % versions)
        let payload = bytes.dropFirst(2)
        var rows: [[Bool]] = []
        for y in 0..<size {
            rows.append((0..<size).map { x in
                let bit = y * size + x
                let index = payload.startIndex + bit / 8
                guard index < payload.endIndex else { return false }
                return payload[index] >> (7 - UInt8(bit % 8)) & 1 == 1
            })
        }
        guard let grid = BitMatrix(rows: rows) else { violated(.qr, "a \(size)×\(size) grid was refused") }
        decode(grid)
    }

    private static func detect(_ bytes: [UInt8]) {
        guard bytes.count >= 4 else { return }
        let width = 21 + Int(bytes[2]) % 80
        let height = 21 + Int(bytes[3]) % 80
        let payload = Array(bytes.dropFirst(4))
        let pixels = (0..<(width * height)).map { payload.isEmpty ? 255 : payload[$0 % payload.count] }
        guard let image = LuminanceImage(width: width, height: height, pixels: pixels) else {
            violated(.qr, "a \(width)×\(height) image was refused")
        }
        let candidates = QRDetector.detect(in: image)
        if candidates.count > QRDetector.maximumSymbols * QRDetector.maximumCandidatesPerSymbol {
            violated(.qr, "\(candidates.count) candidates")
        }
        for candidate in candidates {
            guard candidate.grid.size == 17 + 4 * candidate.version else {
                violated(.qr, "a version \(candidate.version) candidate of size \(candidate.grid.size)")
            }
            let size = candidate.grid.size
            let rows = (0..<size).map { row in (0..<size).map { candidate.grid[row, $0] } }
            if let matrix = BitMatrix(rows: rows) { decode(matrix) }
        }
    }

    private static func decode(_ grid: BitMatrix) {
        guard let result = try? QRDecoder.decode(grid) else { return }
        if result.version.size != grid.size {
            violated(.qr, "a \(grid.size)-module grid decoded as version \(result.version)")
        }
    }
}
