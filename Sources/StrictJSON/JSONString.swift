/// JSON string literals as lifesignal writes them: quotes, backslashes, DEL
/// and the C0 controls escaped (`\n`, `\r`, `\t` by name, the others as
/// `\u00XX`), everything else as it is.
public enum JSONString {
    public static func append(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: one bulk copy instead of a branch and
        // an append per byte (the whole-feed listing spent a third of its time here).
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: needsEscape) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [92, 34]
            case UInt8(ascii: "\\"): out += [92, 92]
            case UInt8(ascii: "\n"): out += [92, UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [92, UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [92, UInt8(ascii: "t")]
            case 0..<0x20, 0x7f:
                out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0f)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Bytes a JSON string cannot hold as they are.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7f || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}
