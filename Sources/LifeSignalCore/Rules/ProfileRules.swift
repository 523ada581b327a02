/// Limits on what a profile may hold.
public enum ProfileRules {
    public static let maxNameLength = 100
    public static let maxNoteLength = 2000

    /// A trimmed, validated first or last name.
    public static func name(_ text: String, field: String) throws(LifeSignalError) -> String {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .invalid("\(field) must not be empty") }
        guard trimmed.count <= maxNameLength else {
            throw .invalid("\(field) is longer than \(maxNameLength) characters")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalid("\(field) must not contain control characters")
        }
        try requireVisible(trimmed, field: field)
        return trimmed
    }

    /// Refuses what would make a name look like another or reorder the
    /// text around it: bidirectional controls and marks, and characters
    /// that draw nothing (a joiner that shapes a script or an emoji is fine).
    static func requireVisible(_ name: String, field: String) throws(LifeSignalError) {
        guard let (scalar, kind) = HiddenCharacters.firstInName(name) else { return }
        let what = switch kind {
        case .bidiControl, .directionMark: "a character that changes the direction of text"
        default: "an invisible character"
        }
        throw .invalid("\(field) must not contain \(what) (\(HiddenCharacters.codePoint(scalar)))")
    }

    /// A validated emergency note (may be empty, may span lines).
    public static func note(_ text: String) throws(LifeSignalError) -> String {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.count <= maxNoteLength else {
            throw .invalid("the emergency note is longer than \(maxNoteLength) characters")
        }
        let allowed: Set<Unicode.Scalar> = ["\n", "\t"]
        guard !trimmed.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control && !allowed.contains($0)
        }) else {
            throw .invalid("the emergency note must not contain control characters")
        }
        return trimmed
    }
}

extension String {
    /// The string without leading and trailing white space and newlines.
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }
}
