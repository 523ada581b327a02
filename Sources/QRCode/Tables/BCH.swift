/// Polynomial division over GF(2), the core of the format and version information BCH codes.
enum BCH {
    /// The remainder of `value` divided by `generator`, a polynomial of degree `degree`.
    static func remainder(_ value: Int, generator: Int, degree: Int) -> Int {
        var rest = value
        var shift = rest.bitWidth - rest.leadingZeroBitCount - 1
        while shift >= degree {
            if rest >> shift & 1 == 1 { rest ^= generator << (shift - degree) }
            shift -= 1
        }
        return rest
    }
}
