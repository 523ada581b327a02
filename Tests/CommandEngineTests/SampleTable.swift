import CommandEngine

/// A table shaped like lifesignal's CLI.md, so every engine rule is
/// exercised on realistic commands. The real table lives in LifeSignalCLI.
enum SampleTable {
    static let table = CommandTable(root: root)

    static let root = CommandSpec(
        "lifesignal",
        summary: "A check-in safety net: check in, or your responders are alerted.",
        options: [
            .flag("help", short: "h", help: "Show help for the command.", isGlobal: true),
            .flag("version", help: "Print the version."),
            .value("store", valueName: "DIR", help: "Use the store in DIR.", isGlobal: true, completion: .directory),
            .flag("json", help: "Print machine-readable JSON.", isGlobal: true),
            .flag("quiet", short: "q", help: "Print nothing but errors.", isGlobal: true),
            .flag("no-color", help: "Never colour the output.", isGlobal: true),
        ],
        subcommands: [
            login, CommandSpec("logout", summary: "Sign out."),
            CommandSpec("status", summary: "Show your check-in status.",
                        options: [.flag("check", help: "Exit non-zero when overdue or alerting.")]),
            profile, checkin, alert, ping, contacts, notifications, qr, settings,
            CommandSpec("tick", summary: "Bring deadlines up to date and deliver notifications."),
            CommandSpec("completions", summary: "Print a shell completion script.", arguments: [
                ArgumentSpec("SHELL", help: "The shell.", completion: .choices(["bash", "zsh", "fish"])),
            ]),
            CommandSpec("help", summary: "Show help for a command.", arguments: [
                ArgumentSpec("COMMAND", help: "The command.", isOptional: true, isVariadic: true),
            ]),
            CommandSpec("__complete", summary: "Print completion candidates.", arguments: [
                ArgumentSpec("SOURCE", help: "The source."),
                ArgumentSpec("WORD", help: "The word typed so far.", isOptional: true),
            ], isHidden: true),
        ],
        isRunnable: true,
        examples: [CommandExample("checkin", "Check in now.")]
    )

    static let contactArgument = ArgumentSpec(
        "CONTACT", help: "A contact's name, phone number or id.", completion: .dynamic("contacts"))

    static let login = CommandSpec(
        "login", summary: "Sign in with your phone number.",
        discussion: ["Without --code a code is sent by SMS; rerun with --code to verify it."],
        options: [
            .value("phone", valueName: "NUMBER", help: "Your phone number.", isRequired: true),
            .value("code", valueName: "CODE", help: "The 6-digit code you received."),
            .value("first-name", valueName: "NAME", help: "Your first name."),
            .value("last-name", valueName: "NAME", help: "Your last name."),
        ],
        examples: [CommandExample("login --phone +15551234567 --code 123456", "Verify a code.")]
    )

    static let profile = CommandSpec(
        "profile", summary: "Show your profile.",
        subcommands: [
            CommandSpec("set", summary: "Change your profile.", options: [
                .value("first-name", valueName: "NAME", help: "Your first name."),
                .value("last-name", valueName: "NAME", help: "Your last name."),
                .value("note", valueName: "TEXT", help: "An emergency note for responders."),
            ]),
        ],
        isRunnable: true
    )

    static let checkin = CommandSpec(
        "checkin", summary: "Check in now.",
        subcommands: [
            CommandSpec("history", summary: "List past check-ins.", options: [
                .value("limit", short: "n", valueName: "N", help: "Show at most N check-ins."),
            ]),
            CommandSpec("interval", summary: "Show or set the check-in interval.", arguments: [
                ArgumentSpec("DURATION", help: "The new interval (90m, 8h, 1d12h).", isOptional: true),
            ], options: [
                .value("reminder", valueName: "DURATION", help: "Remind this long before the deadline."),
            ]),
        ],
        isRunnable: true,
        passthrough: ArgumentSpec("COMMAND", help: "Run COMMAND and check in only if it succeeds."),
        examples: [CommandExample("checkin -- make backup", "Check in when the backup succeeds.")]
    )

    static let alert = CommandSpec(
        "alert", summary: "Show whether an alert is active.",
        subcommands: [
            CommandSpec("on", summary: "Raise an alert.", options: [.flag("yes", short: "y", help: "Do not ask.")]),
            CommandSpec("off", summary: "Clear the alert."),
        ],
        isRunnable: true
    )

    static let ping = CommandSpec(
        "ping", summary: "Ask a dependent to check in.",
        subcommands: [
            CommandSpec("send", summary: "Ping a dependent.", arguments: [contactArgument]),
            CommandSpec("list", summary: "List pings."),
            CommandSpec("respond", summary: "Answer pings.", arguments: [
                ArgumentSpec("PING_ID", help: "The ping; all pending ones when omitted.", isOptional: true,
                             completion: .dynamic("pings")),
            ]),
        ],
        defaultSubcommand: "send"
    )

