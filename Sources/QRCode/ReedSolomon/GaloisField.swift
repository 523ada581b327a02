/// Arithmetic in GF(256) with the QR Code field polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D).
///
/// Elements are bytes; addition is XOR. Multiplication goes through log and
/// antilog tables built once, with α = 2 as the primitive element.
enum GaloisField {
    /// The field polynomial, including the x^8 term.
    static let polynomial = 0x11D

    /// α^i for i in 0..<510, doubled so that sums of two logarithms need no reduction.
    static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for index in 0..<255 {
            table[index] = UInt8(value)
            table[index + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= polynomial }
        }
        return table
    }()

    /// log_α(x) for nonzero x; entry 0 is unused.
    static let log: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for index in 0..<255 { table[Int(exp[index])] = index }
        return table
    }()

    @inline(__always)
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exp[log[Int(a)] + log[Int(b)]]
    }

    /// a / b; `b` must be nonzero.
    static func divide(_ a: UInt8, _ b: UInt8) -> UInt8 {
        precondition(b != 0, "division by zero in GF(256)")
        if a == 0 { return 0 }
        return exp[(log[Int(a)] + 255 - log[Int(b)]) % 255]
    }

    /// α^power for any integer power.
    static func power(_ power: Int) -> UInt8 {
        exp[((power % 255) + 255) % 255]
    }

    /// 1 / a; `a` must be nonzero.
    static func inverse(_ a: UInt8) -> UInt8 { divide(1, a) }
}
