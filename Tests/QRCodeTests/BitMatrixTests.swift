import Testing
@testable import QRCode

/// The packed storage behaves like the plain grid it stands for, including
/// across word boundaries (sizes 63, 64, 65 and a version 40 symbol).
struct BitMatrixTests {
    static func rows(size: Int, seed: Int) -> [[Bool]] {
        (0..<size).map { y in (0..<size).map { x in (x &* 2_654_435_761 ^ y &* 40503 ^ seed) & 4 != 0 } }
    }

    @Test("rows, transpose, inverse and equality", arguments: [0, 1, 21, 63, 64, 65, 177])
    func packed(_ size: Int) throws {
        let rows = Self.rows(size: size, seed: size)
        let matrix = try #require(BitMatrix(rows: rows))
        #expect(matrix.rows == rows)
        #expect(matrix.darkCount == rows.joined().filter { $0 }.count)
        let transposed = (0..<size).map { x in (0..<size).map { y in rows[y][x] } }
        #expect(matrix.transposed == BitMatrix(rows: transposed))
        #expect(matrix.transposed.transposed == matrix)
        // Inverting must leave the padding bits clear, or equal grids would differ.
        #expect(matrix.inverted == BitMatrix(rows: rows.map { $0.map { !$0 } }))
        #expect(matrix.inverted.inverted == matrix)
        var edited = matrix
        for index in stride(from: 0, to: size * size, by: 7) { edited[linear: index].toggle() }
        for index in 0..<(size * size) {
            #expect(edited[linear: index] == (rows[index / size][index % size] != (index % 7 == 0)))
        }
    }
}
