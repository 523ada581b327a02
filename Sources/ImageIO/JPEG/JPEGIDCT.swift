#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The 8 × 8 inverse DCT of T.81 A.3.3, in fixed point, with the level
/// shift and clamping to 0...255.
///
/// Separable: each row of coefficients becomes eight values, then each
/// column of those becomes eight samples. Rows of zero coefficients, which
/// are most of them in a photograph, are skipped in both passes.
enum JPEGIDCT {
    /// Fraction bits of the cosine table.
    private static let precision = 13

    /// `table[8 x + u]` = round(2¹³ · ½ · C(u) · cos((2x + 1) u π / 16)),
    /// C(0) = 1/√2, else 1: one pass of the 1-D transform.
    private static let table: [Int] = (0..<64).map { index in
        let x = Double(index / 8)
        let u = Double(index % 8)
        let scale = u == 0 ? 0.5.squareRoot() * 0.5 : 0.5
        return Int((Double(1 << precision) * scale * cos((2 * x + 1) * u * Double.pi / 16)).rounded())
    }

    /// The zig-zag order: `zigZag[k]` is the natural (row-major) index of
    /// the k-th coefficient in the data. Sixteen extra entries point past
    /// the block so that corrupt run lengths land somewhere harmless.
    static let zigZag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ] + [Int](repeating: 64, count: 16)

    /// Transforms `block` (64 dequantized coefficients, natural order) and
    /// writes the samples that fall inside a `width` × `height` plane at
    /// (`x0`, `y0`).
    static func transform(_ block: UnsafePointer<Int32>, into plane: UnsafeMutablePointer<UInt8>,
                          width: Int, height: Int, x0: Int, y0: Int) {
        let columns = min(8, width - x0)
        let rows = min(8, height - y0)
        guard columns > 0, rows > 0 else { return }
        // Which coefficient rows have any value; a block with only DC is flat.
        var nonzeroRows = 0
        for v in 0..<8 {
            var any: Int32 = 0
            for u in 0..<8 { any |= block[8 * v + u] }
            if any != 0 { nonzeroRows |= 1 << v }
        }
        if nonzeroRows & ~1 == 0 && (1..<8).allSatisfy({ block[$0] == 0 }) {
            // f = F(0,0) / 8, rounded, level-shifted.
            let value = clamp((Int(block[0]) + 4 + 1024) >> 3)
            for y in 0..<rows { (plane + (y0 + y) * width + x0).update(repeating: value, count: columns) }
            return
        }
        table.withUnsafeBufferPointer { cosines in
            // Pass 1: each coefficient row v becomes G[v][x] (scaled 2¹³).
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { g in
                for v in 0..<8 where nonzeroRows >> v & 1 == 1 {
                    for x in 0..<8 {
                        var sum = 0
                        for u in 0..<8 { sum += cosines[8 * x + u] * Int(block[8 * v + u]) }
                        g[8 * v + x] = sum
                    }
                }
                // Pass 2: each column x becomes samples f(y, x) (scaled 2²⁶).
                let rounding = 1 << (2 * precision - 1)
                let shift = 128 << (2 * precision)
                for y in 0..<rows {
                    let target = plane + (y0 + y) * width + x0
                    for x in 0..<columns {
                        var sum = shift + rounding
                        for v in 0..<8 where nonzeroRows >> v & 1 == 1 { sum += cosines[8 * y + v] * g[8 * v + x] }
                        target[x] = clamp(sum >> (2 * precision))
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func clamp(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: min(255, max(0, value)))
    }
}
