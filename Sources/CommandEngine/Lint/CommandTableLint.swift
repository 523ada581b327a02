/// Checks on the table itself, so a broken definition fails a test instead
/// of confusing a user.
public enum CommandTableLint {
    /// Every problem found, one sentence each, naming the command concerned;
    /// empty for a sound table.
    public static func problems(in table: CommandTable) -> [String] {
        var problems: [String] = []
        visit(table.root, path: [], table: table, into: &problems)
        if let helpName = table.helpCommandName, table.root.subcommand(named: helpName) == nil {
            problems.append("the help command '\(helpName)' is not in the table")
        }
        if usesDynamicCompletion(table.root) {
            let name = table.dynamicCompletionCommandName
            if let entry = table.root.subcommand(named: name) {
                if !entry.isHidden { problems.append("the completion command '\(name)' should be hidden") }
            } else {
                problems.append("dynamic completions need the hidden command '\(name)'")
            }
        }
        return problems
    }

    private static func visit(_ command: CommandSpec, path: [String], table: CommandTable, into problems: inout [String]) {
        let here = ([table.programName] + path).joined(separator: " ")
        func report(_ text: String) { problems.append(here + ": " + text) }

        if command.summary.isEmpty { report("no summary") }
        if !isWord(command.name) { report("bad command name '\(command.name)'") }
        checkOptions(command, isRoot: path.isEmpty, table: table, report: report)
        checkArguments(command, report: report)
        checkStructure(command, report: report)
        checkGroups(command, report: report)
        for example in command.examples { checkExample(example, table: table, report: report) }
        var seen: Set<String> = []
        for entry in command.subcommandEntries where entry.make().name != entry.name {
            report("the entry '\(entry.name)' builds the command '\(entry.make().name)'")
        }
        for sub in command.subcommands {
            if !seen.insert(sub.name).inserted { report("subcommand '\(sub.name)' defined twice") }
            visit(sub, path: path + [sub.name], table: table, into: &problems)
        }
    }

    private static func checkOptions(
        _ command: CommandSpec, isRoot: Bool, table: CommandTable, report: (String) -> Void
    ) {
        var longs: Set<String> = []
        var shorts: Set<Character> = []
        let inherited = isRoot ? [] : table.globalOptions
        for option in inherited {
            longs.formUnion(option.longSpellings)
            if let short = option.short { shorts.insert(short) }
        }
        for option in command.options {
            let name = "--" + option.long
            if option.help.isEmpty { report("option '\(name)' has no help") }
            if !isWord(option.long) { report("bad option name '\(option.long)'") }
            if option.isGlobal && !isRoot { report("option '\(name)' is global but not on the root") }
            for spelling in option.longSpellings where !longs.insert(spelling).inserted {
                report("option '\(spelling)' defined twice")
            }
            if let short = option.short {
                if option.kind == .negatableFlag { report("negatable option '\(name)' has a short name") }
                if short == "-" || short == " " { report("bad short name for '\(name)'") }
                if !shorts.insert(short).inserted { report("short option '-\(short)' defined twice") }
            }
            if let choices = option.choices {
                if choices.isEmpty { report("option '\(name)' has no choices") }
                if Set(choices).count != choices.count { report("option '\(name)' repeats a choice") }
            }
            if case .value(let valueName) = option.kind, valueName.isEmpty {
                report("option '\(name)' has no value name")
            }
            if option.completion != .none && !option.takesValue {
                report("flag '\(name)' has a value completion")
            }
            checkCompletion(option.completion, of: "option '\(name)'", report: report)
        }
    }

    private static func checkArguments(_ command: CommandSpec, report: (String) -> Void) {
        var names: Set<String> = []
        var sawOptional = false
        for (index, argument) in command.arguments.enumerated() {
            if argument.help.isEmpty { report("argument \(argument.name) has no help") }
            checkCompletion(argument.completion, of: "argument \(argument.name)", report: report)
            if !isWord(argument.name) { report("bad argument name '\(argument.name)'") }
            if !names.insert(argument.name).inserted { report("argument \(argument.name) defined twice") }
            if command.options.contains(where: { $0.long == argument.name }) {
                report("argument \(argument.name) has the name of an option")
            }
            if argument.isVariadic && index != command.arguments.count - 1 {
                report("variadic argument \(argument.name) is not the last")
            }
            if sawOptional && !argument.isOptional {
                report("required argument \(argument.name) follows an optional one")
            }
            sawOptional = sawOptional || argument.isOptional
        }
        if let passthrough = command.passthrough, passthrough.help.isEmpty {
            report("passthrough \(passthrough.name) has no help")
        }
    }

