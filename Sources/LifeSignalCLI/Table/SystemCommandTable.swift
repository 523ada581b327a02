import CommandEngine

/// Settings, cron, shell integration and help.
enum SystemCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("settings") { Settings.spec },
        SubcommandEntry("tick") { Tick.spec },
        SubcommandEntry("agent") { Agent.spec },
        SubcommandEntry("doctor") { Doctor.spec },
        SubcommandEntry("store") { SystemCommandTable.store },
        SubcommandEntry("completions") { Completions.spec },
        SubcommandEntry("help") { SystemCommandTable.help },
        SubcommandEntry("__complete") { Complete.spec },
    ]

    /// `store ...`: work on whole stores.
    static let store = CommandSpec(
        "store",
        summary: "Work on whole stores",
        subcommandEntries: [
            SubcommandEntry("copy") { StoreCopy.spec },
        ])

    /// `help [COMMAND...]`: the parser answers it with help; it has no input.
    static let help = CommandSpec(
        "help",
        summary: "Show help for a command",
        arguments: [ArgumentSpec("COMMAND", help: "The command (and subcommand) to explain.", isOptional: true, isVariadic: true)])
}

/// `doctor`
struct Doctor: CommandInput, Equatable {
    static let spec = CommandSpec(
        "doctor",
        summary: "Check the whole store for damage and contradictions (changes nothing)",
        discussion: [
            "Every file must decode, links must be mirrored on both sides, indexes must point to the right accounts and counts must match. Each problem is listed with its file and what to do; the exit status is 7 when there is one.",
            "Right after a crash the store is judged as the next command's replay of its journal will leave it. Files someone else could have planted are listed first (exit status 8); one account's planted or damaged file stops only what needs it. A place that is no store, or a store copy that did not finish, is named, with how to remove the copy.",
        ],
        input: .running(Doctor.self))

    init(from parsed: ParsedCommand) {}
}

/// `tick`
struct Tick: CommandInput, Equatable {
    static let spec = CommandSpec(
        "tick",
        summary: "Bring deadlines up to date and deliver new notifications (for cron)",
        discussion: [
            "Delivers your undelivered notifications of the enabled types through the notify-command, each at least once. An item the command fails on is retried with a back-off (1 minute, doubling up to 30) while the ones behind it go on; an ordinary item is set aside after 8 attempts, an alert or missed check-in never. Exits 9 when a delivery failed.",
        ],
        examples: [CommandExample("tick -q", "what cron runs every few minutes: the crontab line */5 * * * * lifesignal tick -q")],
        input: .running(Tick.self))

    init(from parsed: ParsedCommand) {}
}

/// `completions bash|zsh|fish`
struct Completions: CommandInput, Equatable {
    static let shell = Argument<CompletionShell>(choice: "SHELL", help: "bash, zsh or fish.")

    static let spec = CommandSpec(
        "completions",
        summary: "Print the completion script for a shell",
        arguments: [shell.spec],
        examples: [CommandExample("completions bash",
                                  "print the bash script (save it as ~/.local/share/bash-completion/completions/lifesignal)")],
        input: .running(Completions.self))

    let shell: CompletionShell

    init(from parsed: ParsedCommand) throws(UsageError) {
        shell = try parsed.required(Self.shell)
    }
}

/// `__complete SOURCE [WORD]`: the hidden entry point completion scripts call.
struct Complete: CommandInput, Equatable {
    /// What the scripts ask for, named in the table's `.dynamic` completions.
    enum Source: String, CaseIterable, Equatable {
        /// Every contact's name.
        case contacts
        /// The names of the people the account watches over.
        case dependents
        /// The names of those whose invitations wait for the account's answer.
        case invitations
    }

    static let source = Argument<String>("SOURCE", help: "What to complete: contacts, dependents or invitations.")
    static let word = Argument<String>("WORD", help: "The word being completed.", isOptional: true)

    static let spec = CommandSpec(
        "__complete",
        summary: "Print completion candidates for a named source",
        arguments: [source.spec, word.spec],
        isHidden: true,
        input: .running(Complete.self))

    /// nil for a source this version does not know: the scripts of another
    /// version may ask, and completion must stay silent, never fail.
    let source: Source?
    let word: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        source = Source(rawValue: try parsed.required(Self.source))
        word = try parsed.value(Self.word) ?? ""
    }
}

/// `store copy FROM TO`
struct StoreCopy: CommandInput, Equatable {
    static let from = Argument<String>("FROM", help: "The store to copy.", completion: .directory)
    static let to = Argument<String>("TO", help: "Where the copy goes: an empty store.", completion: .directory)

    static let spec = CommandSpec(
        "copy",
        summary: "Copy a whole store into an empty one; everyone stays signed in",
        discussion: [
            "Copies every file of FROM (accounts, contacts, pings, feeds, sessions, schedule) into TO, which must be empty or not exist yet. FROM is only read, from one consistent snapshot; TO is read back and compared when the copy is done.",
            "A store has an identity that the copy keeps, and a sign-in belongs to that identity: whoever is signed in to FROM is signed in to TO as soon as --store or LIFESIGNAL_STORE names it. The copy is meant as a move: point everyone at TO and stop using FROM, or the two drift apart.",
            "FROM and TO are directories, or etcd:// URLs where this lifesignal can open them.",
            "The copy is all or nothing: until its last step TO holds a marker, copying.json, and no store.json, and every command refuses it (exit status 5), saying how to remove a copy that was cut short.",
        ],
        arguments: [from.spec, to.spec],
        examples: [
            CommandExample("store copy ~/.local/share/lifesignal /srv/family/lifesignal",
                           "move your store to a shared directory"),
        ],
        input: .running(StoreCopy.self))

    /// As typed: a relative directory is resolved against the working
    /// directory when the command runs.
    let from: String
    let to: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        from = try parsed.required(Self.from)
        to = try parsed.required(Self.to)
    }
}
