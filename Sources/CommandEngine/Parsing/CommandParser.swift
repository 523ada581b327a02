/// Turns argv into an `Invocation` by following a `CommandTable`.
///
/// Rules, in the order a reader meets them:
/// - `--name value` and `--name=value`; `-abc` bundles short flags; a short
///   option taking a value reads the rest of its bundle (`-n5`) or the next
///   word (`-n 5`).
/// - An option that takes a value consumes the next word whatever it looks
///   like (`--note -5`, `--note --`); only the end of the line is missing.
/// - `--` ends options: later words go to the command's passthrough when it
///   has one, otherwise they are positional. A bare `-` is positional.
/// - A subcommand is recognised only as the first word after its parent;
///   global options may come before it, but the parent's own options end
///   the search (`checkin --json history` does not run `history`).
/// - When that first word (or an option only the default subcommand knows)
///   is not a subcommand, the default subcommand takes over.
/// - A single-valued option given twice is an error; repeating a flag is
///   harmless, but `--x` with `--no-x` is a conflict.
/// - `-h`/`--help` (the option whose long name is `help`) anywhere before
///   `--` asks for help on the command reached so far, even when the rest
///   of the line has errors.
/// - Last, the command's input type (if its entry names one) decodes and
///   validates the values; its refusals are usage errors too.
public struct CommandParser: Sendable {
    /// The table being followed.
    public let table: CommandTable

    /// Creates a parser for a table.
    public init(table: CommandTable) {
        self.table = table
    }

    /// Parses the words after the program name; positions in errors count
    /// the program as argv[0].
    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var run = ParseRun(table: table, arguments: arguments)
        do {
            return try run.parse()
        } catch {
            if asksForHelp(arguments) { return .help(commandPath: run.names) }
            throw error
        }
    }

    /// Whether a help spelling appears before `--`, for help despite errors.
    private func asksForHelp(_ arguments: [String]) -> Bool {
        guard let help = table.globalOptions.first(where: { $0.long == "help" }) else { return false }
        let short = help.short.map { "-" + String($0) }
        for word in arguments {
            if word == "--" { return false }
            if word == "--help" || word == short { return true }
        }
        return false
    }
}

/// The mutable state of one parse; lives only inside `CommandParser.parse`.
private struct ParseRun {
    let table: CommandTable
    /// Computed once: the table's property filters on every call.
    let globalOptions: [OptionSpec]
    var cursor: ArgumentCursor
    var command: CommandSpec
    private(set) var names: [String] = []
    /// True until a word or an own option has been taken at this level.
    var canDescend: Bool
    var entries = NameTable<ParsedCommand.Entry>()
    var flags = NameTable<Bool>()
    var flagPositions = NameTable<Int>()
    var positionals: [(text: String, position: Int)] = []
    var passthrough: [String]?
    var helpRequested = false

    init(table: CommandTable, arguments: [String]) {
        self.table = table
        self.globalOptions = table.globalOptions
        self.cursor = ArgumentCursor(arguments)
        self.command = table.root
        self.canDescend = table.root.hasSubcommands
    }

    mutating func parse() throws(UsageError) -> Invocation {
        while let token = cursor.next() {
            switch token.kind {
            case .terminator:
                takeTerminator()
            case .long(let name, let value):
                let negated = name.hasPrefix("no-") ? name.dropFirst(3) : nil
                let option = try resolve(.long(name), at: token.position) {
                    $0.long == name || ($0.kind == .negatableFlag && negated == Substring($0.long))
                }
                try applyLong(option, spelled: name, inlineValue: value, at: token.position)
            case .shorts(let letters):
                try applyShorts(letters, at: token.position)
            case .word(let text):
                try takeWord(text, at: token.position)
            }
        }
        return try finish()
    }

    private func error(_ problem: UsageError.Problem, at position: Int? = nil) -> UsageError {
        UsageError(problem, position: position, commandPath: names)
    }

    private mutating func descend(into subcommand: CommandSpec) {
        names.append(subcommand.name)
        command = subcommand
        canDescend = subcommand.hasSubcommands
    }

