import CommandEngine
import LifeSignalCore

/// `completions bash|zsh|fish`: prints exactly the file in `completions/`.
enum CompletionsCommand {
    static func run(_ c: Context) throws -> Int32 {
        let name = c.parsed.string("SHELL") ?? ""
        guard let shell = CompletionShell(rawValue: name) else {
            throw LifeSignalError.invalid("no completions for \(quoted(name)); choose bash, zsh or fish")
        }
        c.out.write(LifeSignalManual.completionScript(shell))
        return success
    }
}
