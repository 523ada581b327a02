/// The random, unguessable ID behind an account's QR code.
///
/// Twenty characters of Crockford base 32 in four groups
/// (`K7Q2M-9XHCV-3PD8R-TW6NA`, 100 bits): upper case, digits and hyphens
/// only, so the code stays in the QR alphanumeric mode and is easy to type.
public enum QRCodeID {
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    /// The text inside an account's QR code: this prefix and the ID.
    public static let payloadPrefix = "LIFESIGNAL:"

    public static func generate(_ random: RandomSource) -> String {
        var chars: [UInt8] = []
        for i in 0..<20 {
            if i > 0, i % 5 == 0 { chars.append(UInt8(ascii: "-")) }
            chars.append(alphabet[Int(random.uniform(below: 32))])
        }
        return String(decoding: chars, as: UTF8.self)
    }

    /// Normalises typed or pasted input (case, spaces, the payload prefix,
    /// Crockford's look-alikes O→0, I/L→1) and validates it; nil when the
    /// text cannot be an ID, so it never reaches a file path unchecked.
    public static func normalize(_ text: String) -> String? {
        var body = text.trimmingWhitespace().uppercased()
        if body.hasPrefix(payloadPrefix) { body.removeFirst(payloadPrefix.count) }
        var symbols: [UInt8] = []
        for byte in body.utf8 {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: " "): continue
            case UInt8(ascii: "O"): symbols.append(UInt8(ascii: "0"))
            case UInt8(ascii: "I"), UInt8(ascii: "L"): symbols.append(UInt8(ascii: "1"))
            default:
                guard alphabet.contains(byte) else { return nil }
                symbols.append(byte)
            }
        }
        guard symbols.count == 20 else { return nil }
        var out: [UInt8] = []
        for (i, symbol) in symbols.enumerated() {
            if i > 0, i % 5 == 0 { out.append(UInt8(ascii: "-")) }
            out.append(symbol)
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func payload(for id: String) -> String { payloadPrefix + id }
}
