/// A Boolean switch: its table definition, read back as a `Bool`.
public struct Flag: Sendable {
    /// The definition in the table.
    public let spec: OptionSpec

    /// Defines `--long` (and `-short`).
    @inlinable
    public init(_ long: String, short: Character? = nil, help: String, isGlobal: Bool = false) {
        spec = .flag(long, short: short, help: help, isGlobal: isGlobal)
    }
}

/// A switch spelled `--long` and `--no-long`, read back as `Bool?` (nil when
/// neither was given).
public struct Toggle: Sendable {
    /// The definition in the table.
    public let spec: OptionSpec

    /// Defines `--long` and `--no-long`.
    @inlinable
    public init(_ long: String, help: String) {
        spec = .negatable(long, help: help)
    }
}

/// An option taking a value, converted to `Value` when the line is decoded.
public struct Option<Value: Sendable>: Sendable {
    /// The definition in the table.
    public let spec: OptionSpec
    /// Completes "expected …" when `convert` refuses a value (choices say
    /// "one of …" instead).
    public let expected: String
    @usableFromInline let convert: @Sendable (String) -> Value?

    /// Defines an option whose value `convert` turns into a `Value`, or
    /// refuses with nil.
    @inlinable
    public init(
        _ long: String, short: Character? = nil, valueName: String, help: String, expected: String,
        isRequired: Bool = false, isRepeatable: Bool = false, isGlobal: Bool = false,
        completion: CompletionKind = .none, convert: @escaping @Sendable (String) -> Value?
    ) {
        spec = OptionSpec(long, short: short, help: help, kind: .value(valueName: valueName),
                          isRepeatable: isRepeatable, isRequired: isRequired, isGlobal: isGlobal,
                          completion: completion)
        self.expected = expected
        self.convert = convert
    }

    @usableFromInline
    init(spec: OptionSpec, expected: String, convert: @escaping @Sendable (String) -> Value?) {
        self.spec = spec
        self.expected = expected
        self.convert = convert
    }
}

extension Option where Value == String {
    /// An option taking any text.
    @inlinable
    public init(
        _ long: String, short: Character? = nil, valueName: String, help: String, isRequired: Bool = false,
        isRepeatable: Bool = false, isGlobal: Bool = false, completion: CompletionKind = .none
    ) {
        self.init(long, short: short, valueName: valueName, help: help, expected: "text",
                  isRequired: isRequired, isRepeatable: isRepeatable, isGlobal: isGlobal,
                  completion: completion) { $0 }
    }
}

extension Option where Value == Int {
    /// An option taking a decimal integer within `range`.
    @inlinable
    public static func integer(
        _ long: String, short: Character? = nil, valueName: String = "N", in range: ClosedRange<Int>, help: String
    ) -> Option<Int> {
        Option(long, short: short, valueName: valueName, help: help,
               expected: "an integer from \(range.lowerBound) to \(range.upperBound)") { text in
            guard let number = ParsedCommand.decimal(text), range.contains(number) else { return nil }
            return number
        }
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// An option taking one case of a string enumeration: the choices in
    /// help and completions are the cases, so they cannot drift apart.
    @inlinable
    public init(choice long: String, short: Character? = nil, valueName: String? = nil, help: String) {
        // The parser accepts only these words, so `expected` is never shown;
        // joining them here would cost every start-up a generic call.
        let choices = Value.allCases.map { $0.rawValue }
        self.init(spec: OptionSpec(long, short: short, help: help, kind: .choice(valueName: valueName, choices: choices)),
                  expected: "a choice") { Value(rawValue: $0) }
    }
}

/// A positional argument, converted to `Value` when the line is decoded.
public struct Argument<Value: Sendable>: Sendable {
    /// The definition in the table.
    public let spec: ArgumentSpec
    /// Completes "expected …" when `convert` refuses a value.
    public let expected: String
    /// The accepted words, for arguments that take one of a fixed set: a
    /// refused value is then reported with "did you mean".
    public let choices: [String]?
    @usableFromInline let convert: @Sendable (String) -> Value?

    /// Defines an argument whose value `convert` turns into a `Value`.
    @inlinable
    public init(
        _ name: String, help: String, isOptional: Bool = false, completion: CompletionKind = .none,
        expected: String, convert: @escaping @Sendable (String) -> Value?
    ) {
        spec = ArgumentSpec(name, help: help, isOptional: isOptional, completion: completion)
        self.expected = expected
        choices = nil
        self.convert = convert
    }

    @usableFromInline
    init(spec: ArgumentSpec, expected: String, choices: [String]?, convert: @escaping @Sendable (String) -> Value?) {
        self.spec = spec
        self.expected = expected
        self.choices = choices
        self.convert = convert
    }
}

extension Argument where Value == String {
    /// An argument taking any text.
    @inlinable
    public init(_ name: String, help: String, isOptional: Bool = false, completion: CompletionKind = .none) {
        self.init(name, help: help, isOptional: isOptional, completion: completion, expected: "text") { $0 }
    }
}

extension Argument where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// An argument taking one case of a string enumeration, in any letter
    /// case; the cases are its completions.
    @inlinable
    public init(choice name: String, help: String, isOptional: Bool = false) {
        // A refused word is reported with the choices (`invalidChoice`), not `expected`.
        let choices = Value.allCases.map { $0.rawValue }
        self.init(spec: ArgumentSpec(name, help: help, isOptional: isOptional, completion: .choices(choices)),
                  expected: "a choice", choices: choices) { text in
            Value(rawValue: text) ?? Value.allCases.first { $0.rawValue.lowercased() == text.lowercased() }
        }
    }
}
