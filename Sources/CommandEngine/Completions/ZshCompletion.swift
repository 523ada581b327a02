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
                    # The word without its quoting (`Ada\\ L` is `Ada L`, and
                    # an opening quote not yet closed is dropped); compadd
                    # quotes what it inserts and ignores letter case. A
                    # line's tab starts what the candidate is, shown beside
                    # it. When none starts with the word, the program matched
                    # another part (a last name): offer what it found.
                    local line typed=${(Q)cur}
                    local -a shown
                    [[ $typed == [\\'\\"]* ]] && typed=${(Q)typed[2,-1]}
                    for line in ${(f)"$(\(model.program) \(model.dynamicCommand) ${1#dynamic:} "$typed" 2>/dev/null)"}; do
                        found+=("${line%%$'\\t'*}")
                        [[ $line == *$'\\t'* ]] && shown+=("${line%%$'\\t'*}  -- ${line#*$'\\t'}") || shown+=("$line")
                    done
                    compadd -M 'm:{a-z}={A-Z}' -d shown -- "${found[@]}" || compadd -U -d shown -- "${found[@]}" ;;
            esac
        }
        """
    }

    /// Walks the words before the cursor, then offers what may come next.
    private func main(_ name: String) -> String {
        CompletionWalk(name: name, helpCommand: model.helpCommand.map(CompletionModel.quoted) ?? "''", dialect: .init(
            prologue: """
                    local cur=${words[CURRENT]} cmdpath='' word pending='' skip='' REPLY
                    local -a reply
                    local -i i npos=0 descend=1 dashdash=0 helpmode=0
                    if [[ $cur == --*=* ]]; then
                        pending=${cur%%=*}
                        compset -P '*='
                        cur=${cur#*=}
                    fi
                """,
            words: "words", firstIndex: "2", end: "CURRENT",
            extraArms: "",
            valueFollows: "[[ -n $REPLY ]]",
            isSubcommand: "(( ${reply[(I)${(b)word}:*]} ))",
            hasSubcommands: "(( $#reply ))",
            offerSubcommands: "_describe -t commands command reply",
            offerOptions: "_describe -t options option reply",
            offerNothing: "return 1")).render()
    }
}
