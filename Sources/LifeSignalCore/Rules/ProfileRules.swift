/// Limits on what a profile may hold, in bytes: a grapheme cluster can be
/// any length ("Z" and 33,000 combining accents is one character), and what
/// one account writes ends up in others' feeds, terminals and environments.
public enum ProfileRules {
    /// Bytes of UTF-8 a first or last name may hold.
    public static let maxNameBytes = 128
    /// Bytes of UTF-8 the emergency note may hold.
    public static let maxNoteBytes = 4000

    /// A trimmed, validated first or last name: one line, not empty, short.
    public static func name(_ text: String, field: String) throws(LifeSignalError) -> String {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .invalid("\(field) must not be empty") }
        guard trimmed.utf8.count <= maxNameBytes else {
            throw .invalid("\(field) is longer than \(maxNameBytes) bytes (\(trimmed.utf8.count))")
        }
        guard !trimmed.unicodeScalars.contains(where: isLineBreak) else {
            throw .invalid("\(field) must be one line")
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
        guard trimmed.utf8.count <= maxNoteBytes else {
            throw .invalid("the emergency note is longer than \(maxNoteBytes) bytes (\(trimmed.utf8.count))")
        }
        let allowed: Set<Unicode.Scalar> = ["\n", "\t"]
        guard !trimmed.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control && !allowed.contains($0)
        }) else {
            throw .invalid("the emergency note must not contain control characters")
        }
        return trimmed
    }

    /// A one-line text shown to responders (a pause's reason, a trip's
    /// note): trimmed, not empty (`option` names what to leave out
    /// instead), at most `maxBytes` bytes, without line breaks or control
    /// characters.
    static func oneLine(_ text: String, _ what: String, option: String, maxBytes: Int) throws(LifeSignalError) -> String {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .invalid("the \(what) must not be empty (leave \(option) out instead)") }
        guard trimmed.utf8.count <= maxBytes else {
            throw .invalid("the \(what) is longer than \(maxBytes) bytes (\(trimmed.utf8.count))")
        }
        guard !trimmed.unicodeScalars.contains(where: { isLineBreak($0) || $0.properties.generalCategory == .control })
        else { throw .invalid("the \(what) must be one line without control characters") }
        return trimmed
    }

    /// Line feed, carriage return, the other C0 and C1 breaks, and the
    /// Unicode line and paragraph separators.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
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
