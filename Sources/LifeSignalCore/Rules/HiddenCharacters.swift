/// Characters that let text one person wrote act on another person's
/// terminal, or look like something it is not: control characters (ESC
/// starts the sequences that clear screens, retitle windows and fill
/// clipboards), line breaks where one line is expected, the bidirectional
/// controls that reorder what follows them, and characters that draw
/// nothing at all ("B\u{200B}ob" looks like "Bob").
///
/// The terminal output (`TerminalText`) shows each as a visible stand-in,
/// and names refuse the invisible ones at input.
public enum HiddenCharacters {
    /// Why a character is hidden or dangerous.
    public enum Kind: Sendable, Equatable {
        /// C0 (ESC, BEL, CR...), DEL or C1 (CSI, OSC, NEL...).
        case control
        /// A line or paragraph break: LF, CR, U+2028, U+2029 (NEL and the
        /// form feed count as controls).
        case lineBreak
        /// The tab, which moves the cursor but is otherwise harmless.
        case tab
        /// An embedding, override or isolate (U+202A–U+202E, U+2066–U+2069),
        /// which reorders what follows it.
        case bidiControl
        /// A direction mark (LRM, RLM, ALM): invisible, and harmless in
        /// running text of a right-to-left script, but not in a name.
        case directionMark
        /// Draws nothing: zero-width spaces and joiners out of place, the
        /// word joiner, the byte order mark, soft hyphens, invisible
        /// fillers, tag characters outside a flag.
        case invisible
    }

    /// What `scalar` is, given its neighbours, or nil for an ordinary
    /// character. A zero-width joiner or non-joiner between two non-ASCII
    /// letters (Arabic, Persian, Indic scripts) or inside an emoji sequence
    /// shapes what the reader sees, so it is ordinary there; so is a tag
    /// character in a subdivision flag (🏴 followed by tags).
    public static func kind(of scalar: Unicode.Scalar, after previous: Unicode.Scalar?,
                            before next: Unicode.Scalar?) -> Kind? {
        let value = scalar.value
        switch value {
        case 0x09: return .tab
        case 0x0A, 0x0D, 0x2028, 0x2029: return .lineBreak
        case 0x00...0x1F, 0x7F...0x9F: return .control
        case 0x20...0x7E: return nil
        case 0x202A...0x202E, 0x2066...0x2069: return .bidiControl
        case 0x200E, 0x200F, 0x061C: return .directionMark
        case 0x200C, 0x200D:
            return isJoinable(previous) && isJoinable(next) ? nil : .invisible
        case 0xE0020...0xE007F:
            guard let previous else { return .invisible }
            return previous.value == 0x1F3F4 || (0xE0020...0xE007F).contains(previous.value) ? nil : .invisible
        case 0x00AD, 0x034F, 0x115F, 0x1160, 0x180E, 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0x3164,
             0xFEFF, 0xFFA0, 0xFFF9...0xFFFB, 0x1D173...0x1D17A, 0xE0001:
            return .invisible
        default:
            return nil
        }
    }

    /// Whether a joiner next to `scalar` can shape something: a non-ASCII
    /// character that is itself visible (a letter, a mark, an emoji).
    private static func isJoinable(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, scalar.value > 0x7F else { return false }
        if scalar.properties.isWhitespace { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .unassigned, .privateUse, .surrogate, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return true
        }
    }

    /// The first character of `text` that a name must not hold (anything
    /// but an ordinary character), with its kind.
    public static func firstInName(_ text: String) -> (Unicode.Scalar, Kind)? {
        var previous: Unicode.Scalar?
        var iterator = text.unicodeScalars.makeIterator()
        var current = iterator.next()
        while let scalar = current {
            let next = iterator.next()
            if let kind = kind(of: scalar, after: previous, before: next) { return (scalar, kind) }
            previous = scalar
            current = next
        }
        return nil
    }

    /// `U+202E`: how a hidden character is named in messages and shown on terminals.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
