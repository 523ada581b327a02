/// Words written so that a shell reads them back as the same words.
enum ShellQuoting {
    /// `text` as one shell word: bare when no shell treats any of its
    /// characters specially, else in single quotes.
    static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-:,@+=".contains($0)) }
        return plain ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// `words` as one command line.
    static func line(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}
