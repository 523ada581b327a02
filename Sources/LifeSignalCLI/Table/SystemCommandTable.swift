import CommandEngine

/// Settings, cron, shell integration and help.
enum SystemCommandTable {
    static let all = [settings, tick, doctor, completions, help, complete]

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
                    "notify-command and sms-command take a shell command run with /bin/sh -c; an empty string clears it. A newly set notify-command gets only what arrives from then on.",
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
            "Delivers your undelivered notifications of the enabled types through the notify-command, each at least once. An item the command fails on is retried with a back-off (1 minute, doubling up to 30) while the ones behind it go on; an ordinary item is set aside after 8 attempts, an alert or missed check-in never. Exits 9 when a delivery failed.",
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
