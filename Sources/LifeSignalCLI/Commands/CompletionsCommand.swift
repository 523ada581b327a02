import CommandEngine
import LifeSignalCore

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

extension Completions: RunnableCommand {
    /// Prints exactly the file in `completions/`.
    func run(_ c: Context) throws -> Int32 {
        c.out.write(LifeSignalManual.completionScript(shell))
        return success
    }
}
