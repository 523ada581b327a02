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
                    # matcher does), and hand them back quoted. A line's tab
                    # starts what the candidate is, which bash cannot show.
                    # When none starts with the word, the program matched
                    # another part (a last name): offer what it found.
                    \(name)_dequote "$cur"
                    local typed=$REPLY folded=${REPLY,,}
                    local -a found=() starting=()
                    [[ $typed == *[[:upper:]]* ]] && folded=''
                    while IFS= read -r line; do
                        line=${line%%$'\\t'*}
                        [[ -n $line ]] || continue
                        found+=("$line")
                        if [[ $line == "$typed"* || ( -n $folded && ${line,,} == "$folded"* ) ]]; then
                            starting+=("$line")
                        fi
                    done < <(\(model.program) \(model.dynamicCommand) "${1#dynamic:}" "$typed" 2>/dev/null)
                    ((${#starting[@]})) && found=("${starting[@]}")
                    for line in "${found[@]}"; do
                        printf -v line '%q' "$line"
                        COMPREPLY+=("$line")
                    done ;;
            esac
        }
        """
    }

    /// Walks the words before the cursor, then offers what may come next.
    private func main(_ name: String) -> String {
        CompletionWalk(name: name, helpCommand: model.helpCommand.map(CompletionModel.quoted) ?? "''", dialect: .init(
            prologue: """
                    local cur=${COMP_WORDS[COMP_CWORD]} end=$COMP_CWORD
                    local cmdpath='' word pending='' skip='' i npos=0 descend=1 dashdash=0 helpmode=0 REPLY
                    COMPREPLY=()
                    # bash splits --option=value at '=', so rebuild the pair.
                    if [[ $cur == '=' ]]; then
                        pending=${COMP_WORDS[COMP_CWORD-1]} cur='' end=$((COMP_CWORD - 1))
                    elif ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[COMP_CWORD-1]} == '=' ]]; then
                        pending=${COMP_WORDS[COMP_CWORD-2]} end=$((COMP_CWORD - 2))
                    fi
                """,
            words: "COMP_WORDS", firstIndex: "1", end: "end",
            extraArms: "            =) skip=1; continue ;;",
            valueFollows: "[[ -n $REPLY && ${COMP_WORDS[i+1]-} != '=' ]]",
            isSubcommand: "[[ \" $REPLY \" == *\" $word \"* ]]",
            hasSubcommands: "[[ -n $REPLY ]]",
            offerSubcommands: "\(name)_offer \"words:$REPLY\"",
            offerOptions: "\(name)_offer \"words:$REPLY\"",
            offerNothing: "return")).render()
    }
}
