/// One command of the table: its words, its inputs and its documentation.
public struct CommandSpec: Sendable, Equatable {
    /// The word that selects the command (`contacts`, `role`).
    public var name: String
    /// One line, shown in command lists, help and the man page.
    public var summary: String
    /// Optional paragraphs shown in help after the usage.
    public var discussion: [String]
    /// Positional arguments in order.
    public var arguments: [ArgumentSpec]
    /// Options of this command; on the root, options marked global apply
    /// to every command.
    public var options: [OptionSpec]
    /// Nested commands by name, each built only when a run reaches it
    /// (parsing builds the one it descends into; help, completions and the
    /// man page build them all).
    public var subcommandEntries: [SubcommandEntry]
    /// The subcommand parsed when the first word is not a subcommand name
    /// (`ping CONTACT` is `ping send CONTACT`).
    public var defaultSubcommand: String?
    /// Whether the command runs by itself even though it has subcommands
    /// (`alert` shows state while `alert on` raises one).
    public var isRunnable: Bool
    /// Words after `--` that are handed on untouched (`checkin -- COMMAND`).
    public var passthrough: ArgumentSpec?
    /// Sets of options (long names) and arguments (names) of which at most
    /// one, or exactly one when required, may be given.
    public var exclusiveGroups: [ExclusiveGroup]
    /// Command lines (after the program name) with a one-line explanation.
    public var examples: [CommandExample]
    /// Parsed but never shown in help, completions or the man page.
    public var isHidden: Bool
    /// Replaces the synthesized synopsis after the command words, for
    /// shapes the table cannot express.
    public var usage: String?
    /// The type the parser decodes this command's options and arguments
    /// into; nil for commands the program handles without one (`help`).
    public var input: InputType?

    /// Creates a command; `isRunnable` defaults to true for leaf commands.
    /// Subcommands come built (`subcommands`) or by name, built only when a
    /// run reaches them (`subcommandEntries`, listed after the built ones).
    public init(
        _ name: String,
        summary: String,
        discussion: [String] = [],
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        subcommands: [CommandSpec] = [],
        subcommandEntries: [SubcommandEntry] = [],
        defaultSubcommand: String? = nil,
        isRunnable: Bool? = nil,
        passthrough: ArgumentSpec? = nil,
        exclusiveGroups: [ExclusiveGroup] = [],
        examples: [CommandExample] = [],
        isHidden: Bool = false,
        usage: String? = nil,
        input: InputType? = nil
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommandEntries = subcommands.map(SubcommandEntry.init(built:)) + subcommandEntries
        self.defaultSubcommand = defaultSubcommand
        self.isRunnable = isRunnable ?? self.subcommandEntries.isEmpty
        self.passthrough = passthrough
        self.exclusiveGroups = exclusiveGroups
        self.examples = examples
        self.isHidden = isHidden
        self.usage = usage
        self.input = input
    }

    /// Nested commands, recognised only as the first word after this one.
    public var subcommands: [CommandSpec] {
        get { subcommandEntries.map { $0.make() } }
        set { subcommandEntries = newValue.map(SubcommandEntry.init(built:)) }
    }

    public var hasSubcommands: Bool { !subcommandEntries.isEmpty }

    /// The direct subcommand with this name, hidden ones included; only it is built.
    public func subcommand(named name: String) -> CommandSpec? {
        subcommandEntries.first { $0.name == name }?.make()
    }

    /// Subcommands shown in help, completions and the man page.
    public var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }
}

/// A subcommand known by its name before it is built. Building every
/// command of a large table costs a run more than the work it was asked
/// for (lifesignal's mostly instantiates the generic types of its
/// options), so a table can name its commands here
/// and build only the one invoked. `CommandTableLint` checks that each
/// entry's name is the name of the command it builds.
public struct SubcommandEntry: Sendable, Equatable {
    public let name: String
    /// Builds the command; called each time it is needed, so it should
    /// return a stored value (a `static let`).
    public let make: @Sendable () -> CommandSpec

    public init(_ name: String, _ make: @escaping @Sendable () -> CommandSpec) {
        self.name = name
        self.make = make
    }

    /// An entry for a command already built.
    public init(built spec: CommandSpec) {
        self.init(spec.name) { spec }
    }

    public static func == (lhs: SubcommandEntry, rhs: SubcommandEntry) -> Bool {
        lhs.name == rhs.name && lhs.make() == rhs.make()
    }
}

/// A set of options and arguments that exclude each other.
public struct ExclusiveGroup: Sendable, Equatable {
    /// Option long names (`responders`) and argument names (`CODE`).
    public var members: [String]
    /// Whether exactly one member must be given (`CODE|--image FILE`).
    public var isRequired: Bool

    /// Creates a group; members name options by long name, arguments by name.
    public init(_ members: [String], isRequired: Bool = false) {
        self.members = members
        self.isRequired = isRequired
    }
}

/// A sample command line with what it does.
public struct CommandExample: Sendable, Equatable {
    /// The words after the program name (`contacts --sort name`).
    public var commandLine: String
    /// One line saying what the example does.
    public var explanation: String

    /// Creates an example.
    public init(_ commandLine: String, _ explanation: String) {
        self.commandLine = commandLine
        self.explanation = explanation
    }
}
