/// Host names as DNS takes them (RFC 1123): dot-separated labels of
/// letters, digits and hyphens (underscores tolerated, as resolvers do),
/// each 1–63 bytes, 253 at most in all.
public enum HostName {
    /// Why `name` cannot be a host name, or nil when it can.
    public static func problem(with name: String) -> String? {
        var name = Substring(name)
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty else { return "the host name is empty" }
        guard name.utf8.count <= 253 else { return "the host name is longer than 253 characters" }
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            guard !label.isEmpty else { return "the host name has an empty label (two dots in a row)" }
            guard label.utf8.count <= 63 else { return "a label of the host name is longer than 63 characters" }
            guard label.utf8.allSatisfy(isLabelByte) else {
                return "a host name has only letters, digits, hyphens and dots"
            }
            guard label.first != "-", label.last != "-" else { return "a label of the host name starts or ends with a hyphen" }
        }
        return nil
    }

    /// The labels of `name` as bytes, without a trailing empty label.
    static func labels(_ name: String) -> [[UInt8]] {
        name.split(separator: ".").map { Array($0.utf8) }
    }

    /// ASCII letters lowercased, everything else as it is (DNS compares names so).
    static func lowercased(_ name: String) -> String {
        String(decoding: name.utf8.map(lowercasedByte), as: UTF8.self)
    }

    static func lowercasedByte(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func isLabelByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
