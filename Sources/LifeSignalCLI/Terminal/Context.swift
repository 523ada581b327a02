import CommandEngine
import LifeSignalApp
import LifeSignalCore

/// One run of one command: the application's session (clock, store,
/// signed-in account), with the global options and the terminal it talks
/// through.
final class Context: AppSession {
    let global: GlobalOptions
    /// The words, the terminal and its width.
    private let terminal: CLIEnvironment
    let out: TextOutput
    let err: TextOutput
    let json: Bool
    let quiet: Bool
    let style: Style

    init(env: CLIEnvironment, global: GlobalOptions, out: TextOutput, err: TextOutput) {
        self.global = global
        terminal = env
        self.out = out
        self.err = err
        json = global.json
        quiet = global.quiet
        style = Style(enabled: out.isTerminal && !global.noColor
                      && (env.app.variable("NO_COLOR") ?? "").isEmpty && env.app.variable("TERM") != "dumb")
        super.init(env: env.app, storeOption: global.store)
    }

    // MARK: The terminal

    /// Standard input.
    var input: any InputSource { terminal.input }

    /// Columns of the terminal output goes to: `COLUMNS` when set, else the
    /// terminal's own width; nil when output is not a terminal (no wrapping,
    /// so scripts see whole lines). Never below 20, where nothing fits.
    var width: Int? { remeasured ?? terminal.columns }

    /// The terminal's width as last asked again (`remeasureWidth`).
    private var remeasured: Int?

    /// Asks the terminal its width again, for a command that redraws while
    /// the window may be resized; `COLUMNS` still wins. True when it changed.
    @discardableResult
    func remeasureWidth() -> Bool {
        guard terminal.fixedColumns == nil, let measured = terminal.measureColumns().map({ max(20, $0) }) else { return false }
        let changed = measured != width
        remeasured = measured
        return changed
    }

    /// Prints a table fitted to `width`, header dimmed.
    func print(_ table: TextTable) {
        let width = width, dim = style.dim
        out.append { table.write(width: width, dim: dim, to: &$0) }
    }

    /// Prints `value` as JSON (pretty) on stdout.
    func printJSON(_ value: JSONValue) { out.line(value.rendered(pretty: true)) }

    /// Prints a human line unless `--quiet`.
    func say(_ text: String) { if !quiet { out.line(text) } }

    /// Prints a sentence or two unless `--quiet`, wrapped at word
    /// boundaries to the terminal's width (whole, off a terminal).
    func sayWrapped(_ text: String) {
        guard !quiet else { return }
        guard let width else { return out.line(text) }
        for line in TextWrap.lines(text, width: width) { out.line(line) }
    }

    /// A hint on stderr naming the next command, unless quiet or JSON.
    func hint(_ text: String) {
        if !quiet, !json { err.line("hint: \(TerminalText.line(text))") }
    }

    /// Says on stderr, unless quiet, that the account's own notify command
    /// keeps failing: shown at the next command once per spell.
    override func showChainFault() -> Bool {
        guard !quiet else { return false }
        err.line("warning: your notify command keeps failing: the alarms of the people you watch over reach you only "
            + "when you run lifesignal. 'lifesignal notifications' has the details.")
        return true
    }

    /// The questions asked on a terminal.
    var prompts: Prompts { Prompts(input: input, err: err) }

    /// Refuses a destructive action that was neither confirmed nor forced:
    /// off a terminal `--yes` is required (exit 5); on one, anything but
    /// yes is a decline (exit 14) that changes nothing.
    func requireConfirmation(_ question: String, yes: Bool, declined: String) throws {
        if yes { return }
        guard input.isTerminal else {
            throw LifeSignalError.refused("not confirmed: stdin is not a terminal, so add --yes")
        }
        guard try prompts.confirm(question) else { throw PromptDeclined(declined) }
    }
}