    /// Completion scripts list words separated by blanks, so words must
    /// have none; an empty list would offer nothing.
    private static func checkCompletion(_ completion: CompletionKind, of what: String, report: (String) -> Void) {
        switch completion {
        case .choices(let words):
            if words.isEmpty { report(what + " completes an empty list") }
            for word in words where word.isEmpty || !isWord(word) || word.contains("'") {
                report(what + " completes the unusable word '\(word)'")
            }
        case .dynamic(let source):
            if !isWord(source) || source.contains("'") { report(what + " has a bad completion source '\(source)'") }
        case .none, .file, .directory:
            break
        }
    }

    private static func checkStructure(_ command: CommandSpec, report: (String) -> Void) {
        if let name = command.defaultSubcommand {
            if command.subcommand(named: name) == nil { report("default subcommand '\(name)' does not exist") }
            if command.isRunnable { report("runnable and has a default subcommand; one of them never applies") }
        }
        if !command.isRunnable {
            if command.subcommands.isEmpty { report("not runnable and has no subcommands") }
            if command.options.contains(where: { !$0.isGlobal }) {
                report("options of a command that never runs")
            }
            if !command.arguments.isEmpty || command.passthrough != nil {
                report("arguments of a command that never runs")
            }
        }
    }

    private static func checkGroups(_ command: CommandSpec, report: (String) -> Void) {
        for group in command.exclusiveGroups {
            if group.members.count < 2 { report("exclusive group \(group.members) has fewer than two members") }
            for member in group.members {
                let isOption = command.options.contains { $0.long == member }
                let argument = command.arguments.first { $0.name == member }
                if !isOption && argument == nil { report("exclusive group names unknown '\(member)'") }
                if let argument, group.isRequired, !argument.isOptional {
                    report("argument \(member) in a required group should be optional")
                }
            }
        }
    }

    /// Examples must parse with the table they document.
    private static func checkExample(_ example: CommandExample, table: CommandTable, report: (String) -> Void) {
        if example.explanation.isEmpty { report("example '\(example.commandLine)' has no explanation") }
        guard let words = ShellWords.split(example.commandLine) else {
            return report("example '\(example.commandLine)' has unbalanced quotes")
        }
        do {
            _ = try CommandParser(table: table).parse(words)
        } catch {
            report("example '\(example.commandLine)' does not parse: \(error.message)")
        }
    }

    private static func usesDynamicCompletion(_ command: CommandSpec) -> Bool {
        let kinds = command.options.map(\.completion) + command.arguments.map(\.completion)
        if kinds.contains(where: { if case .dynamic = $0 { true } else { false } }) { return true }
        return command.subcommands.contains(where: usesDynamicCompletion)
    }

    /// Non-empty, no blanks, no `=`, not starting with a dash.
    private static func isWord(_ text: String) -> Bool {
        guard let first = text.first, first != "-" else { return false }
        return !text.contains { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\n" }
    }
}

/// Splits an example command line as a POSIX shell would for plain words
/// and single or double quotes (no expansions).
enum ShellWords {
    /// Shell operators an example may chain commands with; shown bare.
    static let operators: Set<String> = ["|", "||", "&&", ";", ">", ">>", "<"]

    /// `word` as a shell reads it back: bare when it holds only characters
    /// no shell treats specially, else in single quotes. A leading `~/`
    /// stays bare: an example means the home directory the shell puts there.
    static func quotedIfNeeded(_ word: String) -> String {
        if operators.contains(word) { return word }
        let rest = word.hasPrefix("~/") ? word.dropFirst(2) : Substring(word)
        let plain = !rest.isEmpty && rest.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-+=:,./@%".unicodeScalars.contains(scalar)
        }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// The words, or nil when a quote is left open.
    static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                inWord = true
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil else { return nil }
        if inWord { words.append(word) }
        return words
    }
}
