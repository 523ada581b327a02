import CommandEngine

/// lifesignal's whole command line as one table: parsing, typed inputs,
/// help, usage errors, completions and the man page all come from it.
///
/// Each command is a small value type beside its entry (in the files of
/// this folder) that decodes and validates its options and arguments; its
/// `run` (in Commands/) is typed input in, one service call, rendered output.
/// To add a command: define its type with a `spec` naming `input: Self.self`,
/// list it under its parent by name (a `SubcommandEntry`, so that a run
/// builds only the commands it reaches), and give the type a `run`.
public enum LifeSignalTable {
    public static let table = CommandTable(root: Root.spec)
}

/// The program itself: `lifesignal` alone shows help; `--version`.
struct Root: CommandInput, Equatable {
    static let version = Flag("version", help: "Print the version and exit.")

    static let spec: CommandSpec = {
        var spec = CommandSpec(
            "lifesignal",
            summary: "a check-in safety net for people who live in a terminal",
            discussion: [
                "Check in on a schedule; if you stop, or raise an alert, the people who watch over you are told.",
            ],
            options: GlobalOptions.definitions + [version.spec],
            isRunnable: true,
            examples: [
                CommandExample("login --phone +15551234567", "sign in (or create an account)"),
                CommandExample("status --check", "exit non-zero when overdue or an alert is active"),
            ],
            input: .running(Root.self))
        spec.subcommandEntries = commands
        return spec
    }()

    /// Every top-level command, in the order help lists them, by name:
    /// a run builds only the one it invokes. (Joined with `+`: a list of
    /// the lists would be one more array type for the runtime to make.)
    static let commands: [SubcommandEntry] =
        AccountCommandTable.entries + SessionCommandTable.entries + CheckinCommandTable.entries + TripCommandTable.entries
        + JobsCommandTable.entries
        + SafetyCommandTable.entries + DrillCommandTable.entries + ReportCommandTable.entries + WatchCommandTable.entries
        + ContactCommandTable.entries
        + NotificationCommandTable.entries + QRCommandTable.entries + SystemCommandTable.entries

    let showVersion: Bool

    init(from parsed: ParsedCommand) {
        showVersion = parsed[Self.version]
    }
}

/// The options every command accepts, decoded once for the whole run.
struct GlobalOptions: Equatable {
    static let help = Flag("help", short: "h", help: "Show help for the command.", isGlobal: true)
    static let store = Option<String>(
        "store", valueName: "STORE",
        help: "Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).",
        isGlobal: true, completion: .directory)
    static let json = Flag("json", help: "Print data as JSON (and errors as JSON on stderr).", isGlobal: true)
    static let quiet = Flag("quiet", short: "q", help: "Print nothing on success, except data asked for.", isGlobal: true)
    static let noColor = Flag("no-color", help: "Never colour the output (also: NO_COLOR, TERM=dumb).", isGlobal: true)

    static let definitions = [help.spec, store.spec, json.spec, quiet.spec, noColor.spec]

    var store: String?
    var json = false
    var quiet = false
    var noColor = false

    init(store: String? = nil, json: Bool = false, quiet: Bool = false, noColor: Bool = false) {
        self.store = store
        self.json = json
        self.quiet = quiet
        self.noColor = noColor
    }

    init(from parsed: ParsedCommand) throws(UsageError) {
        store = try parsed.value(Self.store)
        json = parsed[Self.json]
        quiet = parsed[Self.quiet]
        noColor = parsed[Self.noColor]
    }
}
