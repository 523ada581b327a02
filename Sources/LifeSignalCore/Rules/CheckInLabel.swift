/// What a check-in after a command keeps of that command in the shared
/// store: everyone in the circle reads it, and a command's arguments may
/// hold passwords, tokens or private paths, so only the program's name is
/// kept, or a label its owner chose.
public enum CheckInLabel {
    /// Bytes of UTF-8 a label may hold.
    public static let maxBytes = 128

    /// The text to store for a check-in after `command`: `label` when
    /// given, otherwise the first word without its directories.
    public static func stored(command: [String], label: String?) -> String {
        if let label { return label }
        let program = command.first ?? ""
        let name = program.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? program
        return name.isEmpty ? program : name
    }

    /// A label as given on the command line, or nil when it is empty, longer
    /// than `maxBytes`, more than one line, or holds control characters.
    public static func valid(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.utf8.count <= maxBytes,
              !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || ProfileRules.isLineBreak($0) })
        else { return nil }
        return trimmed
    }
}
