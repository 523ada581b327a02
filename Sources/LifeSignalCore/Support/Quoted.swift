/// User input as error messages show it: in double quotes, and cut short
/// when long, so a message stays one readable line. What a terminal would
/// act on is left in: the terminal output shows it harmless, as it does all
/// text it did not write (`TerminalText`), and JSON keeps it exact.
public func quoted(_ text: String, limit: Int = 40) -> String {
    var shown = ""
    shown.unicodeScalars.append(contentsOf: text.unicodeScalars.prefix(limit))
    return "\"" + shown + (text.unicodeScalars.count > limit ? "…" : "") + "\""
}
