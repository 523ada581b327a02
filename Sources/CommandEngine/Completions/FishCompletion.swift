/// Writes the fish completion script: one candidates function registered
/// with `complete -c`, printing `word<TAB>description` lines.
struct FishCompletion {
    let model: CompletionModel

    func render() -> String {
        let name = "__" + String(model.program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        var parts = ["# fish completion for " + model.program + "; generated from its command table."]
        parts.append(switchFunction(name + "_subcommands", subject: "$argv[1]",
            rows: model.nodes.filter { !$0.subcommands.isEmpty }.map { ($0.key, described($0.subcommands)) }))
        parts.append(switchFunction(name + "_default", subject: "$argv[1]",
            rows: model.nodes.compactMap { node in node.defaultSubcommand.map { (node.key, "echo " + quoted($0)) } }))
        parts.append(switchFunction(name + "_options", subject: "$argv[1]",
            rows: model.nodes.map { ($0.key, described($0.options)) }))
        let values = model.valueRows(quote: { $0 }).map { ($0.pattern, "echo " + quoted($0.value)) }
        parts.append(switchFunction(name + "_value_kind", subject: "$argv[1]:$argv[2]", rows: values))
        let arguments = model.argumentRows(quote: { $0 }).map { ($0.pattern, "echo " + quoted($0.value)) }
        parts.append(switchFunction(name + "_argument_kind", subject: "$argv[1]:$argv[2]", rows: arguments,
                                    fallback: "echo none"))
        parts.append(switchFunction(name + "_passthrough", subject: "$argv[1]",
            rows: model.nodes.filter(\.hasPassthrough).map { ($0.key, "echo 1") }))
        parts.append(offer(name))
        parts.append(main(name))
        parts.append("complete -c \(model.program) -f -a '(\(name)_complete)'")
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// Fish single quoting: only `\\` and `'` are special inside.
    private func quoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    private func described(_ candidates: [CompletionModel.Candidate]) -> String {
        "printf '%s\\t%s\\n' " + candidates.map { quoted($0.word) + " " + quoted($0.help) }.joined(separator: " ")
    }

    /// Patterns are quoted whole: fish's `case` still treats a quoted `*` as
    /// a wildcard, while an unquoted one would glob file names.
    private func switchFunction(
        _ name: String, subject: String, rows: [(pattern: String, body: String)], fallback: String? = nil
    ) -> String {
        var lines = ["function " + name, "    switch " + subject]
        for row in rows {
            lines.append("        case " + quoted(row.pattern))
            lines.append("            " + row.body)
        }
        if let fallback {
            lines.append("        case '*'")
            lines.append("            " + fallback)
        }
        lines.append("    end")
        lines.append("end")
        return lines.joined(separator: "\n")
    }

    private func offer(_ name: String) -> String {
        """
        function \(name)_offer --argument-names kind cur prefix
            switch $kind
                case file
                    __fish_complete_path "$cur" | string replace -r -- '^' "$prefix"
                case directory
                    __fish_complete_directories "$cur" | string replace -r -- '^' "$prefix"
                case command
                    __fish_complete_command
                case 'choices:*'
                    string split ' ' -- (string replace 'choices:' '' -- $kind) | string replace -r -- '^' "$prefix"
                case 'dynamic:*'
                    # The token without its escapes (`Ada\\ L` is `Ada L`); fish
                    # escapes the spaces of what it inserts.
                    \(model.program) \(model.dynamicCommand) (string replace 'dynamic:' '' -- $kind) (string unescape -- "$cur") 2>/dev/null | string replace -r -- '^' "$prefix"
            end
        end
        """
    }

    private func main(_ name: String) -> String {
        let help = model.helpCommand.map(quoted) ?? "''"
        return """
        function \(name)_complete
            set -l words (commandline -opc)
            set -e words[1]
            set -l cur (commandline -ct)
            set -l cmdpath ''
            set -l pending ''
            set -l prefix ''
            set -l skip 0
            set -l npos 0
            set -l descend 1
            set -l dashdash 0
            set -l helpmode 0
            if string match -q -- '--*=*' "$cur"
                set pending (string split -m 1 '=' -- "$cur")[1]
                set cur (string split -m 1 '=' -- "$cur")[2]
                set prefix "$pending="
            end
            for word in $words
                if test $skip = 1
                    set skip 0
                    continue
                end
                if test $dashdash = 1
                    set npos (math $npos + 1)
                    continue
                end
                switch $word
                    case '--'
                        set dashdash 1
                        set npos 0
                        set -l fallback (\(name)_default "$cmdpath")
                        if test $descend = 1 -a -n "$fallback"
                            set cmdpath (string trim -- "$cmdpath $fallback")
                        end
                        set descend 0
                        continue
                    case '-?*'
                        if test -n "$(\(name)_value_kind "$cmdpath" "$word")"
                            set skip 1
                        end
                        continue
                end
                if test $descend = 1
                    if test -z "$cmdpath" -a $helpmode = 0 -a "$word" = \(help)
                        set helpmode 1
                        continue
                    end
                    if contains -- $word (\(name)_subcommands "$cmdpath" | string replace -r '\\t.*' '')
                        set cmdpath (string trim -- "$cmdpath $word")
                        if test -z "$(\(name)_subcommands "$cmdpath")"
                            set descend 0
                        end
                        continue
                    end
                    set descend 0
                    if test $helpmode = 1
                        continue
                    end
                    set -l fallback (\(name)_default "$cmdpath")
                    if test -n "$fallback"
                        set cmdpath (string trim -- "$cmdpath $fallback")
                    end
                end
                set npos (math $npos + 1)
            end
            if test $skip = 1
                set pending $words[-1]
            end
            if test -n "$pending"
                \(name)_offer "$(\(name)_value_kind "$cmdpath" "$pending")" "$cur" "$prefix"
                return
            end
            if test $helpmode = 1
                test $descend = 1; and \(name)_subcommands "$cmdpath"
                return
            end
            if test $dashdash = 1
                if test -n "$(\(name)_passthrough "$cmdpath")"
                    if test $npos = 0
                        \(name)_offer command "$cur"
                    else
                        \(name)_offer file "$cur"
                    end
                    return
                end
                \(name)_offer "$(\(name)_argument_kind "$cmdpath" $npos)" "$cur"
                return
            end
            if string match -q -- '-*' "$cur"
                \(name)_options "$cmdpath"
                return
            end
            if test $descend = 1
                \(name)_subcommands "$cmdpath"
            end
            \(name)_offer "$(\(name)_argument_kind "$cmdpath" $npos)" "$cur"
        end
        """
    }
}
