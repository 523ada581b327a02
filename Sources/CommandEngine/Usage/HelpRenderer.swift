/// Renders help, usage lines and usage-error reports from the table.
///
/// One layout for every command: summary, discussion, USAGE, ARGUMENTS,
/// OPTIONS, GLOBAL OPTIONS, SUBCOMMANDS (COMMANDS on the root), EXAMPLES;
/// labels in a fixed column, wrapped to 80 columns or a narrower terminal.
public struct HelpRenderer: Sendable {
    /// The table being described.
    public let table: CommandTable
    /// The columns text is wrapped to: at most 80, at least 20.
    public let width: Int

    /// Creates a renderer for a table, wrapping to `width` columns (a
    /// narrower terminal's; wider ones still get 80, which reads best).
    public init(table: CommandTable, width: Int? = nil) {
        self.table = table
        self.width = min(TextLayout.width, max(20, width ?? TextLayout.width))
    }

    /// The help text for the command at `path` (empty for the root), ending
    /// in a newline; an unknown path renders the root's help.
    public func help(for path: [String]) -> String {
        guard let command = table.command(at: path) else { return help(for: []) }
        let isRoot = path.isEmpty
        var out: [String] = []
        out.append(contentsOf: TextLayout.wrap(command.summary, width: width))
        for paragraph in command.discussion {
            out.append("")
            out.append(contentsOf: TextLayout.wrap(paragraph, width: width))
        }
        section("USAGE", UsageLine.lines(for: path, in: table).flatMap {
            TextLayout.wrapUsage($0, width: width, firstIndent: TextLayout.indent, indent: "      ")
        }, into: &out)
        section("ARGUMENTS", command.arguments.flatMap {
            TextLayout.labelled($0.name + ($0.isVariadic ? "..." : ""), $0.help, width: width)
        }, into: &out)
        let own = command.options.filter { !$0.isGlobal }
        section("OPTIONS", own.flatMap(optionLines), into: &out)
        section("GLOBAL OPTIONS", table.globalOptions.flatMap(optionLines), into: &out)
        section(isRoot ? "COMMANDS" : "SUBCOMMANDS", command.visibleSubcommands.flatMap { sub in
            let label = sub.name == command.defaultSubcommand ? sub.name + " (default)" : sub.name
            return TextLayout.labelled(label, sub.summary, width: width)
        }, into: &out)
        section("EXAMPLES", command.examples.flatMap { example in
            // The command itself stays whole, to be copied as it is.
            TextLayout.wrap(example.explanation, width: width, firstIndent: "  ", indent: "  ")
                + ["    " + table.programName + " " + example.commandLine]
        }, into: &out)
        if !command.visibleSubcommands.isEmpty, let helpName = table.helpCommandName {
            let words = ([table.programName, helpName] + path).joined(separator: " ")
            out.append("")
            out.append(contentsOf: TextLayout.wrap("Run '" + words + " <" + (isRoot ? "command" : "subcommand") + ">' for more.",
                                                   width: width))
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// `Usage: ` followed by the command's usage lines, aligned.
    public func usage(for path: [String]) -> String {
        let lines = UsageLine.lines(for: path, in: table)
        let head = "Usage: "
        let pad = String(repeating: " ", count: head.count)
        return lines.enumerated().map { index, line in
            TextLayout.wrapUsage(line, width: width, firstIndent: index == 0 ? head : pad,
                            indent: pad + "    ").joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The full report for a usage error: `error: …`, the usage of the
    /// command concerned, and where to find its help; ends in a newline.
    public func errorReport(for error: UsageError) -> String {
        var lines = ["error: " + error.message]
        let path = table.command(at: error.commandPath) == nil ? [] : error.commandPath
        let usage = usage(for: path)
        if !usage.isEmpty { lines.append(usage) }
        lines.append("See '" + ([table.programName] + path + ["--help"]).joined(separator: " ") + "'.")
        return lines.joined(separator: "\n") + "\n"
    }

    private func section(_ title: String, _ body: [String], into out: inout [String]) {
        guard !body.isEmpty else { return }
        out.append("")
        out.append(title)
        out.append(contentsOf: body)
    }

    private func optionLines(_ option: OptionSpec) -> [String] {
        TextLayout.labelled(Self.label(of: option), Self.helpText(of: option), width: width)
    }

    /// `-q, --quiet`, `    --limit N`, `    --responder, --no-responder`.
    static func label(of option: OptionSpec) -> String {
        let short = option.short.map { "-" + String($0) + ", " } ?? "    "
        if option.kind == .negatableFlag {
            return short + option.longSpellings.joined(separator: ", ")
        }
        return short + "--" + option.long + (option.valueLabel.map { " " + $0 } ?? "")
    }

    /// The option's help plus what the label cannot show.
    static func helpText(of option: OptionSpec) -> String {
        var text = option.help
        if case .choice(.some, let choices) = option.kind {
            text += " One of: " + choices.joined(separator: ", ") + "."
        }
        if option.isRequired { text += " Required." }
        if option.isRepeatable { text += " Can be repeated." }
        return text
    }
}
