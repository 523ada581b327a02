/// What a command line asked for, after parsing and decoding.
public enum Invocation: Sendable, Equatable {
    /// Run the command.
    case run(ParsedCommand)
    /// Print help for the command at this path (`-h`, `--help`, `help CMD`).
    case help(commandPath: [String])
}

/// A parsed command line: which command, with which options and arguments,
/// and the command's typed input when its table entry names one.
///
/// Read values through their typed definitions: `parsed[flag]`,
/// `parsed[toggle]`, `try parsed.value(option)`, `try parsed.required(argument)`.
/// Conversion problems are `UsageError`s that point at the word concerned.
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
    /// The command's decoded input; nil when its table entry names no type.
    public internal(set) var input: (any CommandInput)?
    /// The table entry's input type, with the program's payload.
    public internal(set) var inputType: InputType?
    var entries: NameTable<Entry>
    var flags: NameTable<Bool>

    init(commandPath: [String], entries: NameTable<Entry>, flags: NameTable<Bool>, passthrough: [String]?) {
        self.commandPath = commandPath
        self.entries = entries
        self.flags = flags
        self.passthrough = passthrough
    }

    /// The input is decoded from the rest, so it takes no part in equality.
    public static func == (lhs: ParsedCommand, rhs: ParsedCommand) -> Bool {
        lhs.commandPath == rhs.commandPath && lhs.passthrough == rhs.passthrough
            && lhs.entries == rhs.entries && lhs.flags == rhs.flags
    }

    // MARK: Typed access

    /// Whether the flag was given.
    public subscript(flag: Flag) -> Bool { flags[flag.spec.long] ?? false }

    /// True for `--name`, false for `--no-name`, nil when neither was given.
    public subscript(toggle: Toggle) -> Bool? { flags[toggle.spec.long] }

    /// The option's value (the last one when repeatable), nil when absent.
    public func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        guard let entry = entries[option.spec.long], let text = entry.values.last else { return nil }
        return try convert(text, entry, expected: option.expected, choices: nil, option.convert)
    }

    /// Every value of a repeatable option, in order.
    public func values<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        guard let entry = entries[option.spec.long] else { return [] }
        var result: [Value] = []
        for text in entry.values {
            result.append(try convert(text, entry, expected: option.expected, choices: nil, option.convert))
        }
        return result
    }

    /// The argument's value, nil when an optional argument was not given.
    public func value<Value>(_ argument: Argument<Value>) throws(UsageError) -> Value? {
        guard let entry = entries[argument.spec.name], let text = entry.values.last else { return nil }
        return try convert(text, entry, expected: argument.expected, choices: argument.choices, argument.convert)
    }

    /// A required argument's value; the parser has already checked it is there.
    public func required<Value>(_ argument: Argument<Value>) throws(UsageError) -> Value {
        guard let value = try value(argument) else { throw problem(.missingArgument(argument.spec.name)) }
        return value
    }

    /// Whether the option was given at all (in either spelling for toggles).
    public func isGiven(_ option: OptionSpec) -> Bool {
        entries[option.long] != nil || flags[option.long] != nil
    }

    /// A usage error about this command, for checks that span several
    /// options (`missingOneOf`, `conflict`); it points at no word.
    public func problem(_ problem: UsageError.Problem) -> UsageError {
        UsageError(problem, position: nil, commandPath: commandPath)
    }

    /// "missing --a, --b or --c" unless one of `options` was given.
    public func requireOne(of options: [OptionSpec]) throws(UsageError) {
        guard !options.contains(where: isGiven) else { return }
        throw problem(.missingOneOf(options.flatMap(\.longSpellings)))
    }

    private func convert<Value>(
        _ text: String, _ entry: Entry, expected: String, choices: [String]?, _ convert: (String) -> Value?
    ) throws(UsageError) -> Value {
        if let value = convert(text) { return value }
        let problem: UsageError.Problem
        if let choices {
            problem = .invalidChoice(text, for: entry.label, choices: choices,
                                     suggestions: Suggestions.nearest(to: text, among: choices))
        } else {
            problem = .invalidValue(text, for: entry.label, expected: expected)
        }
        throw UsageError(problem, position: entry.position, commandPath: commandPath)
    }

    // MARK: Access by name, for the engine and its tests

    func flag(_ name: String) -> Bool { flags[name] ?? false }

    func toggle(_ name: String) -> Bool? { flags[name] }

    func has(_ name: String) -> Bool { entries[name] != nil || flags[name] != nil }

    func string(_ name: String) -> String? { entries[name]?.values.last }

    func strings(_ name: String) -> [String] { entries[name]?.values ?? [] }

    /// A plain decimal integer with an optional sign; no Foundation on this path.
    @usableFromInline
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
