import LifeSignalApp
import LifeSignalCore

/// Questions on the terminal: the question on stderr, the answer from stdin.
///
/// End of input (Ctrl-D) at any question ends the command the way a "no"
/// does: one line, exit 14, nothing changed beyond what was already done.
struct Prompts {
    let input: any InputSource
    let err: TextOutput

    /// The answer to `question` without its newline; throws `PromptDeclined`
    /// at end of input. With `echo` false the typed characters are hidden.
    func ask(_ question: String, echo: Bool = true) throws -> String {
        let answer = input.readLine(echo: echo) {
            err.write(TerminalText.line(question))
            try? err.flush()
        }
        guard let answer else {
            // The cursor is still after the question (a hidden answer's line
            // was ended already): end its line first.
            if echo { err.line() }
            throw PromptDeclined("Cancelled; nothing was changed.")
        }
        return answer
    }

    /// A yes/no question; only y or yes (any case) is yes, and with
    /// `defaultYes` an empty answer too (the question then says `[Y/n]`).
    func confirm(_ question: String, defaultYes: Bool = false) throws -> Bool {
        let answer = try ask(question + (defaultYes ? " [Y/n] " : " [y/N] ")).trimmingWhitespace().lowercased()
        return answer == "y" || answer == "yes" || (defaultYes && answer.isEmpty)
    }
}

/// The person said no at a prompt, or ended its input: exit 14 with this line.
struct PromptDeclined: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

/// A fault of lifesignal itself, never of the input: exit 1.
struct InternalError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
