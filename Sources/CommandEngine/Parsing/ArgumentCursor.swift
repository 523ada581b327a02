/// One classified command-line word that remembers where it came from.
struct Token: Sendable, Equatable {
    /// What the word looks like before the parser knows the table.
    enum Kind: Sendable, Equatable {
        /// `--name` or `--name=value`.
        case long(name: String, value: String?)
        /// `-abc`: one or more short names, possibly followed by a value.
        case shorts(String)
        /// `--`: everything after it is positional.
        case terminator
        /// Anything else, including a bare `-`.
        case word(String)
    }

    let kind: Kind
    /// The original text.
    let text: String
    /// Index in argv, where argv[0] is the program.
    let position: Int
}

/// Reads argv one word at a time, classifying words lazily.
///
/// Classification is lazy because an option that takes a value consumes the
/// next word verbatim (`--note -5`, `--note --`), whatever it looks like.
struct ArgumentCursor {
    private let words: [String]
    private var index = 0

    /// Starts before the first argument; `words` excludes the program name.
    init(_ words: [String]) {
        self.words = words
    }

    /// The argv position the next word would have.
    var nextPosition: Int { index + 1 }

    /// The next word, classified, or nil at the end.
    mutating func next() -> Token? {
        guard index < words.count else { return nil }
        let text = words[index]
        index += 1
        return Token(kind: Self.classify(text), text: text, position: index)
    }

    /// The next word taken as a value whatever it looks like, with its position.
    mutating func nextValue() -> (text: String, position: Int)? {
        guard index < words.count else { return nil }
        index += 1
        return (words[index - 1], index)
    }

    /// Every word not read yet, unclassified, with the position of the first.
    mutating func rest() -> (words: [String], position: Int) {
        let result = (Array(words[index...]), index + 1)
        index = words.count
        return result
    }

    /// Splits one word into its kind; no table is consulted.
    static func classify(_ text: String) -> Token.Kind {
        let utf8 = text.utf8
        guard utf8.count >= 2, utf8.first == UInt8(ascii: "-") else { return .word(text) }
        let second = utf8[utf8.index(after: utf8.startIndex)]
        if second != UInt8(ascii: "-") {
            return .shorts(String(text.dropFirst()))
        }
        if utf8.count == 2 { return .terminator }
        let body = text.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
            return .long(name: String(body[..<equals]), value: String(body[body.index(after: equals)...]))
        }
        return .long(name: String(body), value: nil)
    }
}
