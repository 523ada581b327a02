import CommandEngine

/// lifesignal's whole command line as one table: parsing, help, usage
/// errors, completions and the man page all come from it.
public enum LifeSignalTable {
    public static let table = CommandTable(root: root)

    static let root = CommandSpec(
        "lifesignal",
        summary: "a check-in safety net for people who live in a terminal",
        discussion: [
            "Check in on a schedule; if you stop, or raise an alert, the people who watch over you are told.",
        ],
        options: globalOptions,
        subcommands: AccountCommandTable.all + SafetyCommandTable.all + ContactCommandTable.all
            + NotificationCommandTable.all + QRCommandTable.all + SystemCommandTable.all,
        isRunnable: true,
        examples: [
            CommandExample("login --phone +15551234567", "sign in (or create an account)"),
            CommandExample("checkin", "check in now"),
            CommandExample("status --check", "exit non-zero when overdue or an alert is active"),
        ])

    static let globalOptions: [OptionSpec] = [
        .flag("help", short: "h", help: "Show help for the command.", isGlobal: true),
        .value("store", valueName: "STORE",
               help: "Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).",
               isGlobal: true, completion: .directory),
        .flag("json", help: "Print data as JSON (and errors as JSON on stderr).", isGlobal: true),
        .flag("quiet", short: "q", help: "Print nothing on success, except data asked for.", isGlobal: true),
        .flag("no-color", help: "Never colour the output (also: NO_COLOR, TERM=dumb).", isGlobal: true),
        .flag("version", help: "Print the version and exit."),
    ]

    /// A CONTACT argument: completed from the signed-in account's contacts.
    static func contactArgument(_ help: String = "A contact: unique name prefix, phone number or ID prefix.") -> ArgumentSpec {
        ArgumentSpec("CONTACT", help: help, completion: .dynamic("contacts"))
    }
}
