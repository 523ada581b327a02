/// Writes the bash completion script: a `_PROGRAM` function for `complete -F`.
struct BashCompletion {
    let model: CompletionModel

    func render() -> String {
        let name = "_" + functionStem(model.program)
        let q = CompletionModel.quoted
        var parts = ["# bash completion for " + model.program + "; generated from its command table."]
        parts.append(CompletionModel.caseFunction(
            name + "_subcommands", subject: "$1", variable: "REPLY",
            rows: model.nodes.filter { !$0.subcommands.isEmpty }.map {
                (q($0.key), q($0.subcommands.map(\.word).joined(separator: " ")))
            }, fallback: "''"))
        parts.append(CompletionModel.caseFunction(
            name + "_default", subject: "$1", variable: "REPLY",
            rows: model.nodes.compactMap { node in node.defaultSubcommand.map { (q(node.key), q($0)) } },
            fallback: "''"))
        parts.append(CompletionModel.caseFunction(
            name + "_options", subject: "$1", variable: "REPLY",
            rows: model.nodes.map { (q($0.key), q($0.options.map(\.word).joined(separator: " "))) },
            fallback: "''"))
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
        parts.append("complete -F " + name + " " + model.program)
        return parts.joined(separator: "\n\n") + "\n"
    }

    private func functionStem(_ program: String) -> String {
        String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Adds candidates of one kind matching `$cur` to COMPREPLY.
    private func offer(_ name: String) -> String {
        """
        \(name)_dequote() {
            local word=$1 i c
            REPLY=''
            case $word in
                \\'*) word=${word#\\'}; REPLY=${word%\\'}; return ;;
                \\"*) word=${word#\\"}; word=${word%\\"} ;;
            esac
            for ((i = 0; i < ${#word}; i++)); do
                c=${word:i:1}
                if [[ $c == "\\\\" ]]; then i=$((i + 1)); c=${word:i:1}; fi
                REPLY+=$c
            done
        }

        \(name)_offer() {
            local line
            case $1 in
                file)
                    compopt -o filenames 2>/dev/null
                    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur") ;;
                directory)
                    compopt -o filenames 2>/dev/null
                    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -d -- "$cur") ;;
                command)
                    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -c -- "$cur") ;;
                words:*|choices:*)
                    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "${1#*:}" -- "$cur") ;;
                dynamic:*)
                    # Candidates may hold spaces: match them against the word
                    # as typed without its quoting (`Ada\\ L` is `Ada L`), in
                    # any letter case unless it has a capital (as zsh's
                    # matcher does), and hand them back quoted.
                    \(name)_dequote "$cur"
                    local typed=$REPLY folded=${REPLY,,}
                    [[ $typed == *[[:upper:]]* ]] && folded=''
                    while IFS= read -r line; do
                        if [[ -n $line && ( $line == "$typed"* || ( -n $folded && ${line,,} == "$folded"* ) ) ]]; then
                            printf -v line '%q' "$line"
                            COMPREPLY+=("$line")
                        fi
                    done < <(\(model.program) \(model.dynamicCommand) "${1#dynamic:}" "$typed" 2>/dev/null) ;;
            esac
        }
        """
    }

    /// Walks the words before the cursor, then offers what may come next.
    private func main(_ name: String) -> String {
        let help = model.helpCommand.map(CompletionModel.quoted) ?? "''"
        return """
        \(name)() {
            local cur=${COMP_WORDS[COMP_CWORD]} end=$COMP_CWORD
            local cmdpath='' word pending='' skip='' i npos=0 descend=1 dashdash=0 helpmode=0 REPLY
            COMPREPLY=()
            # bash splits --option=value at '=', so rebuild the pair.
            if [[ $cur == '=' ]]; then
                pending=${COMP_WORDS[COMP_CWORD-1]} cur='' end=$((COMP_CWORD - 1))
            elif ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[COMP_CWORD-1]} == '=' ]]; then
                pending=${COMP_WORDS[COMP_CWORD-2]} end=$((COMP_CWORD - 2))
            fi
            for ((i = 1; i < end; i++)); do
                word=${COMP_WORDS[i]}
                if [[ -n $skip ]]; then skip=''; continue; fi
                if ((dashdash)); then npos=$((npos + 1)); continue; fi
                case $word in
                    --)
                        dashdash=1 npos=0
                        \(name)_default "$cmdpath"
                        if ((descend)) && [[ -n $REPLY ]]; then cmdpath=${cmdpath:+$cmdpath }$REPLY; fi
                        descend=0
                        continue ;;
                    =) skip=1; continue ;;
                    -?*)
                        \(name)_value_kind "$cmdpath" "$word"
                        if [[ -n $REPLY && ${COMP_WORDS[i+1]-} != '=' ]]; then skip=1; fi
                        continue ;;
                esac
                if ((descend)); then
                    if [[ -z $cmdpath && $helpmode == 0 && $word == \(help) ]]; then helpmode=1; continue; fi
                    \(name)_subcommands "$cmdpath"
                    if [[ " $REPLY " == *" $word "* ]]; then
                        cmdpath=${cmdpath:+$cmdpath }$word
                        \(name)_subcommands "$cmdpath"
                        [[ -n $REPLY ]] || descend=0
                        continue
                    fi
                    descend=0
                    if ((helpmode)); then continue; fi
                    \(name)_default "$cmdpath"
                    if [[ -n $REPLY ]]; then cmdpath=${cmdpath:+$cmdpath }$REPLY; fi
                fi
                npos=$((npos + 1))
            done
            if [[ -n $skip ]]; then pending=${COMP_WORDS[end-1]}; fi
            if [[ -n $pending ]]; then
                \(name)_value_kind "$cmdpath" "$pending"
                \(name)_offer "$REPLY"
                return
            fi
            if ((helpmode)); then
                ((descend)) || return
                \(name)_subcommands "$cmdpath"
                \(name)_offer "words:$REPLY"
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
                \(name)_offer "words:$REPLY"
                return
            fi
            if ((descend)); then
                \(name)_subcommands "$cmdpath"
                \(name)_offer "words:$REPLY"
            fi
            \(name)_argument_kind "$cmdpath" "$npos"
            \(name)_offer "$REPLY"
        }
        """
    }
}
