/// The block structure of ISO/IEC 18004 Table 9, as data.
///
/// Each table holds four rows of 41 entries, one row a level in the order
/// of `ErrorCorrectionLevel.rawValue` (L, M, Q, H) and one entry a version
/// number; entry 0 is unused so the version number indexes directly, as in
/// the standard's layout. Entry `41 * level + version`.
enum ErrorCorrectionTable {
    /// Error correction codewords in each block.
    static let codewordsPerBlock: [UInt8] = [
        0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
        28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
        26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
        28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
        30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30
    ]

    /// Number of error correction blocks.
    static let blockCount: [UInt8] = [
        0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
        8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
        17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
        23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
        25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81
    ]
}

/// How a version's codewords split into Reed–Solomon blocks at one level.
///
/// The first `shortBlockCount` blocks carry one data codeword fewer than the rest.
struct BlockLayout: Equatable, Sendable {
    /// All codewords in the symbol, data and error correction.
    let totalCodewords: Int
    /// Error correction codewords in each block.
    let eccPerBlock: Int
    /// Number of blocks.
    let blockCount: Int

    init(version: QRVersion, level: ErrorCorrectionLevel) {
        totalCodewords = SymbolGeometry.rawDataModuleCount(version) / 8
        eccPerBlock = Int(ErrorCorrectionTable.codewordsPerBlock[41 * level.rawValue + version.rawValue])
        blockCount = Int(ErrorCorrectionTable.blockCount[41 * level.rawValue + version.rawValue])
    }

    /// Data codewords in the whole symbol.
    var dataCodewords: Int { totalCodewords - eccPerBlock * blockCount }
    /// Blocks carrying `shortDataLength` data codewords; the rest carry one more.
    var shortBlockCount: Int { blockCount - totalCodewords % blockCount }
    /// Data codewords in a short block.
    var shortDataLength: Int { totalCodewords / blockCount - eccPerBlock }

    /// Data codewords in block `index`.
    func dataLength(ofBlock index: Int) -> Int {
        shortDataLength + (index < shortBlockCount ? 0 : 1)
    }
}
