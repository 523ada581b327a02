/// What a command line asked for, after parsing and before validation of
/// values the table cannot know about.
public enum Invocation: Sendable, Equatable {
    /// Run the command.
    case run(ParsedCommand)
    /// Print help for the command at this path (`-h`, `--help`, `help CMD`).
    case help(commandPath: [String])
}

/// A parsed command line: which command, with which options and arguments.
///
/// Values are keyed by an option's long name (`limit`) or an argument's name
/// (`CONTACT`). Typed accessors validate and report problems as `UsageError`.
public struct ParsedCommand: Sendable, Equatable {
    /// One option or argument as given.
    struct Entry: Sendable, Equatable {
        /// Every value in order (one for single-valued options).
        var values: [String]
        /// argv position of the first occurrence.
        var position: Int
        /// How usage shows it (`--limit`, `CONTACT`), for error messages.
        var label: String
    }

    /// Command names below the root (`["contacts", "role"]`); empty for the root.
    public let commandPath: [String]
    /// Words after `--` for commands with a passthrough, nil when no `--`.
    public let passthrough: [String]?
    var entries: [String: Entry]
    var flags: [String: Bool]

    init(commandPath: [String], entries: [String: Entry], flags: [String: Bool], passthrough: [String]?) {
        self.commandPath = commandPath
        self.entries = entries
        self.flags = flags
        self.passthrough = passthrough
    }

    /// Whether the flag `--name` was given (false for `--no-name`).
    public func flag(_ name: String) -> Bool { flags[name] ?? false }

    /// A negatable flag: true for `--name`, false for `--no-name`, nil if neither.
    public func toggle(_ name: String) -> Bool? { flags[name] }

    /// Whether the option or argument was given at all.
    public func has(_ name: String) -> Bool { entries[name] != nil || flags[name] != nil }

    /// The value of an option or argument (the last one for repeatable ones).
    public func string(_ name: String) -> String? { entries[name]?.values.last }

    /// Every value of a repeatable option or variadic argument, in order.
    public func strings(_ name: String) -> [String] { entries[name]?.values ?? [] }

    /// The value as a decimal integer within `range`, or nil when absent.
    public func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        try value(name, expected: "an integer from \(range.lowerBound) to \(range.upperBound)") { text in
            guard let number = Self.decimal(text), range.contains(number) else { return nil }
            return number
        }
    }

    /// The value as a case of a string enumeration, or nil when absent.
    public func choice<Choice>(_ name: String, as type: Choice.Type) throws(UsageError) -> Choice?
    where Choice: RawRepresentable & CaseIterable, Choice.RawValue == String {
        guard let entry = entries[name], let text = entry.values.last else { return nil }
        if let choice = Choice(rawValue: text) { return choice }
        let choices = Choice.allCases.map(\.rawValue)
        throw UsageError(
            .invalidChoice(text, for: entry.label, choices: choices,
                           suggestions: Suggestions.nearest(to: text, among: choices)),
            position: entry.position, commandPath: commandPath)
    }

    /// The value converted by `parse`, or nil when absent; when `parse`
    /// returns nil the error says "expected \(expected)".
    public func value<Value>(
        _ name: String, expected: String, parse: (String) -> Value?
    ) throws(UsageError) -> Value? {
        guard let entry = entries[name], let text = entry.values.last else { return nil }
        if let value = parse(text) { return value }
        throw UsageError(.invalidValue(text, for: entry.label, expected: expected),
                         position: entry.position, commandPath: commandPath)
    }

    /// A plain decimal integer with an optional sign; no Foundation on this path.
    static func decimal(_ text: String) -> Int? {
        var digits = Substring(text)
        var negative = false
        if let first = digits.first, first == "-" || first == "+" {
            negative = first == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let magnitude = Int(digits) else { return nil }
        return negative ? -magnitude : magnitude
    }
}
