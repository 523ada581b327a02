import CommandEngine
import FoundationEssentials
import LifeSignalCore
import LifeSignalStore

/// One run of one command: its parsed input, its output, and lazy access
/// to the clock, the store and the signed-in account.
final class Context {
    let env: CLIEnvironment
    let parsed: ParsedCommand
    let out: TextOutput
    let err: TextOutput
    let json: Bool
    let quiet: Bool
    let style: Style

    init(env: CLIEnvironment, parsed: ParsedCommand, out: TextOutput, err: TextOutput) {
        self.env = env
        self.parsed = parsed
        self.out = out
        self.err = err
        json = parsed.flag("json")
        quiet = parsed.flag("quiet")
        style = Style(enabled: out.isTerminal && !parsed.flag("no-color")
                      && (env.variables["NO_COLOR"] ?? "").isEmpty && env.variables["TERM"] != "dumb")
    }

    // MARK: Time and randomness

    private var cachedNow: Date?
    /// The simulated instant and the real time it was read at, so a
    /// long-running command's simulated clock runs on at real speed.
    private var simulatedStart: (at: Date, realTime: Date)?

    /// "Now": `LIFESIGNAL_NOW` when set, else the clock; fixed for the run.
    /// After `refreshNow` a simulated clock has moved on by the whole
    /// seconds that really passed since it was first read.
    func now() throws -> Date {
        if let cachedNow { return cachedNow }
        var value = env.clock()
        if let start = simulatedStart {
            value = start.at.addingTimeInterval(value.timeIntervalSince(start.realTime).rounded(.down))
        } else if let simulated = try simulatedTime() {
            simulatedStart = (simulated, value)
            value = simulated
        }
        cachedNow = value
        return value
    }

    /// Lets a long-running command (`follow`) see time move on.
    func refreshNow() { cachedNow = nil }

    /// Whether "now" is simulated (`LIFESIGNAL_NOW`); only a simulation store accepts that.
    var clockKind: StoreClock {
        (env.variables["LIFESIGNAL_NOW"] ?? "").isEmpty ? .real : .simulated
    }

    private func simulatedTime() throws -> Date? {
        guard let text = env.variables["LIFESIGNAL_NOW"], !text.isEmpty else { return nil }
        guard let parsed = ISO8601.parse(text) else {
            throw LifeSignalError.invalid("LIFESIGNAL_NOW=\(quoted(text)) is not an ISO 8601 time such as 2026-03-01T09:00:00Z")
        }
        return parsed
    }

    func core() throws -> CoreEnvironment { CoreEnvironment(now: try now(), random: env.random) }

    // MARK: Places

    private var cachedPaths: LifeSignalPaths?

    func paths() throws -> LifeSignalPaths {
        if let cachedPaths { return cachedPaths }
        let xdg = try XDGDirectories(environment: env.variables, fallbackHome: env.homeFallback)
        let paths = try LifeSignalPaths(xdg: xdg, environment: env.variables, storeOption: parsed.string("store"),
                                        workingDirectory: env.workingDirectory)
        cachedPaths = paths
        return paths
    }

    func engine() throws -> StoreEngine {
        try StoreEngine(root: try paths().store, fileSystem: env.fileSystem, lockTimeout: env.lockTimeout, clock: clockKind)
    }

    func sessionFile() throws -> SessionFile { SessionFile(paths: try paths(), fileSystem: env.fileSystem) }

    func localSettings() throws -> LocalSettingsFile { LocalSettingsFile(paths: try paths(), fileSystem: env.fileSystem) }

    // MARK: The signed-in account

    /// The session, or "not signed in" (exit 3) with the command to run.
    func session() throws -> SessionData {
        guard let session = try sessionFile().load() else { throw LifeSignalError.notSignedIn }
        return session
    }

    /// Runs `body` on a consistent read of the store, for the signed-in account.
    func reading<T>(_ body: (FileStore, Account) throws -> T) throws -> T {
        let session = try session()
        return try engine().read(env: try core()) { store in
            try body(store, try Self.account(for: session, in: store))
        }
    }

    /// Runs `body` in one atomic transaction, for the signed-in account.
    func writing<T>(_ body: (FileStore, inout Account) throws -> T) throws -> T {
        let session = try session()
        return try engine().write(env: try core()) { store in
            var account = try Self.account(for: session, in: store)
            return try body(store, &account)
        }
    }

    private static func account(for session: SessionData, in store: FileStore) throws -> Account {
        let account = try AuthService.account(forToken: session.token, in: store)
        guard account.id == session.accountID else { throw LifeSignalError.sessionExpired }
        return account
    }

    // MARK: Output helpers

    /// Prints `value` as JSON (pretty) on stdout.
    func printJSON(_ value: JSONValue) { out.line(value.rendered(pretty: true)) }

    /// Prints a human line unless `--quiet`.
    func say(_ text: String) { if !quiet { out.line(text) } }

    /// A hint on stderr naming the next command, unless quiet or JSON.
    func hint(_ text: String) {
        if !quiet, !json { err.line("hint: \(text)") }
    }

    /// Asks a yes/no question on a terminal; false when stdin is not one.
    func confirm(_ question: String) -> Bool {
        guard env.input.isTerminal else { return false }
        err.write(question + " [y/N] ")
        try? err.flush()
        let answer = env.input.readLine(echo: true)?.trimmingWhitespace().lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }

    /// Refuses a destructive action that was neither confirmed nor forced.
    func requireConfirmation(_ question: String, yes: Bool) throws {
        if yes { return }
        guard env.input.isTerminal else {
            throw LifeSignalError.refused("not confirmed: stdin is not a terminal, so add --yes")
        }
        guard confirm(question) else { throw LifeSignalError.refused("cancelled") }
    }
}
