/// The whole command-line interface of one program, as data.
///
/// The root command's name is the program name. Parsing, help, usage
/// errors, completions and the man page are all derived from this value,
/// so one edit to the table changes every one of them.
public struct CommandTable: Sendable, Equatable {
    /// The program itself; its subcommands are the top-level commands and
    /// its options marked `isGlobal` are accepted after any command.
    public var root: CommandSpec
    /// The top-level command that prints help for the words after it
    /// (`help contacts add`), or nil when the program has none. The table
    /// must also contain a subcommand of that name for it to be parsed.
    public var helpCommandName: String?
    /// The hidden top-level command that completion scripts call as
    /// `PROGRAM <name> <source> [current word]` to fetch dynamic
    /// candidates, one per line. The program implements it.
    public var dynamicCompletionCommandName: String

    /// Creates a table around its root command.
    public init(
        root: CommandSpec,
        helpCommandName: String? = "help",
        dynamicCompletionCommandName: String = "__complete"
    ) {
        self.root = root
        self.helpCommandName = helpCommandName
        self.dynamicCompletionCommandName = dynamicCompletionCommandName
    }

    /// The program name, as users type it.
    public var programName: String { root.name }

    /// Options accepted after any command: the root's options marked global.
    public var globalOptions: [OptionSpec] { root.options.filter(\.isGlobal) }

    /// The command reached by following `path` from the root (an empty path
    /// is the root), or nil when a name along the way is unknown.
    public func command(at path: [String]) -> CommandSpec? {
        var command = root
        for name in path {
            guard let next = command.subcommand(named: name) else { return nil }
            command = next
        }
        return command
    }
}
