/// Phone numbers in E.164 form (`+15551234567`).
public enum PhoneNumber {
    /// Normalises `text` to E.164: a leading `+` (or `00`) and 8 to 15
    /// digits, the first not 0; spaces, dashes, dots and parentheses are
    /// dropped. Returns nil for anything else.
    public static func normalize(_ text: String) -> String? {
        var digits: [UInt8] = []
        var sawPlus = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "+"):
                guard !sawPlus, digits.isEmpty else { return nil }
                sawPlus = true
            case 48...57:
                digits.append(byte)
            case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"):
                continue
            default:
                return nil
            }
        }
        if !sawPlus {
            guard digits.count > 2, digits[0] == 48, digits[1] == 48 else { return nil }
            digits.removeFirst(2)
        }
        guard (8...15).contains(digits.count), digits[0] != 48 else { return nil }
        return "+" + String(decoding: digits, as: UTF8.self)
    }

    /// The E.164 numbers `text` may mean when someone looks a person up: the
    /// number as `normalize` reads it, or, for bare digits without `+` or
    /// `00` (`15551234567`), those digits as an international number. Empty
    /// when it cannot be a phone number at all.
    public static func candidates(_ text: String) -> [String] {
        var result: [String] = []
        if let number = normalize(text) { result.append(number) }
        let bare = text.utf8.allSatisfy { (48...57).contains($0) || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-")
            || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }
        if bare, let number = normalize("+" + text), !result.contains(number) { result.append(number) }
        return result
    }

    /// The error for a number that does not normalise.
    public static func invalid(_ text: String) -> LifeSignalError {
        .invalid("\(quoted(text)) is not a phone number in international form, e.g. +15551234567")
    }
}
