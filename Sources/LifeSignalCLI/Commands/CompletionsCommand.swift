import CommandEngine
import LifeSignalCore

extension Completions: RunnableCommand {
    /// Prints exactly the file in `completions/`.
    func run(_ c: Context) throws -> Int32 {
        c.out.write(LifeSignalManual.completionScript(shell))
        return success
    }
}
