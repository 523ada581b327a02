/// Base64 as RFC 4648 §4 defines it (the standard alphabet, with padding),
/// which is how etcd's gateway writes keys and values.
///
/// Both directions work on contiguous buffers with the tables in hand:
/// values are most of what crosses the wire, so this is the client's
/// hottest loop, and a byte-at-a-time version cost several times as much.
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
        if let done: Void = bytes.withContiguousStorageIfAvailable({ encode($0, into: &output) }) { return done }
        Array(bytes).withUnsafeBufferPointer { encode($0, into: &output) }
    }

    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        encode(bytes, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func encode(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        guard let source = input.baseAddress else { return }
        let count = (input.count + 2) / 3 * 4
        let start = output.count
        output.append(contentsOf: repeatElement(UInt8(ascii: "="), count: count))
        alphabet.withUnsafeBufferPointer { table in
            output.withUnsafeMutableBufferPointer { out in
                // Both buffers are non-empty here: the input has bytes, so the output has room.
                guard let symbols = table.baseAddress, let base = out.baseAddress else { return }
                var p = source
                var q = base + start
                let wholeEnd = source + input.count / 3 * 3
                while p < wholeEnd {
                    let group = UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
                    q[0] = symbols[Int(group >> 18)]
                    q[1] = symbols[Int(group >> 12 & 0x3f)]
                    q[2] = symbols[Int(group >> 6 & 0x3f)]
                    q[3] = symbols[Int(group & 0x3f)]
                    p += 3
                    q += 4
                }
                let left = input.count % 3
                if left > 0 {
                    // One or two bytes over: two or three characters, the rest stays padding.
                    let group = UInt32(p[0]) << 16 | (left == 2 ? UInt32(p[1]) << 8 : 0)
                    q[0] = symbols[Int(group >> 18)]
                    q[1] = symbols[Int(group >> 12 & 0x3f)]
                    if left == 2 { q[2] = symbols[Int(group >> 6 & 0x3f)] }
                }
            }
        }
    }

    /// The bytes `text` encodes, or nil unless it is canonical base64: only
    /// the alphabet, a length that is a multiple of four, padding only at the
    /// end, and zero bits where padding leaves bits over.
    public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        if let decoded = text.withContiguousStorageIfAvailable(decode) { return decoded }
        return Array(text).withUnsafeBufferPointer(decode)
    }

    private static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard input.count % 4 == 0 else { return nil }
        guard !input.isEmpty else { return [] }
        let equals = UInt8(ascii: "=")
        let padding = input[input.count - 1] != equals ? 0 : input[input.count - 2] != equals ? 1 : 2
        var valid = true
        let decoded = values.withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: input.count / 4 * 3) { out, initialized in
                var i = 0
                var o = 0
                let whole = input.count - (padding > 0 ? 4 : 0)
                while i < whole {
                    let a = table[Int(input[i])], b = table[Int(input[i + 1])]
                    let c = table[Int(input[i + 2])], d = table[Int(input[i + 3])]
                    // 0xff marks a byte outside the alphabet (padding included).
                    guard (a | b | c | d) & 0xc0 == 0 else {
                        valid = false
                        break
                    }
                    out[o] = a << 2 | b >> 4
                    out[o + 1] = b << 4 | c >> 2
                    out[o + 2] = c << 6 | d
                    i += 4
                    o += 3
                }
                if valid, padding > 0 {
                    let a = table[Int(input[i])], b = table[Int(input[i + 1])]
                    let c = padding == 1 ? table[Int(input[i + 2])] : 0
                    // The bits the padding leaves over must be zero.
                    let spare = padding == 1 ? c & 0x03 : b & 0x0f
                    if (a | b | c) & 0xc0 != 0 || spare != 0 {
                        valid = false
                    } else {
                        out[o] = a << 2 | b >> 4
                        o += 1
                        if padding == 1 {
                            out[o] = b << 4 | c >> 2
                            o += 1
                        }
                    }
                }
                initialized = valid ? o : 0
            }
        }
        return valid ? decoded : nil
    }
}
