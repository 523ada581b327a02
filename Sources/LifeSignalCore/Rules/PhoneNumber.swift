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
    ///
    /// With `national`, the looker's own number, bare digits are also read
    /// as a national number of the looker's country (`555-010-9999` for
    /// someone on +1, `07911 123456` for someone on +44: the trunk 0 dropped).
    public static func candidates(_ text: String, national own: String? = nil) -> [String] {
        var result: [String] = []
        if let number = normalize(text) { result.append(number) }
        let bare = text.utf8.allSatisfy { (48...57).contains($0) || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-")
            || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }
        if bare, let number = normalize("+" + text), !result.contains(number) { result.append(number) }
        if bare, let own, let code = countryCode(of: own) {
            let digits = String(text.filter(\.isNumber))
            let national = digits.hasPrefix("0") ? String(digits.dropFirst()) : digits
            if let number = normalize("+" + code + national), !result.contains(number) { result.append(number) }
        }
        return result
    }

    /// The country calling code of an E.164 number (ITU-T E.164 assigns
    /// 1 and 7 alone, these two-digit codes, and three digits elsewhere).
    public static func countryCode(of number: String) -> String? {
        let digits = number.utf8.dropFirst().map { Character(Unicode.Scalar($0)) }
        guard number.hasPrefix("+"), let first = digits.first, digits.count >= 3 else { return nil }
        if first == "1" || first == "7" { return String(first) }
        let two = String(digits.prefix(2))
        return twoDigitCodes.contains(two) ? two : String(digits.prefix(3))
    }

    private static let twoDigitCodes: Set<String> = [
        "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48", "49",
        "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66",
        "81", "82", "84", "86", "90", "91", "92", "93", "94", "95", "98",
    ]

    /// The error for a number that does not normalise.
    public static func invalid(_ text: String) -> LifeSignalError {
        .invalid("\(quoted(text)) is not a phone number in international form, e.g. +15551234567")
    }
}
