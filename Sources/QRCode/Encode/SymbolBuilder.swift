/// Lays codewords into a matrix and applies the best (or a fixed) mask.
enum SymbolBuilder {
    static func symbol(codewords: [UInt8], version: QRVersion, level: ErrorCorrectionLevel, mask: Mask?) -> QRSymbol {
        var unmasked = FunctionPatterns.base(version)
        let positions = ModulePlacement.dataPositions(version)
        for (bitIndex, position) in positions.enumerated() where bitIndex < codewords.count * 8 {
            unmasked[linear: position] = codewords[bitIndex >> 3] >> UInt8(7 - bitIndex & 7) & 1 == 1
        }
        let size = version.size
        let columns = positions.map { $0 % size }
        let rows = positions.map { $0 / size }
        func masked(_ mask: Mask) -> BitMatrix {
            var matrix = unmasked
            for index in positions.indices where mask.flips(x: columns[index], y: rows[index]) {
                matrix[linear: positions[index]].toggle()
            }
            FunctionPatterns.drawFormat(FormatInformation(level: level, mask: mask), into: &matrix)
            return matrix
        }
        if let mask {
            return QRSymbol(version: version, level: level, mask: mask, modules: masked(mask))
        }
        var best: (mask: Mask, matrix: BitMatrix, penalty: Int)?
        for candidate in Mask.all {
            let matrix = masked(candidate)
            let penalty = MaskPenalty.score(matrix)
            if best.map({ penalty < $0.penalty }) ?? true { best = (candidate, matrix, penalty) }
        }
        guard let best else { preconditionFailure("Mask.all is never empty") }
        return QRSymbol(version: version, level: level, mask: best.mask, modules: best.matrix)
    }
}
