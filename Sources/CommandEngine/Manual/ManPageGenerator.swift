/// Writes an mdoc(7) manual page from the table and a `ManualPage`.
public enum ManPageGenerator {
    /// The page source, `mandoc -Tlint` clean for a sound table.
    public static func render(_ table: CommandTable, manual: ManualPage) -> String {
        let program = table.programName
        var out = [
            ".\\\" Generated from the command table of " + program + ".",
            ".Dd " + Roff.escape(manual.date, optionDashes: false),
            ".Dt " + Roff.argument(program.uppercased()) + " " + Roff.argument(manual.section),
            manual.source.map { ".Os " + Roff.argument($0) } ?? ".Os",
            ".Sh NAME",
            Roff.macro("Nm", program),
            ".Nd " + Roff.escape(trimmedSentence(table.root.summary), optionDashes: true),
            ".Sh SYNOPSIS",
            ".Nm",
        ]
        out += table.globalOptions.map { "." + optional(flag($0)) }
        out += [Roff.macro("Ar", "command"), ".Op " + Roff.argument("argument") + " ..."]
        if table.root.isRunnable {
            let own = table.root.options.filter { !$0.isGlobal }
            if !own.isEmpty { out += [".Nm"] + own.map { "." + optional(flag($0)) } }
        }
        out.append(".Sh DESCRIPTION")
        out += paragraphs(manual.description, first: true)
        if !table.globalOptions.isEmpty {
            out += (manual.description.isEmpty ? [] : [".Pp"]) + ["These options are accepted by every command:"]
            out += list(table.globalOptions.map { (flagLabel($0), $0.help) })
        }
        out.append(".Sh COMMANDS")
        out += [".Bl -tag -width Ds"]
        commandEntries(table.root, path: [], table: table, into: &out)
        out.append(".El")
        out += section("ENVIRONMENT", manual.environment.map { ("Ev " + Roff.argument($0.term), $0.text) })
        out += section("FILES", manual.files.map { ("Pa " + Roff.argument($0.term), $0.text) })
        out += section("EXIT STATUS", manual.exitStatus.map { ("Li " + Roff.argument($0.term), $0.text) })
        out += examples(uniqueExamples(collectExamples(table.root, path: []) + manual.examples), program: program)
        if !manual.seeAlso.isEmpty {
            out.append(".Sh SEE ALSO")
            for (index, reference) in manual.seeAlso.enumerated() {
                let comma = index + 1 < manual.seeAlso.count ? " ," : ""
                out.append(".Xr " + Roff.argument(reference.name) + " " + Roff.argument(reference.section) + comma)
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// One `.It` per visible runnable command, depth first, with its
    /// synopsis, description, arguments and options.
    private static func commandEntries(
        _ command: CommandSpec, path: [String], table: CommandTable, into out: inout [String]
    ) {
        if !path.isEmpty && command.isRunnable {
            out += [".It Xo", ".Nm", ".Cm " + path.map { Roff.argument($0) }.joined(separator: " ")]
            out += synopsis(of: command).map { "." + $0 }
            out.append(".Xc")
            out += Roff.sentences(command.summary)
            out += paragraphs(command.discussion)
            if path.count >= 2, let parent = table.command(at: Array(path.dropLast())),
               parent.defaultSubcommand == command.name {
                out += [".Pp", "The default subcommand of", ".Cm " + path.dropLast().map { Roff.argument($0) }
                    .joined(separator: " ") + " ."]
            }
            var items = command.arguments.map { ("Ar " + Roff.argument($0.name), $0.help) }
            if let passthrough = command.passthrough {
                items.append(("Fl \\- Ar " + Roff.argument(passthrough.name) + " ...", passthrough.help))
            }
            items += command.options.filter { !$0.isGlobal }.map { (flagLabel($0), helpText($0)) }
            out += list(items)
        }
        for sub in command.visibleSubcommands where sub.name != table.helpCommandName || !path.isEmpty {
            commandEntries(sub, path: path + [sub.name], table: table, into: &out)
        }
        if path.isEmpty, let helpName = table.helpCommandName, let help = command.subcommand(named: helpName) {
            commandEntries(help, path: [helpName], table: table, into: &out)
        }
    }

    /// Synopsis macros after the command words, mirroring `UsageLine`.
    private static func synopsis(of command: CommandSpec) -> [String] {
        if let usage = command.usage { return ["No " + usage.split(separator: " ").map { Roff.argument(String($0)) }
            .joined(separator: " ")] }
        var parts: [String] = []
        var rendered: Set<String> = []
        func member(_ name: String) -> String {
            rendered.insert(name)
            if let option = command.options.first(where: { $0.long == name }) { return flag(option) }
            return "Ar " + Roff.argument(name)
        }
        func group(_ group: ExclusiveGroup) -> String {
            let body = group.members.map(member).joined(separator: " | ")
            return group.isRequired ? body : "Op " + body
        }
        for argument in command.arguments where !rendered.contains(argument.name) {
            if let found = command.exclusiveGroups.first(where: { $0.members.contains(argument.name) }) {
                parts.append(group(found))
                continue
            }
            let body = "Ar " + Roff.argument(argument.name) + (argument.isVariadic ? " ..." : "")
            parts.append(argument.isOptional ? "Op " + body : body)
        }
        for option in command.options where !option.isGlobal && !rendered.contains(option.long) {
            if let found = command.exclusiveGroups.first(where: { $0.members.contains(option.long) }) {
                parts.append(group(found))
                continue
            }
            parts.append(option.isRequired ? flag(option) : optional(flag(option)))
        }
        if let passthrough = command.passthrough {
            parts.append("Op Fl \\- Ar " + Roff.argument(passthrough.name) + " ...")
        }
        return parts
    }

    private static func optional(_ body: String) -> String { "Op " + body }

    /// `Fl -limit Ar N`, `Fl -responder | Fl -no-responder`.
    private static func flag(_ option: OptionSpec) -> String {
        if option.kind == .negatableFlag {
            return "Fl " + Roff.argument("-" + option.long) + " | Fl " + Roff.argument("-no-" + option.long)
        }
        return "Fl " + Roff.argument("-" + option.long) + (option.valueLabel.map { " Ar " + Roff.argument($0) } ?? "")
    }

    /// The list label: short and long spellings with the value.
    private static func flagLabel(_ option: OptionSpec) -> String {
        guard let short = option.short else { return flag(option) }
        return "Fl " + Roff.argument(String(short)) + " , " + flag(option)
    }

    private static func helpText(_ option: OptionSpec) -> String {
        HelpRenderer.helpText(of: option)
    }

    private static func list(_ items: [(label: String, text: String)]) -> [String] {
        guard !items.isEmpty else { return [] }
        var out = [".Bl -tag -width Ds"]
        for item in items {
            out.append(".It " + item.label)
            out += Roff.sentences(item.text)
        }
        out.append(".El")
        return out
    }

    private static func section(_ title: String, _ items: [(label: String, text: String)]) -> [String] {
        items.isEmpty ? [] : [".Sh " + title] + list(items)
    }

    /// Paragraphs separated by `.Pp`; the first of a section needs none.
    private static func paragraphs(_ paragraphs: [String], first: Bool = false) -> [String] {
        paragraphs.enumerated().flatMap { index, text in
            (first && index == 0 ? [] : [".Pp"]) + Roff.sentences(text)
        }
    }

    private static func collectExamples(_ command: CommandSpec, path: [String]) -> [CommandExample] {
        guard !command.isHidden else { return [] }
        return command.examples + command.subcommands.flatMap { collectExamples($0, path: path + [$0.name]) }
    }

    /// Each command line once, where it first appears (a command's own
    /// example before the same line among the page's extra ones).
    private static func uniqueExamples(_ examples: [CommandExample]) -> [CommandExample] {
        var seen: Set<String> = []
        return examples.filter { seen.insert($0.commandLine).inserted }
    }

    private static func examples(_ examples: [CommandExample], program: String) -> [String] {
        guard !examples.isEmpty else { return [] }
        var out = [".Sh EXAMPLES"]
        for (index, example) in examples.enumerated() {
            if index > 0 { out.append(".Pp") }
            out += Roff.sentences(sentence(example.explanation))
            let words = (ShellWords.split(example.commandLine) ?? [example.commandLine]).map { word in
                Roff.argument(ShellWords.quotedIfNeeded(word), optionDashes: true)
            }
            out.append(".Dl " + ([Roff.argument(program)] + words).joined(separator: " "))
        }
        return out
    }

    /// Help shows explanations as phrases; the page as sentences.
    private static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let capitalised = first.uppercased() + text.dropFirst()
        return ".?!".contains(capitalised.last ?? ".") ? capitalised : capitalised + "."
    }

    /// mdoc's `.Nd` is a phrase: no trailing period.
    private static func trimmedSentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
