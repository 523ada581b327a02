/// Writes the zsh completion script: a `#compdef` dispatcher that works
/// from `fpath` and when sourced.
struct ZshCompletion {
    let model: CompletionModel

    func render() -> String {
        let name = "_" + String(model.program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        let q = CompletionModel.quoted
        func described(_ candidates: [CompletionModel.Candidate]) -> String {
            "(" + candidates.map { q($0.word.replacing(":", with: "\\:") + ":" + $0.help) }
                .joined(separator: " ") + ")"
        }
        var parts = [
            "#compdef " + model.program + "\n# zsh completion for " + model.program
                + "; generated from its command table.",
        ]
        parts.append(CompletionModel.caseFunction(
            name + "_subcommands", subject: "$1", variable: "reply",
            rows: model.nodes.filter { !$0.subcommands.isEmpty }.map { (q($0.key), described($0.subcommands)) },
            fallback: "()"))
        parts.append(CompletionModel.caseFunction(
            name + "_default", subject: "$1", variable: "REPLY",
            rows: model.nodes.compactMap { node in node.defaultSubcommand.map { (q(node.key), q($0)) } },
            fallback: "''"))
        parts.append(CompletionModel.caseFunction(
            name + "_options", subject: "$1", variable: "reply",
            rows: model.nodes.map { (q($0.key), described($0.options)) }, fallback: "()"))
        parts.append(CompletionModel.caseFunction(
            name + "_value_kind", subject: "$1:$2", variable: "REPLY",
            rows: model.valueRows(quote: q), fallback: "''"))
        parts.append(CompletionModel.caseFunction(
            name + "_argument_kind", subject: "$1:$2", variable: "REPLY",
            rows: model.argumentRows(quote: q), fallback: "none"))
        parts.append(CompletionModel.caseFunction(
            name + "_passthrough", subject: "$1", variable: "REPLY",
            rows: model.nodes.filter(\.hasPassthrough).map { (q($0.key), "1") }, fallback: "''"))
        parts.append(offer(name))
        parts.append(main(name))
        parts.append("""
            if [[ $funcstack[1] == \(name) ]]; then
                \(name) "$@"
            else
                compdef \(name) \(model.program)
            fi
            """)
        return parts.joined(separator: "\n\n") + "\n"
    }

    private func offer(_ name: String) -> String {
        """
        \(name)_offer() {
            local -a found
            case $1 in
                file) _files ;;
                directory) _files -/ ;;
                command) _command_names -e ;;
                choices:*) found=(${(s: :)${1#choices:}}); compadd -- "${found[@]}" ;;
                dynamic:*)
                    # The word without its quoting (`Ada\\ L` is `Ada L`);
                    # compadd quotes what it inserts and ignores letter case.
                    found=(${(f)"$(\(model.program) \(model.dynamicCommand) ${1#dynamic:} "${(Q)cur}" 2>/dev/null)"})
                    compadd -M 'm:{a-z}={A-Z}' -- "${found[@]}" ;;
            esac
        }
        """
    }

    private func main(_ name: String) -> String {
        let help = model.helpCommand.map(CompletionModel.quoted) ?? "''"
        return """
        \(name)() {
            local cur=${words[CURRENT]} cmdpath='' word pending='' skip='' REPLY
            local -a reply
            local -i i npos=0 descend=1 dashdash=0 helpmode=0
            if [[ $cur == --*=* ]]; then
                pending=${cur%%=*}
                compset -P '*='
                cur=${cur#*=}
            fi
            for ((i = 2; i < CURRENT; i++)); do
                word=${words[i]}
                if [[ -n $skip ]]; then skip=''; continue; fi
                if ((dashdash)); then npos+=1; continue; fi
                case $word in
                    --)
                        dashdash=1 npos=0
                        \(name)_default "$cmdpath"
                        if ((descend)) && [[ -n $REPLY ]]; then cmdpath=${cmdpath:+$cmdpath }$REPLY; fi
                        descend=0
                        continue ;;
                    -?*)
                        \(name)_value_kind "$cmdpath" "$word"
                        [[ -n $REPLY ]] && skip=1
                        continue ;;
                esac
                if ((descend)); then
                    if [[ -z $cmdpath && $helpmode == 0 && $word == \(help) ]]; then helpmode=1; continue; fi
                    \(name)_subcommands "$cmdpath"
                    if (( ${reply[(I)${(b)word}:*]} )); then
                        cmdpath=${cmdpath:+$cmdpath }$word
                        \(name)_subcommands "$cmdpath"
                        (( $#reply )) || descend=0
                        continue
                    fi
                    descend=0
                    ((helpmode)) && continue
                    \(name)_default "$cmdpath"
                    [[ -n $REPLY ]] && cmdpath=${cmdpath:+$cmdpath }$REPLY
                fi
                npos+=1
            done
            [[ -n $skip ]] && pending=${words[CURRENT-1]}
            if [[ -n $pending ]]; then
                \(name)_value_kind "$cmdpath" "$pending"
                \(name)_offer "$REPLY"
                return
            fi
            if ((helpmode)); then
                ((descend)) || return 1
                \(name)_subcommands "$cmdpath"
                _describe -t commands command reply
                return
            fi
            if ((dashdash)); then
                \(name)_passthrough "$cmdpath"
                if [[ -n $REPLY ]]; then
                    if ((npos == 0)); then \(name)_offer command; else \(name)_offer file; fi
                    return
                fi
                \(name)_argument_kind "$cmdpath" "$npos"
                \(name)_offer "$REPLY"
                return
            fi
            if [[ $cur == -* ]]; then
                \(name)_options "$cmdpath"
                _describe -t options option reply
                return
            fi
            if ((descend)); then
                \(name)_subcommands "$cmdpath"
                _describe -t commands command reply
            fi
            \(name)_argument_kind "$cmdpath" "$npos"
            \(name)_offer "$REPLY"
        }
        """
    }
}
