/// Version information (ISO/IEC 18004 7.10): the version number protected by a BCH(18,6) code.
enum VersionInformation {
    /// The generator polynomial x^12 + x^11 + x^10 + x^9 + x^8 + x^5 + x^2 + 1.
    static let generator = 0x1F25

    /// The 18-bit codeword for `version`; only versions 7 and up carry one.
    static func codeword(_ version: QRVersion) -> Int {
        let data = version.rawValue
        return data << 12 | BCH.remainder(data << 12, generator: generator, degree: 12)
    }

    /// The version whose codeword is nearest to `bits` if it differs in at most 3 bits.
    static func nearest(to bits: Int) -> (version: QRVersion, distance: Int)? {
        let candidates = QRVersion.all.filter { $0.rawValue >= 7 }
        guard let best = candidates.min(by: { (codeword($0) ^ bits).nonzeroBitCount < (codeword($1) ^ bits).nonzeroBitCount })
        else { return nil }
        let distance = (codeword(best) ^ bits).nonzeroBitCount
        return distance <= 3 ? (best, distance) : nil
    }
}
