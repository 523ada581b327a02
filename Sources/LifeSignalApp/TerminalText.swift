import LifeSignalCore

/// The one sanitiser for text that lifesignal did not write itself, on its
/// way to a terminal: names, notes, notification titles and messages,
/// machine names, check-in commands, decoded QR payloads, error messages
/// that quote any of them. What another account wrote reaches your screen
/// as text, never as terminal commands.
///
/// Every `HiddenCharacters` character is shown by a visible stand-in: a C0
/// control as its control picture (ESC as `␛`, so `ESC [ 2 J` prints as
/// `␛[2J` instead of clearing the screen), DEL as `␡`, anything else as its
/// code point in angle brackets (`<U+202E>`, `<U+200B>`, `<U+009B>`). A tab
/// becomes a space. Line breaks depend on what the text is: a name or a
/// title is one line (`line`), so a break shows as `␊`; a note or a message
/// may span lines (`block`), and then each line after the first is
/// indented, so no line of it can pass for one of lifesignal's own.
///
/// `--raw` and `--json` bypass this: they carry the exact content (JSON
/// escapes what a terminal would act on; see `JSONString`).
public enum TerminalText {
    /// `text` as one harmless line.
    public static func line(_ text: String) -> String {
        if isPlain(text) { return text }
        return render(text, lineBreak: nil)
    }

    /// `text` made harmless with its line breaks kept as `\n` (CR LF, a lone
    /// CR and U+2028/U+2029 become one), for a renderer that indents the
    /// lines after the first itself (`TextTable` indents them to the cell).
    public static func block(_ text: String) -> String {
        if isPlain(text) { return text }
        return render(text, lineBreak: "\n")
    }

    /// `text` as `block` does, with every line after the first starting
    /// with `indent`: for text printed on a line of its own.
    public static func block(_ text: String, indent: String) -> String {
        if isPlain(text) { return text }
        return render(text, lineBreak: "\n" + indent)
    }

    /// Printable ASCII, the common case: nothing to do.
    private static func isPlain(_ text: String) -> Bool {
        let isPrintableASCII = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F }
        return text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPrintableASCII) }
            ?? text.utf8.allSatisfy(isPrintableASCII)
    }

    private static func render(_ text: String, lineBreak: String?) -> String {
        var out = String.UnicodeScalarView()
        // The previous character as shown: nil when it was replaced, so a
        // joiner or tag next to a stand-in has nothing to join.
        var previous: Unicode.Scalar?
        var lastWasCarriageReturn = false
        var iterator = text.unicodeScalars.makeIterator()
        var current = iterator.next()
        while let scalar = current {
            let next = iterator.next()
            let kind = HiddenCharacters.kind(of: scalar, after: previous, before: next)
            let afterCarriageReturn = lastWasCarriageReturn
            lastWasCarriageReturn = scalar == "\r"
            current = next
            previous = kind == nil ? scalar : nil
            guard let kind else {
                out.append(scalar)
                continue
            }
            switch kind {
            case .tab:
                out.append(" ")
            case .lineBreak:
                if let lineBreak {
                    // CR LF is one break: the LF that follows a CR adds nothing.
                    if scalar == "\n", afterCarriageReturn { continue }
                    out.append(contentsOf: lineBreak.unicodeScalars)
                } else {
                    out.append(contentsOf: standIn(for: scalar).unicodeScalars)
                }
            case .directionMark where lineBreak != nil:
                // Running text in Hebrew or Arabic needs its marks.
                out.append(scalar)
                previous = scalar
            case .control, .bidiControl, .directionMark, .invisible:
                out.append(contentsOf: standIn(for: scalar).unicodeScalars)
            }
        }
        return String(out)
    }

    /// The visible stand-in for a hidden character.
    public static func standIn(for scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        // Control pictures: ␀ … ␟ for C0, ␡ for DEL.
        case 0x00...0x1F: String(Character(Unicode.Scalar(0x2400 + scalar.value) ?? "?"))
        case 0x7F: "\u{2421}"
        default: "<" + HiddenCharacters.codePoint(scalar) + ">"
        }
    }
}
