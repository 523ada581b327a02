/// The shells a completion script can be generated for.
public enum CompletionShell: String, Sendable, CaseIterable {
    case bash, zsh, fish
}

/// Completion scripts generated from the table.
///
/// Every script follows one algorithm: walk the words before the cursor to
/// find the command path (subcommands only as the first word of a level,
/// default subcommands taking over, `help` followed by command names,
/// option values skipped, `--` ending options), then offer subcommands,
/// options, an option's value or an argument. Dynamic values come from
/// `PROGRAM <dynamicCompletionCommandName> <source> <current word>`, which
/// must print one candidate per line, quickly and without errors.
public enum CompletionScript {
    /// The script for `shell`, ready to be sourced or installed.
    public static func render(_ shell: CompletionShell, for table: CommandTable) -> String {
        let model = CompletionModel(table: table)
        switch shell {
        case .bash: return BashCompletion(model: model).render()
        case .zsh: return ZshCompletion(model: model).render()
        case .fish: return FishCompletion(model: model).render()
        }
    }
}

/// A neutral view of the table for the generators: one node per visible
/// command, with what may follow it already resolved.
struct CompletionModel {
    /// One offered word with its description.
    struct Candidate {
        let word: String
        let help: String
    }

    /// One visible command.
    struct Node {
        /// Command names below the root joined by spaces; empty for the root.
        let key: String
        let subcommands: [Candidate]
        let defaultSubcommand: String?
        /// Every option spelling accepted here, the default subcommand's included.
        let options: [Candidate]
        /// Value-taking spellings and how to complete their value.
        let values: [(spelling: String, kind: String)]
        /// How to complete the positional at each index.
        let arguments: [String]
        /// Whether the last argument repeats.
        let isVariadic: Bool
        let hasPassthrough: Bool
    }

    let program: String
    let dynamicCommand: String
    let helpCommand: String?
    let nodes: [Node]
    let globalValues: [(spelling: String, kind: String)]

    init(table: CommandTable) {
        program = table.programName
        dynamicCommand = table.dynamicCompletionCommandName
        helpCommand = table.helpCommandName
        var nodes: [Node] = []
        Self.collect(table.root, path: [], table: table, into: &nodes)
        self.nodes = nodes
        globalValues = table.globalOptions.flatMap(Self.valueEntries)
    }

    private static func collect(_ command: CommandSpec, path: [String], table: CommandTable, into nodes: inout [Node]) {
        var effective = command
        if let name = command.defaultSubcommand, let fallback = command.subcommand(named: name) {
            effective.options += fallback.options
            effective.arguments = fallback.arguments
            effective.passthrough = fallback.passthrough
        }
        let own = effective.options.filter { !$0.isGlobal || path.isEmpty }
        let accepted = own + (path.isEmpty ? [] : table.globalOptions)
        let arguments = effective.arguments
        nodes.append(Node(
            key: path.joined(separator: " "),
            subcommands: command.visibleSubcommands.map { Candidate(word: $0.name, help: $0.summary) },
            defaultSubcommand: command.defaultSubcommand,
            options: accepted.flatMap(optionCandidates),
            values: effective.options.filter { !$0.isGlobal }.flatMap(valueEntries),
            arguments: arguments.map { kind(of: $0.completion) },
            isVariadic: arguments.last?.isVariadic ?? false,
            hasPassthrough: effective.passthrough != nil))
        for sub in command.visibleSubcommands where sub.name != table.helpCommandName {
            collect(sub, path: path + [sub.name], table: table, into: &nodes)
        }
    }

    private static func optionCandidates(_ option: OptionSpec) -> [Candidate] {
        var result = option.longSpellings.map { Candidate(word: $0, help: option.help) }
        if let short = option.short { result.append(Candidate(word: "-" + String(short), help: option.help)) }
        return result
    }

    private static func valueEntries(_ option: OptionSpec) -> [(spelling: String, kind: String)] {
        guard option.takesValue else { return [] }
        let spellings = ["--" + option.long] + (option.short.map { ["-" + String($0)] } ?? [])
        return spellings.map { ($0, kind(of: option.completion)) }
    }

    /// The kind as the scripts spell it: `none`, `file`, `directory`,
    /// `choices:a b c`, `dynamic:source`.
    static func kind(of completion: CompletionKind) -> String {
        switch completion {
        case .none: "none"
        case .file: "file"
        case .directory: "directory"
        case .choices(let words): "choices:" + words.joined(separator: " ")
        case .dynamic(let source): "dynamic:" + source
        }
    }

    /// Bash and zsh single quoting.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// A `case` function assigning `variable` from a table of patterns
    /// (already quoted); shared by the bash and zsh scripts.
    static func caseFunction(
        _ name: String, subject: String, variable: String, rows: [(pattern: String, value: String)],
        fallback: String
    ) -> String {
        var lines = [name + "() {", "    case " + subject + " in"]
        for row in rows {
            lines.append("        " + row.pattern + ") " + variable + "=" + row.value + " ;;")
        }
        lines.append("        *) " + variable + "=" + fallback + " ;;")
        lines.append("    esac")
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Rows of the value-kind table: the node's options, then the global ones.
    func valueRows(quote: (String) -> String) -> [(pattern: String, value: String)] {
        var rows: [(pattern: String, value: String)] = []
        for node in nodes {
            for entry in node.values {
                rows.append((quote(node.key + ":" + entry.spelling), quote(entry.kind)))
            }
        }
        for entry in globalValues {
            rows.append(("*" + quote(":" + entry.spelling), quote(entry.kind)))
        }
        return rows
    }

    /// Rows of the argument-kind table keyed `path:index`; a variadic last
    /// argument matches every later index.
    func argumentRows(quote: (String) -> String) -> [(pattern: String, value: String)] {
        var rows: [(pattern: String, value: String)] = []
        for node in nodes {
            for (index, kind) in node.arguments.enumerated() {
                let isRepeating = node.isVariadic && index == node.arguments.count - 1
                let pattern = isRepeating ? quote(node.key + ":") + "*" : quote(node.key + ":" + String(index))
                rows.append((pattern, quote(kind)))
            }
        }
        return rows
    }
}
