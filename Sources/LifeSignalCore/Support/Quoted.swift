/// User input as error messages show it: in double quotes, on one line,
/// and cut short when long, so a message stays one readable line.
public func quoted(_ text: String, limit: Int = 40) -> String {
    var shown = ""
    for scalar in text.unicodeScalars.prefix(limit) {
        shown.unicodeScalars.append(scalar.properties.generalCategory == .control ? "?" : scalar)
    }
    return "\"" + shown + (text.unicodeScalars.count > limit ? "…" : "") + "\""
}
