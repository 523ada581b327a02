/// One option: its spellings, what it takes, and its documentation.
public struct OptionSpec: Sendable, Equatable {
    /// What an option takes after its name.
    public enum Kind: Sendable, Equatable {
        /// A Boolean switch (`--json`).
        case flag
        /// A switch with a negative spelling (`--responder`/`--no-responder`).
        case negatableFlag
        /// A free value shown as `valueName` (`--limit N`).
        case value(valueName: String)
        /// One of a fixed set of values; shown as `valueName` when given,
        /// otherwise as the choices joined with `|`.
        case choice(valueName: String?, choices: [String])
    }

    /// The canonical name without dashes; parsed values are keyed by it.
    public var long: String
    /// An optional one-character spelling (`q` for `-q`).
    public var short: Character?
    /// One line (or a short paragraph) for help and the man page.
    public var help: String
    /// What follows the option.
    public var kind: Kind
    /// Whether giving the option more than once collects every value
    /// instead of being a usage error.
    public var isRepeatable: Bool
    /// Whether the command cannot run without it (`login --phone`).
    public var isRequired: Bool
    /// Only meaningful on the root: accepted after any command.
    public var isGlobal: Bool
    /// How shells complete the option's value.
    public var completion: CompletionKind

    /// Creates an option; choice options complete their choices by default.
    public init(
        _ long: String,
        short: Character? = nil,
        help: String,
        kind: Kind = .flag,
        isRepeatable: Bool = false,
        isRequired: Bool = false,
        isGlobal: Bool = false,
        completion: CompletionKind? = nil
    ) {
        self.long = long
        self.short = short
        self.help = help
        self.kind = kind
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
        self.isGlobal = isGlobal
        if let completion {
            self.completion = completion
        } else if case .choice(_, let choices) = kind {
            self.completion = .choices(choices)
        } else {
            self.completion = .none
        }
    }

    /// A Boolean switch.
    public static func flag(
        _ long: String, short: Character? = nil, help: String, isGlobal: Bool = false
    ) -> OptionSpec {
        OptionSpec(long, short: short, help: help, kind: .flag, isGlobal: isGlobal)
    }

    /// A switch spelled `--long` and `--no-long`.
    public static func negatable(_ long: String, help: String) -> OptionSpec {
        OptionSpec(long, help: help, kind: .negatableFlag)
    }

    /// An option taking a free value.
    public static func value(
        _ long: String, short: Character? = nil, valueName: String, help: String,
        isRequired: Bool = false, isGlobal: Bool = false, completion: CompletionKind = .none
    ) -> OptionSpec {
        OptionSpec(
            long, short: short, help: help, kind: .value(valueName: valueName),
            isRequired: isRequired, isGlobal: isGlobal, completion: completion)
    }

    /// An option taking one of a fixed set of values.
    public static func choice(
        _ long: String, short: Character? = nil, valueName: String? = nil,
        choices: [String], help: String
    ) -> OptionSpec {
        OptionSpec(long, short: short, help: help, kind: .choice(valueName: valueName, choices: choices))
    }

    /// Whether the option consumes a value.
    public var takesValue: Bool {
        switch kind {
        case .flag, .negatableFlag: false
        case .value, .choice: true
        }
    }

    /// The fixed choices, or nil for options without them.
    public var choices: [String]? {
        if case .choice(_, let choices) = kind { return choices }
        return nil
    }

    /// How the value is shown in usage and help (`N`, `L|M|Q|H`), nil for flags.
    public var valueLabel: String? {
        switch kind {
        case .flag, .negatableFlag: nil
        case .value(let name): name
        case .choice(let name, let choices): name ?? choices.joined(separator: "|")
        }
    }

    /// Every long spelling with dashes (`--responder`, `--no-responder`).
    public var longSpellings: [String] {
        kind == .negatableFlag ? ["--" + long, "--no-" + long] : ["--" + long]
    }
}

/// How a shell completes an argument or an option's value.
public enum CompletionKind: Sendable, Equatable {
    /// Nothing is offered.
    case none
    /// Paths of files.
    case file
    /// Paths of directories.
    case directory
    /// A fixed list of words.
    case choices([String])
    /// Words printed by the program's hidden completion command for this
    /// named source (`contacts`).
    case dynamic(String)
}

/// One positional argument.
public struct ArgumentSpec: Sendable, Equatable {
    /// The value name in usage and the key of its parsed value (`CONTACT`).
    public var name: String
    /// One line (or a short paragraph) for help and the man page.
    public var help: String
    /// Whether the command can run without it.
    public var isOptional: Bool
    /// Whether it takes all remaining positional words.
    public var isVariadic: Bool
    /// How shells complete it.
    public var completion: CompletionKind

    /// Creates an argument, required and single by default.
    public init(
        _ name: String, help: String, isOptional: Bool = false, isVariadic: Bool = false,
        completion: CompletionKind = .none
    ) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isVariadic = isVariadic
        self.completion = completion
    }
}
