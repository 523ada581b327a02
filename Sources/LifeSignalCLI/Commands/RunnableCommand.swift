import CommandEngine

/// A command's typed input that can run: the input in, one service call,
/// rendered output, and the exit status.
///
/// The table names each command's input type with `.running(Type.self)`,
/// which only compiles for a type that can run; the parser decodes it and
/// the program runs it through the entry's `Runner`.
protocol RunnableCommand: CommandInput {
    func run(_ c: Context) throws -> Int32
}

/// The code that runs a table entry's input, kept in the entry itself
/// (`InputType.payload`), so running a command needs no lookup: neither by
/// its name nor by a conformance check on the decoded value.
struct Runner: Sendable {
    let run: @Sendable (any CommandInput, Context) throws -> Int32

    init<Command: RunnableCommand>(_: Command.Type) {
        run = { input, context in
            guard let command = input as? Command else {
                throw InternalError("the parser decoded \(type(of: input)) for an entry of \(Command.self)")
            }
            return try command.run(context)
        }
    }
}

extension InputType {
    /// The entry decodes `Command` and runs it.
    static func running<Command: RunnableCommand>(_ type: Command.Type) -> InputType {
        InputType(type, payload: Runner(type))
    }
}

/// The success status, for commands that have nothing else to say.
let success = ExitCode.success.rawValue

extension Root: RunnableCommand {
    /// `lifesignal` alone shows help; `--version` the version.
    func run(_ c: Context) throws -> Int32 {
        guard showVersion else {
            c.out.write(HelpRenderer(table: LifeSignalTable.table, width: c.width).help(for: []))
            return success
        }
        c.out.line(c.json ? JSONValue.object([("version", .string(LifeSignalCLI.version))]).rendered(pretty: true)
                          : "lifesignal \(LifeSignalCLI.version)")
        return success
    }
}
