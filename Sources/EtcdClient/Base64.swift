/// Base64 as RFC 4648 §4 defines it (the standard alphabet, with padding),
/// which is how etcd's gateway writes keys and values.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The value of each alphabet byte; 0xff for bytes outside it.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    /// Appends the encoding of `bytes` to `output`.
    public static func encode(_ bytes: some Collection<UInt8>, into output: inout [UInt8]) {
        output.reserveCapacity(output.count + (bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            output.append(alphabet[Int(group >> 18 & 0x3f)])
            output.append(alphabet[Int(group >> 12 & 0x3f)])
            output.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 0x3f)])
            output.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 0x3f)])
        }
    }

    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        encode(bytes, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes, or nil unless it is canonical base64: only
    /// the alphabet, a length that is a multiple of four, padding only at the
    /// end, and zero bits where padding leaves bits over.
    public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3)
        var quad: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        var index = 0
        let total = text.count
        var position = 0
        for byte in text {
            position += 1
            let isPad = byte == UInt8(ascii: "=")
            // Padding only in the last two places of the last group.
            if isPad, position <= total - 2 { return nil }
            let value: UInt8 = isPad ? 0x40 : values[Int(byte)]
            if value == 0xff { return nil }
            switch index {
            case 0: quad.0 = value
            case 1: quad.1 = value
            case 2: quad.2 = value
            default: quad.3 = value
            }
            index += 1
            guard index == 4 else { continue }
            index = 0
            guard quad.0 < 64, quad.1 < 64 else { return nil }
            output.append(quad.0 << 2 | quad.1 >> 4)
            if quad.2 == 0x40 {
                guard quad.3 == 0x40, quad.1 & 0x0f == 0 else { return nil }
            } else {
                output.append(quad.1 << 4 | quad.2 >> 2)
                if quad.3 == 0x40 {
                    guard quad.2 & 0x03 == 0 else { return nil }
                } else {
                    output.append(quad.2 << 6 | quad.3)
                }
            }
        }
        return output
    }
}
