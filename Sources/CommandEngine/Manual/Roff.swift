/// Escaping for mdoc text lines and macro arguments.
enum Roff {
    /// Macro names mdoc would call if they appeared as a bare argument.
    private static let callable: Set<String> = [
        "Ad", "An", "Ap", "Ar", "At", "Bc", "Bo", "Bq", "Brc", "Bro", "Brq", "Bsx", "Bx", "Cd", "Cm", "Dc",
        "Do", "Dq", "Dv", "Dx", "Ec", "Em", "En", "Eo", "Er", "Es", "Ev", "Fa", "Fc", "Fl", "Fn", "Fo", "Fr",
        "Ft", "Fx", "Ic", "In", "Li", "Lk", "Ms", "Mt", "Nm", "No", "Ns", "Nx", "Oc", "Oo", "Op", "Ot", "Ox",
        "Pa", "Pc", "Pf", "Po", "Pq", "Qc", "Ql", "Qo", "Qq", "Sc", "So", "Sq", "St", "Sx", "Sy", "Ta", "Tn",
        "Ux", "Va", "Vt", "Xc", "Xo", "Xr",
    ]
    private static let delimiters: Set<String> = ["(", ")", "[", "]", ".", ",", ":", ";", "?", "!", "|"]

    /// Escapes backslashes; in running text also marks leading dashes of
    /// option-like words as minus signs so they copy and search correctly.
    static func escape(_ text: String, optionDashes: Bool) -> String {
        var out = ""
        var atWordStart = true
        for character in text {
            switch character {
            case "\\":
                out += "\\e"
            case "-" where optionDashes && atWordStart:
                out += "\\-"
                continue
            default:
                out.append(character)
            }
            atWordStart = character == " " || character == "(" || character == "'"
        }
        return out
    }

    /// A text line: escaped, and protected when it starts like a request.
    static func textLine(_ text: String) -> String {
        let escaped = escape(text, optionDashes: true)
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { return "\\&" + escaped }
        return escaped
    }

    /// Text split into lines, one sentence each (mdoc's "new sentence,
    /// new line" rule, which lets the formatter space sentences).
    static func sentences(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        for (index, word) in words.enumerated() {
            current += current.isEmpty ? String(word) : " " + word
            let next = index + 1 < words.count ? words[index + 1] : nil
            if let last = word.last, ".?!".contains(last), let first = next?.first, first.isUppercase {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.flatMap { wrapped($0) }.map(textLine)
    }

    /// A sentence cut into source lines of at most `width` characters at
    /// spaces (mandoc's style check wants short input lines). A line never
    /// ends on a word with a full stop, which mdoc would take for the end of
    /// a sentence; a single word longer than `width` stays whole.
    static func wrapped(_ sentence: String, width: Int = 72) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in sentence.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            let endsLikeSentence = current.last.map { ".?!".contains($0) } ?? false
            if candidate.count > width, !current.isEmpty, !endsLikeSentence {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// One macro argument, quoted or protected as needed.
    static func argument(_ text: String, optionDashes: Bool = false) -> String {
        var escaped = escape(text, optionDashes: optionDashes)
        if escaped.isEmpty || escaped.contains(" ") || escaped.contains("\"") {
            escaped = "\"" + escaped.replacing("\"", with: "\\(dq") + "\""
        } else if callable.contains(escaped) || delimiters.contains(escaped) {
            escaped = "\\&" + escaped
        }
        return escaped
    }

    /// A macro line: the macro and its arguments, each escaped.
    static func macro(_ name: String, _ arguments: String...) -> String {
        ([ "." + name ] + arguments.map { argument($0) }).joined(separator: " ")
    }
}
