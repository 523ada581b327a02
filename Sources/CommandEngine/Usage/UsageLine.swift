/// Synopses of commands, synthesized from the table (`CONTACT [--json]`).
enum UsageLine {
    /// The synopsis after the command words: arguments, then options, then
    /// the passthrough. Exclusive groups render as `[A|B]`, at an argument's
    /// place when they include one.
    static func synopsis(of command: CommandSpec) -> String {
        if let usage = command.usage { return usage }
        var parts: [String] = []
        var rendered: Set<String> = []
        func group(containing name: String) -> ExclusiveGroup? {
            command.exclusiveGroups.first { $0.members.contains(name) }
        }
        func render(_ group: ExclusiveGroup) -> String {
            let members = group.members.map { member -> String in
                rendered.insert(member)
                if let option = command.options.first(where: { $0.long == member }) {
                    return bare(option)
                }
                return member
            }
            let body = members.joined(separator: "|")
            return group.isRequired ? body : "[" + body + "]"
        }
        for argument in command.arguments {
            if let group = group(containing: argument.name) {
                if !rendered.contains(argument.name) { parts.append(render(group)) }
                continue
            }
            parts.append(synopsis(of: argument))
        }
        for option in command.options where !option.isGlobal && !rendered.contains(option.long) {
            if let group = group(containing: option.long) {
                parts.append(render(group))
                continue
            }
            let text = bare(option)
            var part = option.isRequired ? text : "[" + text + "]"
            if option.isRepeatable { part += "..." }
            parts.append(part)
        }
        if let passthrough = command.passthrough {
            parts.append("[-- " + passthrough.name + "...]")
        }
        return parts.joined(separator: " ")
    }

    /// One argument: `NAME`, `[NAME]`, `NAME...`, `[NAME...]`.
    static func synopsis(of argument: ArgumentSpec) -> String {
        let body = argument.name + (argument.isVariadic ? "..." : "")
        return argument.isOptional ? "[" + body + "]" : body
    }

    /// An option without brackets: `--limit N`, `--responder|--no-responder`.
    static func bare(_ option: OptionSpec) -> String {
        if option.kind == .negatableFlag {
            return option.longSpellings.joined(separator: "|")
        }
        if let value = option.valueLabel { return "--" + option.long + " " + value }
        return "--" + option.long
    }

    /// Every usage line of the command at `path`, each starting with the
    /// program name: the command's own form when runnable, then the
    /// subcommand form (with `[default]` folded in when there is one).
    static func lines(for path: [String], in table: CommandTable) -> [String] {
        guard let command = table.command(at: path) else { return [] }
        let words = ([table.programName] + path).joined(separator: " ")
        var lines: [String] = []
        if let defaultName = command.defaultSubcommand, let fallback = command.subcommand(named: defaultName) {
            lines.append(join(words + " [" + defaultName + "]", synopsis(of: fallback)))
        } else if command.isRunnable {
            lines.append(join(words, synopsis(of: command)))
        }
        if !command.visibleSubcommands.isEmpty {
            let placeholder = path.isEmpty ? "<command>" : "<subcommand>"
            lines.append(words + " " + placeholder + " [<args>]")
        }
        return lines
    }

    private static func join(_ head: String, _ tail: String) -> String {
        tail.isEmpty ? head : head + " " + tail
    }
}
