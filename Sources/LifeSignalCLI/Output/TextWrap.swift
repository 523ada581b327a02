/// Greedy word wrapping by display width.
enum TextWrap {
    /// `text` cut into lines of at most `width` columns, breaking at spaces;
    /// a word wider than a whole line is cut where it must be. Line breaks
    /// in `text` are kept, and each of its lines is wrapped on its own.
    static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            result += wrap(paragraph, width: width)
        }
        return result
    }

    private static func wrap(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            var wordWidth = DisplayWidth.of(word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > width {
                let (head, rest) = split(word, at: width)
                lines.append(String(head))
                word = rest
                wordWidth = DisplayWidth.of(word)
            }
            line = String(word)
            lineWidth = wordWidth
        }
        lines.append(line)
        return lines
    }

    /// The longest prefix of `word` at most `width` columns wide (at least
    /// one character, so wrapping always moves on), and the rest.
    private static func split(_ word: Substring, at width: Int) -> (Substring, Substring) {
        var used = 0
        var end = word.startIndex
        for index in word.indices {
            let next = DisplayWidth.of(word[index...index])
            if used + next > width, end > word.startIndex { break }
            used += next
            end = word.index(after: index)
        }
        return (word[..<end], word[end...])
    }
}
