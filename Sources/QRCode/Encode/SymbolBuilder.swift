/// Lays codewords into a matrix and applies the best (or a fixed) mask.
///
/// Works on packed lines throughout: the codewords are placed once into
/// packed rows (and the same bits into packed columns), each mask is
/// applied a word at a time from `MaskPatterns`, and `MaskPenalty` scores
/// the rows and columns as bit sets, so choosing among the eight masks
/// never touches single modules.
enum SymbolBuilder {
    static func symbol(codewords: [UInt8], version: QRVersion, level: ErrorCorrectionLevel, mask: Mask?) -> QRSymbol {
        let placed = Placement(codewords: codewords, version: version)
        if let mask {
            return QRSymbol(version: version, level: level, mask: mask,
                            modules: BitMatrix(size: version.size, packedRows: placed.rows(masked: mask, level: level)))
        }
        var best: (mask: Mask, penalty: Int)?
        let columns = placed.columnsForScoring()
        for candidate in Mask.all {
            let penalty = MaskPenalty.score(rows: placed.rows(masked: candidate, level: level),
                                            columns: columns.masked(candidate, level: level), size: version.size,
                                            limit: best?.penalty ?? .max)
            if best.map({ penalty < $0.penalty }) ?? true { best = (candidate, penalty) }
        }
        guard let best else { preconditionFailure("Mask.all is never empty") }
        return QRSymbol(version: version, level: level, mask: best.mask,
                        modules: BitMatrix(size: version.size, packedRows: placed.rows(masked: best.mask, level: level)))
    }

    /// The unmasked symbol as packed lines, with which modules carry data.
    private struct Placement {
        let size: Int
        let stride: Int
        /// Function patterns and codeword bits, before masking.
        let rows: [UInt64]
        /// Set where a module holds data (the mask applies there).
        let dataRows: [UInt64]

        init(codewords: [UInt8], version: QRVersion) {
            size = version.size
            stride = (size + 63) >> 6
            var rows = FunctionPatterns.base(version).packedRows
            let function = SymbolGeometry.functionModules(version).packedRows
            var dataRows = [UInt64](repeating: 0, count: rows.count)
            let size = size
            let stride = stride
            let bitCount = codewords.count * 8
            codewords.withUnsafeBufferPointer { codewords in
                function.withUnsafeBufferPointer { function in
                    rows.withUnsafeMutableBufferPointer { rows in
                        dataRows.withUnsafeMutableBufferPointer { dataRows in
                            var bitIndex = 0
                            ModulePlacement.forEachDataModule(size: size, isFunction: { x, y in
                                function[y * stride + x >> 6] & 1 << UInt64(x & 63) != 0
                            }) { x, y in
                                let word = y * stride + x >> 6
                                let bit: UInt64 = 1 << UInt64(x & 63)
                                dataRows[word] |= bit
                                if bitIndex < bitCount, codewords[bitIndex >> 3] << UInt8(bitIndex & 7) & 0x80 != 0 {
                                    rows[word] |= bit
                                }
                                bitIndex += 1
                            }
                        }
                    }
                }
            }
            self.rows = rows
            self.dataRows = dataRows
        }

        /// The rows with `mask` applied and the format information drawn.
        func rows(masked mask: Mask, level: ErrorCorrectionLevel) -> [UInt64] {
            // Built fresh rather than copied and modified: no copy-on-write.
            var result = [UInt64](unsafeUninitializedCapacity: rows.count) { result, initialized in
                for y in 0..<size {
                    for word in 0..<stride {
                        let index = y * stride + word
                        result[index] = rows[index] ^ MaskPatterns.rowWord(mask, row: y, word: word) & dataRows[index]
                    }
                }
                initialized = rows.count
            }
            ModulePlacement.forEachFormatModule(size: size, codeword: FormatInformation(level: level, mask: mask).codeword) {
                x, y, dark in if dark { result[y * stride + x >> 6] |= 1 << UInt64(x & 63) }
            }
            return result
        }

        /// The same symbol by columns (bit `y` of column `x`), for scoring.
        func columnsForScoring() -> Columns {
            Columns(size: size, columns: BitMatrix.transpose(rows, size: size),
                    dataColumns: BitMatrix.transpose(dataRows, size: size))
        }
    }

    /// The unmasked symbol by columns.
    private struct Columns {
        let size: Int
        let columns: [UInt64]
        let dataColumns: [UInt64]

        /// The columns with `mask` applied and the format information drawn.
        func masked(_ mask: Mask, level: ErrorCorrectionLevel) -> [UInt64] {
            let stride = (size + 63) >> 6
            var result = [UInt64](unsafeUninitializedCapacity: columns.count) { result, initialized in
                for x in 0..<size {
                    for word in 0..<stride {
                        let index = x * stride + word
                        result[index] = columns[index] ^ MaskPatterns.columnWord(mask, column: x, word: word) & dataColumns[index]
                    }
                }
                initialized = columns.count
            }
            ModulePlacement.forEachFormatModule(size: size, codeword: FormatInformation(level: level, mask: mask).codeword) {
                x, y, dark in if dark { result[x * stride + y >> 6] |= 1 << UInt64(y & 63) }
            }
            return result
        }
    }
}
