/// Word wrapping and the fixed label column shared by help and errors.
enum TextLayout {
    /// The width help is wrapped to.
    static let width = 80
    /// Where help text starts after a label.
    static let helpColumn = 26
    /// Indentation of labels and usage lines.
    static let indent = "  "

    /// Greedy word wrap; a word longer than the width gets a line of its own.
    static func wrap(_ text: String, width: Int, firstIndent: String = "", indent: String = "") -> [String] {
        wrap(units: text.split(separator: " ", omittingEmptySubsequences: true),
             width: width, firstIndent: firstIndent, indent: indent)
    }

    /// Wraps a synopsis, breaking only between bracketed elements so
    /// `[--sort time-left|name|added]` stays on one line.
    static func wrapUsage(_ text: String, width: Int, firstIndent: String, indent: String) -> [String] {
        var units: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case " " where depth == 0:
                if start < index { units.append(text[start..<index]) }
                start = text.index(after: index)
            default: break
            }
        }
        if start < text.endIndex { units.append(text[start...]) }
        return wrap(units: units, width: width, firstIndent: firstIndent, indent: indent)
    }

    private static func wrap(units: [Substring], width: Int, firstIndent: String, indent: String) -> [String] {
        var lines: [String] = []
        var line = firstIndent
        var lineWidth = firstIndent.count
        var lineHasWords = false
        for word in units {
            let wordWidth = word.count
            if lineHasWords && lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = indent
                lineWidth = indent.count
                lineHasWords = false
            }
            if lineHasWords {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += wordWidth
            lineHasWords = true
        }
        if lineHasWords || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Below this width the help column would be too narrow to read: help
    /// goes under its label instead.
    static let narrow = 60

    /// A label in the left column with its help wrapped in the right one;
    /// a label too wide for the column, or a narrow terminal, puts the help
    /// on the next lines.
    static func labelled(_ label: String, _ help: String, width: Int = width) -> [String] {
        let start = indent + label
        if help.isEmpty { return [start] }
        guard width >= narrow else {
            return [start] + wrap(help, width: width, firstIndent: "          ", indent: "          ")
        }
        let helpIndent = String(repeating: " ", count: helpColumn)
        if start.count + 2 <= helpColumn {
            let padded = start + String(repeating: " ", count: helpColumn - start.count)
            return wrap(help, width: width, firstIndent: padded, indent: helpIndent)
        }
        return [start] + wrap(help, width: width, firstIndent: helpIndent, indent: helpIndent)
    }
}