    /// The default subcommand, when the parser may still switch to it.
    private var pendingDefault: CommandSpec? {
        guard canDescend, let name = command.defaultSubcommand else { return nil }
        return command.subcommand(named: name)
    }

    private mutating func takeTerminator() {
        if !command.isRunnable, let fallback = pendingDefault { descend(into: fallback) }
        canDescend = false
        let rest = cursor.rest()
        if command.passthrough != nil {
            passthrough = rest.words
        } else {
            for (offset, word) in rest.words.enumerated() {
                positionals.append((word, rest.position + offset))
            }
        }
    }

    private mutating func takeWord(_ text: String, at position: Int) throws(UsageError) {
        if canDescend {
            if let subcommand = command.subcommand(named: text) {
                descend(into: subcommand)
                return
            }
            if let fallback = pendingDefault {
                descend(into: fallback)
                return try takeWord(text, at: position)
            }
            if !command.isRunnable || command.arguments.isEmpty {
                let names = command.visibleSubcommands.map(\.name)
                throw error(.unknownCommand(text, suggestions: Suggestions.nearest(to: text, among: names)),
                            at: position)
            }
            canDescend = false
        }
        positionals.append((text, position))
    }

    /// An option as typed, spelled out only when an error needs it.
    private enum Typed {
        case long(String)
        case short(Character)
    }

    /// Finds an option by its typed spelling: the command's own, then the
    /// global ones, then (switching to it) the default subcommand's.
    private mutating func resolve(
        _ typed: Typed, at position: Int, where matches: (OptionSpec) -> Bool
    ) throws(UsageError) -> OptionSpec {
        while true {
            if let option = command.options.first(where: matches) {
                if !option.isGlobal { canDescend = false }
                return option
            }
            if let option = globalOptions.first(where: matches) { return option }
            guard let fallback = pendingDefault else { break }
            descend(into: fallback)
        }
        switch typed {
        case .short(let letter):
            throw error(.unknownOption("-" + String(letter), suggestions: []), at: position)
        case .long(let name):
            let accepted = (command.options + (names.isEmpty ? [] : globalOptions))
                .flatMap(\.longSpellings).map { String($0.dropFirst(2)) }
            let suggestions = Suggestions.nearest(to: name, among: accepted).map { "--" + $0 }
            throw error(.unknownOption("--" + name, suggestions: suggestions), at: position)
        }
    }

    private mutating func applyLong(
        _ option: OptionSpec, spelled name: String, inlineValue: String?, at position: Int
    ) throws(UsageError) {
        if option.takesValue {
            if let inlineValue {
                return try record(option, value: inlineValue, at: position, valueAt: position)
            }
            guard let next = cursor.nextValue() else { throw error(.missingValue(option: "--" + name), at: position) }
            return try record(option, value: next.text, at: position, valueAt: next.position)
        }
        if let inlineValue {
            throw error(.unexpectedValue(option: "--" + name, value: inlineValue), at: position)
        }
        try setFlag(option, to: name == option.long, at: position)
    }

    private mutating func applyShorts(_ letters: String, at position: Int) throws(UsageError) {
        var rest = Substring(letters)
        while let letter = rest.first {
            rest = rest.dropFirst()
            let option = try resolve(.short(letter), at: position) { $0.short == letter }
            guard option.takesValue else {
                try setFlag(option, to: true, at: position)
                continue
            }
            if !rest.isEmpty {
                return try record(option, value: String(rest), at: position, valueAt: position)
            }
            guard let next = cursor.nextValue() else {
                throw error(.missingValue(option: "-" + String(letter)), at: position)
            }
            return try record(option, value: next.text, at: position, valueAt: next.position)
        }
    }

    private mutating func record(
        _ option: OptionSpec, value: String, at position: Int, valueAt valuePosition: Int
    ) throws(UsageError) {
        let label = "--" + option.long
        if let choices = option.choices, !choices.contains(value) {
            let suggestions = Suggestions.nearest(to: value, among: choices)
            throw error(.invalidChoice(value, for: label, choices: choices, suggestions: suggestions),
                        at: valuePosition)
        }
        guard var entry = entries[option.long] else {
            entries[option.long] = .init(values: [value], position: position, label: label)
            return
        }
        guard option.isRepeatable else { throw error(.repeatedOption(label), at: position) }
        entry.values.append(value)
        entries[option.long] = entry
    }

