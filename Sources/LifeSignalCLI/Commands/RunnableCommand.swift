import CommandEngine

/// A command's typed input that can run: the input in, one service call,
/// rendered output, and the exit status.
///
/// The table names each command's input type; the parser decodes it; the
/// program runs whatever it decoded, so a command cannot be listed without
/// code that runs it (a test walks the table to prove it).
protocol RunnableCommand: CommandInput {
    func run(_ c: Context) throws -> Int32
}

/// The success status, for commands that have nothing else to say.
let success = ExitCode.success.rawValue

extension Root: RunnableCommand {
    /// `lifesignal` alone shows help; `--version` the version.
    func run(_ c: Context) throws -> Int32 {
        guard showVersion else {
            c.out.write(HelpRenderer(table: LifeSignalTable.table).help(for: []))
            return success
        }
        c.out.line(c.json ? JSONValue.object([("version", .string(LifeSignalCLI.version))]).rendered(pretty: true)
                          : "lifesignal \(LifeSignalCLI.version)")
        return success
    }
}
