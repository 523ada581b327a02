extension QRVersion {
    /// Data bits the symbol holds at `level`.
    public func dataCapacityBits(level: ErrorCorrectionLevel) -> Int {
        BlockLayout(version: self, level: level).dataCodewords * 8
    }

    /// The most characters of `mode` one segment can carry at `level`
    /// (ISO/IEC 18004 Table 7, computed rather than copied); 0 for modes without characters.
    public func characterCapacity(_ mode: Mode, level: ErrorCorrectionLevel) -> Int {
        let countBits = mode.characterCountBits(self)
        guard countBits > 0 else { return 0 }
        let bits = dataCapacityBits(level: level) - 4 - countBits
        let characters: Int
        switch mode {
        case .numeric:
            let rest = bits % 10
            characters = bits / 10 * 3 + (rest >= 7 ? 2 : rest >= 4 ? 1 : 0)
        case .alphanumeric:
            characters = bits / 11 * 2 + (bits % 11 >= 6 ? 1 : 0)
        case .byte:
            characters = bits / 8
        default:
            characters = bits / 13
        }
        return Swift.min(characters, (1 << countBits) - 1)
    }
}