    private mutating func setFlag(_ option: OptionSpec, to value: Bool, at position: Int) throws(UsageError) {
        if option.long == "help" { helpRequested = true }
        if let earlier = flags[option.long] {
            guard earlier == value else {
                throw error(.conflict(Self.flagLabel(option.long, earlier), Self.flagLabel(option.long, value)),
                            at: position)
            }
            return
        }
        flags[option.long] = value
        flagPositions[option.long] = position
    }

    private static func flagLabel(_ name: String, _ value: Bool) -> String {
        value ? "--" + name : "--no-" + name
    }

    private mutating func finish() throws(UsageError) -> Invocation {
        if helpRequested { return .help(commandPath: names) }
        while canDescend {
            if let fallback = pendingDefault {
                descend(into: fallback)
            } else if command.isRunnable {
                break
            } else {
                throw error(.missingSubcommand)
            }
        }
        if !command.isRunnable { throw error(.missingSubcommand) }
        if let helpName = table.helpCommandName, names == [helpName] {
            return try helpTarget()
        }
        for option in command.options where option.isRequired && !isGiven(option.long) {
            throw error(.missingOption("--" + option.long))
        }
        try assignArguments()
        try checkGroups()
        var parsed = ParsedCommand(commandPath: names, entries: entries, flags: flags, passthrough: passthrough)
        if let input = command.input {
            parsed.inputType = input
            parsed.input = try input.decode(parsed)
        }
        return .run(parsed)
    }

    private func isGiven(_ name: String) -> Bool { entries[name] != nil || flags[name] != nil }

    /// `help A B` names the command whose help is wanted.
    private func helpTarget() throws(UsageError) -> Invocation {
        var target = table.root
        var path: [String] = []
        for word in positionals {
            guard let next = target.subcommand(named: word.text) else {
                let names = target.visibleSubcommands.map(\.name)
                let problem = UsageError.Problem.unknownCommand(
                    word.text, suggestions: Suggestions.nearest(to: word.text, among: names))
                throw UsageError(problem, position: word.position, commandPath: path)
            }
            path.append(next.name)
            target = next
        }
        return .help(commandPath: path)
    }

    /// Left to right; a variadic argument leaves room for required ones after it.
    private mutating func assignArguments() throws(UsageError) {
        var remaining = positionals[...]
        let specs = command.arguments
        for (index, spec) in specs.enumerated() {
            let requiredAfter = specs[(index + 1)...].count { !$0.isOptional }
            let take: Int
            if spec.isVariadic {
                take = max(0, remaining.count - requiredAfter)
            } else if spec.isOptional {
                take = remaining.count > requiredAfter ? 1 : 0
            } else {
                take = remaining.isEmpty ? 0 : 1
            }
            guard take > 0, let first = remaining.first else {
                if !spec.isOptional { throw error(.missingArgument(spec.name)) }
                continue
            }
            let values = remaining.prefix(take).map(\.text)
            entries[spec.name] = .init(values: values, position: first.position, label: spec.name)
            remaining = remaining.dropFirst(take)
        }
        if let extra = remaining.first {
            throw error(.unexpectedArgument(extra.text), at: extra.position)
        }
    }

    private func checkGroups() throws(UsageError) {
        for group in command.exclusiveGroups {
            var present: [(label: String, position: Int)] = []
            for member in group.members {
                if let entry = entries[member] {
                    present.append((entry.label, entry.position))
                } else if let value = flags[member] {
                    present.append((Self.flagLabel(member, value), flagPositions[member] ?? 0))
                }
            }
            present.sort { $0.position < $1.position }
            if present.count >= 2 {
                throw error(.conflict(present[0].label, present[1].label), at: present[1].position)
            }
            if group.isRequired && present.isEmpty {
                let labels = group.members.map { member in
                    command.arguments.contains { $0.name == member } ? member : "--" + member
                }
                throw error(.missingOneOf(labels))
            }
        }
    }
}
