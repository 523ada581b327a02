import CommandEngine

/// Settings, cron, shell integration and help.
enum SystemCommandTable {
    static let all = [settings, tick, doctor, store, completions, help, complete]

    static let store = CommandSpec(
        "store",
        summary: "Work on whole stores",
        subcommands: [
            CommandSpec(
                "copy",
                summary: "Copy a whole store into an empty one; everyone stays signed in",
                discussion: [
                    "Copies every file of FROM (accounts, contacts, pings, feeds, sessions, schedule) into TO, which must be empty or not exist yet. FROM is only read, from one consistent snapshot; TO is read back and compared when the copy is done.",
                    "A store has an identity that the copy keeps, and a sign-in belongs to that identity: whoever is signed in to FROM is signed in to TO as soon as --store or LIFESIGNAL_STORE names it. The copy is meant as a move: point everyone at TO and stop using FROM, or the two drift apart.",
                    "FROM and TO are directories, or etcd:// URLs where this lifesignal can open them.",
                ],
                arguments: [
                    ArgumentSpec("FROM", help: "The store to copy.", completion: .directory),
                    ArgumentSpec("TO", help: "Where the copy goes: an empty store.", completion: .directory),
                ],
                examples: [
                    CommandExample("store copy ~/.local/share/lifesignal /srv/family/lifesignal",
                                   "move your store to a shared directory"),
                ]),
        ])

    static let doctor = CommandSpec(
        "doctor",
        summary: "Check the whole store for damage and contradictions (changes nothing)",
        discussion: [
            "Every file must decode, links must be mirrored on both sides, indexes must point to the right accounts and counts must match. Each problem is listed with its file and what to do; the exit status is 7 when there is one.",
        ])

    static let settingKeys = ["alerts", "pings", "check-ins", "contacts", "notify-command", "sms-command"]

    static let settings = CommandSpec(
        "settings",
        summary: "Show or change notification preferences and external commands",
        subcommands: [
            CommandSpec(
                "get", summary: "Print one setting",
                arguments: [ArgumentSpec("KEY", help: "One of: " + settingKeys.joined(separator: ", ") + ".",
                                         completion: .choices(settingKeys))]),
            CommandSpec(
                "set", summary: "Change one setting",
                discussion: [
                    "alerts, pings, check-ins and contacts take on or off and choose what the notify-command receives; the feed always records everything.",
                    "notify-command and sms-command take a shell command run with /bin/sh -c; an empty string clears it.",
                ],
                arguments: [
                    ArgumentSpec("KEY", help: "One of: " + settingKeys.joined(separator: ", ") + ".",
                                 completion: .choices(settingKeys)),
                    ArgumentSpec("VALUE", help: "on or off, or a shell command."),
                ],
                examples: [
                    CommandExample("settings set notify-command 'mail -s \"$LIFESIGNAL_NOTIFICATION_TITLE\" me@example.com'",
                                   "mail every notification"),
                    CommandExample("settings set pings off", "stop handing pings to the notify-command"),
                ]),
        ],
        isRunnable: true)

    static let tick = CommandSpec(
        "tick",
        summary: "Bring deadlines up to date and deliver new notifications (for cron)",
        discussion: [
            "Delivers your undelivered notifications of the enabled types through the notify-command, each at least once. Exits 9 when a delivery failed; it is retried next time.",
        ],
        examples: [CommandExample("tick -q", "in a crontab, every few minutes")])

    static let completions = CommandSpec(
        "completions",
        summary: "Print the completion script for a shell",
        arguments: [ArgumentSpec("SHELL", help: "bash, zsh or fish.", completion: .choices(["bash", "zsh", "fish"]))],
        examples: [CommandExample("completions bash",
                                  "print the bash script (save it as ~/.local/share/bash-completion/completions/lifesignal)")])

    static let help = CommandSpec(
        "help",
        summary: "Show help for a command",
        arguments: [ArgumentSpec("COMMAND", help: "The command (and subcommand) to explain.", isOptional: true, isVariadic: true)])

    /// The hidden entry point completion scripts call for contact names.
    static let complete = CommandSpec(
        "__complete",
        summary: "Print completion candidates for a named source",
        arguments: [
            ArgumentSpec("SOURCE", help: "What to complete (contacts)."),
            ArgumentSpec("WORD", help: "The word being completed.", isOptional: true),
        ],
        isHidden: true)
}