    static let contacts = CommandSpec(
        "contacts", summary: "Manage your contacts.",
        subcommands: [
            CommandSpec("list", summary: "List contacts.", options: [
                .flag("responders", help: "Only responders."),
                .flag("dependents", help: "Only dependents."),
                .choice("sort", choices: ["time-left", "name", "added"], help: "Sort order."),
            ], exclusiveGroups: [ExclusiveGroup(["responders", "dependents"])]),
            CommandSpec("add", summary: "Add a contact from their code.", arguments: [
                ArgumentSpec("CODE", help: "The text of their QR code.", isOptional: true),
            ], options: [
                .value("image", valueName: "FILE", help: "Read the code from an image.", completion: .file),
                .flag("responder", help: "They respond to your alerts."),
                .flag("dependent", help: "You respond to theirs."),
            ], exclusiveGroups: [ExclusiveGroup(["CODE", "image"], isRequired: true)]),
            CommandSpec("show", summary: "Show one contact.", arguments: [contactArgument]),
            CommandSpec("role", summary: "Change a contact's roles.", arguments: [contactArgument], options: [
                .negatable("responder", help: "Whether they respond to your alerts."),
                .negatable("dependent", help: "Whether you respond to theirs."),
            ]),
            CommandSpec("remove", summary: "Remove a contact.", arguments: [contactArgument],
                        options: [.flag("yes", short: "y", help: "Do not ask.")]),
        ],
        defaultSubcommand: "list",
        examples: [CommandExample("contacts --sort name", "List contacts by name.")]
    )

    static let idOrAll: [OptionSpec] = [.flag("all", help: "Every notification.")]

    static let notifications = CommandSpec(
        "notifications", summary: "Read your notifications.",
        subcommands: [
            CommandSpec("list", summary: "List notifications, newest first.", options: [
                .choice("type", valueName: "TYPE",
                        choices: ["alerts", "pings", "roles", "added", "removed", "contacts", "check-ins"],
                        help: "Only this type."),
                .flag("unread", help: "Only unread ones."),
                .value("limit", short: "n", valueName: "N", help: "Show at most N."),
            ]),
            CommandSpec("read", summary: "Mark as read.", arguments: [
                ArgumentSpec("ID", help: "The notification.", isOptional: true),
            ], options: idOrAll, exclusiveGroups: [ExclusiveGroup(["ID", "all"], isRequired: true)]),
            CommandSpec("delete", summary: "Delete notifications.", arguments: [
                ArgumentSpec("ID", help: "The notification.", isOptional: true),
            ], options: idOrAll + [.flag("yes", short: "y", help: "Do not ask.")],
               exclusiveGroups: [ExclusiveGroup(["ID", "all"], isRequired: true)]),
            CommandSpec("follow", summary: "Print notifications as they arrive."),
        ],
        defaultSubcommand: "list"
    )

    static let picture: [OptionSpec] = [
        .value("png", valueName: "FILE", help: "Write a PNG image.", completion: .file),
        .value("svg", valueName: "FILE", help: "Write an SVG image.", completion: .file),
    ]

    static let qr = CommandSpec(
        "qr", summary: "Show, refresh, scan or draw QR codes.",
        subcommands: [
            CommandSpec("show", summary: "Show your code.",
                        options: picture + [.flag("invert", help: "Light on dark.")]),
            CommandSpec("refresh", summary: "Replace your code."),
            CommandSpec("scan", summary: "Decode a code from an image.", arguments: [
                ArgumentSpec("FILE", help: "A PNG or PNM image, or - for standard input.", completion: .file),
            ], options: [.flag("raw", help: "Print only the decoded bytes.")]),
            CommandSpec("encode", summary: "Draw any text as a code.", arguments: [
                ArgumentSpec("TEXT", help: "The text to encode."),
            ], options: picture + [
                .choice("ecc", choices: ["L", "M", "Q", "H"], help: "Error correction level."),
                .flag("invert", help: "Light on dark."),
            ]),
        ]
    )

    static let settings = CommandSpec(
        "settings", summary: "Show your settings.",
        subcommands: [
            CommandSpec("get", summary: "Print one setting.", arguments: [
                ArgumentSpec("KEY", help: "The setting.", completion: .choices(keys)),
            ]),
            CommandSpec("set", summary: "Change one setting.", arguments: [
                ArgumentSpec("KEY", help: "The setting.", completion: .choices(keys)),
                ArgumentSpec("VALUE", help: "on, off, or a shell command."),
            ]),
        ],
        isRunnable: true
    )

    static let keys = ["alerts", "pings", "check-ins", "contacts", "notify-command", "sms-command"]
}
