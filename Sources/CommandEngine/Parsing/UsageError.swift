/// A command line that does not fit the table: the user's mistake.
///
/// Every usage error is reported the same way (see
/// `HelpRenderer.errorReport(for:)`) and, by the lifesignal contract, exits
/// with status 2; the program owns the mapping.
public struct UsageError: Error, Sendable, Equatable {
    /// What is wrong, with the offending input.
    public enum Problem: Sendable, Equatable {
        /// A word that names no command at this level.
        case unknownCommand(String, suggestions: [String])
        /// A command that only groups others was given without one.
        case missingSubcommand
        /// An option this command does not accept (as typed).
        case unknownOption(String, suggestions: [String])
        /// An option that needs a value was last on the line.
        case missingValue(option: String)
        /// A flag given a value with `=`.
        case unexpectedValue(option: String, value: String)
        /// A single-valued option given twice.
        case repeatedOption(String)
        /// Two members of an exclusive group (labels as shown in usage).
        case conflict(String, String)
        /// A required argument is absent.
        case missingArgument(String)
        /// A required option is absent.
        case missingOption(String)
        /// None of a required exclusive group was given.
        case missingOneOf([String])
        /// A positional word the command has no room for.
        case unexpectedArgument(String)
        /// A value that does not parse; `expected` completes "expected …".
        case invalidValue(String, for: String, expected: String)
        /// A value outside a fixed set.
        case invalidChoice(String, for: String, choices: [String], suggestions: [String])
    }

    /// What is wrong.
    public let problem: Problem
    /// Index in argv (argv[0] is the program) of the offending word, when
    /// there is one.
    public let position: Int?
    /// The command concerned, as names below the root (`["contacts", "add"]`).
    public let commandPath: [String]

    /// Creates an error; `ParsedCommand` accessors and the parser make these.
    public init(_ problem: Problem, position: Int? = nil, commandPath: [String]) {
        self.problem = problem
        self.position = position
        self.commandPath = commandPath
    }

    /// The one sentence after `error: `; the only place errors are worded.
    public var message: String {
        switch problem {
        case .unknownCommand(let word, let suggestions):
            let what = commandPath.isEmpty
                ? "unknown command \(quoted(word))"
                : "unknown subcommand \(quoted(word)) for \(quoted(commandPath.joined(separator: " ")))"
            return what + hint(suggestions)
        case .missingSubcommand:
            return commandPath.isEmpty
                ? "missing command"
                : "missing subcommand for \(quoted(commandPath.joined(separator: " ")))"
        case .unknownOption(let option, let suggestions):
            return "unknown option \(quoted(option))" + hint(suggestions)
        case .missingValue(let option):
            return "option \(quoted(option)) needs a value"
        case .unexpectedValue(let option, let value):
            return "option \(quoted(option)) does not take a value (got \(quoted(value)))"
        case .repeatedOption(let option):
            return "option \(quoted(option)) given more than once"
        case .conflict(let first, let second):
            return "\(quoted(first)) cannot be used with \(quoted(second))"
        case .missingArgument(let name):
            return "missing argument \(name)"
        case .missingOption(let option):
            return "missing required option \(quoted(option))"
        case .missingOneOf(let labels):
            return "missing " + alternatives(labels.map { $0.hasPrefix("-") ? quoted($0) : $0 })
        case .unexpectedArgument(let word):
            return "unexpected argument \(quoted(word))"
        case .invalidValue(let value, let label, let expected):
            return "invalid value \(quoted(value)) for \(quoted(label)): expected \(expected)"
        case .invalidChoice(let value, let label, let choices, let suggestions):
            return "invalid value \(quoted(value)) for \(quoted(label)): expected one of "
                + choices.joined(separator: ", ") + hint(suggestions)
        }
    }

    private func quoted(_ text: String) -> String { "'" + text + "'" }

    private func hint(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : " (did you mean " + alternatives(suggestions.map(quoted)) + "?)"
    }

    /// `A`, `A or B`, `A, B or C`.
    private func alternatives(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        if items.count == 1 { return last }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }
}
