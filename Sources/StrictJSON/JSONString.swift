/// JSON string literals as lifesignal writes them: quotes, backslashes and
/// the C0 controls escaped (`\n`, `\r`, `\t` by name, the others as
/// `\u00XX`), and so is every character a terminal would act on or that
/// draws nothing (DEL, the C1 controls, line and paragraph separators, the
/// bidirectional controls and marks, zero-width and invisible characters),
/// as `\u` and four hex digits (a surrogate pair beyond the BMP). Everything else is
/// written as it is.
///
/// The content stays exact (a JSON reader gets back the same string), but
/// the bytes are plain: `--json` printed on a terminal cannot clear it or
/// reorder it, and an invisible character is there to see.
public enum JSONString {
    public static func append(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: one bulk copy instead of a branch and
        // an append per byte (the whole-feed listing spent a third of its time here).
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: needsAttention) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            out.append(UInt8(ascii: "\""))
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += [92, 34]
            case 0x5C: out += [92, 92]
            case 0x0A: out += [92, UInt8(ascii: "n")]
            case 0x0D: out += [92, UInt8(ascii: "r")]
            case 0x09: out += [92, UInt8(ascii: "t")]
            case let value where value < 0x20 || isHidden(value):
                if value > 0xFFFF {
                    let offset = value - 0x10000
                    escape(0xD800 + (offset >> 10), to: &out)
                    escape(0xDC00 + (offset & 0x3FF), to: &out)
                } else {
                    escape(value, to: &out)
                }
            default:
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whether a code point is written as `\u` and four hex digits although JSON allows it
    /// as it is: DEL and C1; U+2028/U+2029; the bidirectional controls and
    /// marks; what draws nothing. `HiddenCharacters` in the core names the
    /// same set (a test checks that they agree).
    public static func isHidden(_ value: UInt32) -> Bool {
        switch value {
        case 0x7F...0x9F, 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x180E, 0x200B...0x200F, 0x2028...0x202E,
             0x2060...0x2064, 0x2066...0x206F, 0x3164, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB, 0x1D173...0x1D17A,
             0xE0001, 0xE0020...0xE007F:
            true
        default:
            false
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private static func escape(_ unit: UInt32, to out: inout [UInt8]) {
        out += [92, UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) { out.append(hex[Int((unit >> UInt32(shift)) & 0xF)]) }
    }

    /// Bytes that need a closer look: what JSON cannot hold as it is, and
    /// the first bytes of the UTF-8 forms of the hidden characters.
    private static func needsAttention(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00..<0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF0, 0xF3:
            true
        default:
            false
        }
    }
}
