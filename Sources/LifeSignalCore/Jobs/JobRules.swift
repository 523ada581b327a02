import FoundationEssentials

/// What a job may be: its name, how many an account holds, what is kept of its runs.
public enum JobRules {
    /// Jobs one account holds at most: each keeps its own deadline marks
    /// (a fired key per responder) in the account's one file.
    public static let maximumJobs = 16
    /// Runs kept per job (the newest).
    public static let runsKept = 20
    /// Lines and bytes of a failed run's output kept with `--keep-output`.
    public static let outputLines = 20
    public static let outputBytes = 4096
    /// The shortest and longest rolling deadline of a job: cron runs every minute at most.
    public static let everyBounds = 60...(30 * 86_400)
    /// The longest a run may be allowed to take.
    public static let maxRuntimeBounds = 60...(7 * 86_400)

    /// `name` when it is 1–32 characters of `a-z 0-9 - _`.
    public static func name(_ text: String) throws(LifeSignalError) -> String {
        let bytes = text.utf8
        guard (1...32).contains(bytes.count),
              bytes.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F })
        else {
            throw LifeSignalError.invalid("a job's name is 1 to 32 characters of a-z, 0-9, - and _ (not "
                + quoted(text) + ")")
        }
        return text
    }

    /// The end of a run's output as responders may read it: the last
    /// `outputLines` lines, at most `outputBytes` bytes, each line made of
    /// visible characters only (control characters become `?`).
    public static func keptOutput(_ bytes: [UInt8]) -> String? {
        var tail = bytes.suffix(outputBytes)
        // Cut to whole characters: a partial one at the start goes.
        while let first = tail.first, first & 0xC0 == 0x80 { tail = tail.dropFirst() }
        // Split on the byte itself: as Characters, "\r\n" is one, not a "\n".
        var lines = tail.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let kept = lines.suffix(outputLines).map { line in
            String(String.UnicodeScalarView(String(decoding: line, as: UTF8.self).unicodeScalars.map { scalar in
                scalar == "\t" ? " " : (scalar.properties.generalCategory == .control
                    || scalar.properties.generalCategory == .format || ProfileRules.isLineBreak(scalar)) ? "?" : scalar
            }))
        }
        return kept.isEmpty ? nil : kept.joined(separator: "\n")
    }
}
