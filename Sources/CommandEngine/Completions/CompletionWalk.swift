/// The completion function that bash and zsh scripts share: one state
/// machine, written once, in the words of either shell.
///
/// It walks the words before the cursor to find the command path
/// (subcommands only as the first word of a level, default subcommands
/// taking over, `help` followed by command names, option values skipped,
/// `--` ending options), then offers an option's value, command names after
/// `help`, what follows `--`, options, subcommands or an argument. The
/// table functions it calls (`NAME_subcommands`, `NAME_default`,
/// `NAME_value_kind`, `NAME_argument_kind`, `NAME_passthrough`, `NAME_offer`)
/// come from the script around it.
struct CompletionWalk {
    /// How one shell says what the walk needs; each entry is shell code.
    struct Dialect {
        /// Declares the walk's variables (`cur`, `cmdpath`, `word`,
        /// `pending`, `skip`, `i`, `npos`, `descend`, `dashdash`, `helpmode`,
        /// `REPLY`) and takes an `--option=value` being typed apart into
        /// `pending` and `cur`.
        let prologue: String
        /// The typed words, indexed from the program name.
        let words: String
        /// The index of the first word after the program name.
        let firstIndex: String
        /// The index of the first word not walked (the cursor's, or the
        /// option before a split `=`).
        let end: String
        /// `case` arms matched before options (bash's lone `=`).
        let extraArms: String
        /// True when the option `$word`, whose value kind is in `REPLY`,
        /// takes its value from the next word.
        let valueFollows: String
        /// True when `$word` is one of the subcommands just looked up.
        let isSubcommand: String
        /// True when the subcommands just looked up are not none.
        let hasSubcommands: String
        /// Offers the subcommands just looked up.
        let offerSubcommands: String
        /// Offers the options just looked up.
        let offerOptions: String
        /// Ends the function having offered nothing.
        let offerNothing: String
    }

    let name: String
    let helpCommand: String
    let dialect: Dialect

    func render() -> String {
        let d = dialect
        return """
        \(name)() {
        \(d.prologue)
            for ((i = \(d.firstIndex); i < \(d.end); i++)); do
                word=${\(d.words)[i]}
                if [[ -n $skip ]]; then skip=''; continue; fi
                if ((dashdash)); then npos=$((npos + 1)); continue; fi
                case $word in
                    --)
                        dashdash=1 npos=0
                        \(name)_default "$cmdpath"
                        if ((descend)) && [[ -n $REPLY ]]; then cmdpath=${cmdpath:+$cmdpath }$REPLY; fi
                        descend=0
                        continue ;;\(d.extraArms.isEmpty ? "" : "\n" + d.extraArms)
                    -?*)
                        \(name)_value_kind "$cmdpath" "$word"
                        if \(d.valueFollows); then skip=1; fi
                        continue ;;
                esac
                if ((descend)); then
                    if [[ -z $cmdpath && $helpmode == 0 && $word == \(helpCommand) ]]; then helpmode=1; continue; fi
                    \(name)_subcommands "$cmdpath"
                    if \(d.isSubcommand); then
                        cmdpath=${cmdpath:+$cmdpath }$word
                        \(name)_subcommands "$cmdpath"
                        \(d.hasSubcommands) || descend=0
                        continue
                    fi
                    descend=0
                    if ((helpmode)); then continue; fi
                    \(name)_default "$cmdpath"
                    if [[ -n $REPLY ]]; then cmdpath=${cmdpath:+$cmdpath }$REPLY; fi
                fi
                npos=$((npos + 1))
            done
            if [[ -n $skip ]]; then pending=${\(d.words)[\(d.end) - 1]}; fi
            if [[ -n $pending ]]; then
                \(name)_value_kind "$cmdpath" "$pending"
                \(name)_offer "$REPLY"
                return
            fi
            if ((helpmode)); then
                ((descend)) || \(d.offerNothing)
                \(name)_subcommands "$cmdpath"
                \(d.offerSubcommands)
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
                \(d.offerOptions)
                return
            fi
            if ((descend)); then
                \(name)_subcommands "$cmdpath"
                \(d.offerSubcommands)
            fi
            \(name)_argument_kind "$cmdpath" "$npos"
            \(name)_offer "$REPLY"
        }
        """
    }
}
