import CommandEngine
import FoundationEssentials
import LifeSignalCore
import LifeSignalLocal
import LifeSignalStore
import ZoneInfoFiles

/// One run of one command: the global options, the output, and lazy access
/// to the clock, the store and the signed-in account.
final class Context {
    let env: CLIEnvironment
    let global: GlobalOptions
    let out: TextOutput
    let err: TextOutput
    let json: Bool
    let quiet: Bool
    let style: Style

    init(env: CLIEnvironment, global: GlobalOptions, out: TextOutput, err: TextOutput) {
        self.env = env
        self.global = global
        self.out = out
        self.err = err
        json = global.json
        quiet = global.quiet
        style = Style(enabled: out.isTerminal && !global.noColor
                      && (env.variable("NO_COLOR") ?? "").isEmpty && env.variable("TERM") != "dumb")
    }

    // MARK: Time and randomness

    private var cachedNow: Date?
    /// The simulated instant and the real time it was read at, so a
    /// long-running command's simulated clock runs on at real speed.
    private var simulatedStart: (at: Date, realTime: Date)?

    /// "Now": `LIFESIGNAL_NOW` when set, else the store's clock (an etcd
    /// cluster's: a laptop's wrong clock neither fires nor hides anyone's
    /// deadline there), else this machine's; fixed for the run.
    /// After `refreshNow` a simulated clock has moved on by the time that
    /// really passed since it was first read, to the whole millisecond (the
    /// schedule's resolution), so a long-running command meets a deadline
    /// as closely on simulated time as on the real clock.
    func now() throws -> Date {
        if let cachedNow { return cachedNow }
        var value = env.clock()
        if let start = simulatedStart {
            value = start.at.addingTimeInterval((value.timeIntervalSince(start.realTime) * 1000).rounded(.down) / 1000)
        } else if let simulated = try simulatedTime() {
            simulatedStart = (simulated, value)
            value = simulated
        } else if let storeTime = try storeClock() {
            value = storeTime
        }
        cachedNow = value
        return value
    }

    /// Lets a long-running command (`follow`) see time move on.
    func refreshNow() { cachedNow = nil }

    /// Whether "now" is simulated (`LIFESIGNAL_NOW`); only a simulation store accepts that.
    var clockKind: StoreClock {
        (env.variable("LIFESIGNAL_NOW") ?? "").isEmpty ? .real : .simulated
    }

    private func simulatedTime() throws -> Date? {
        guard let text = env.variable("LIFESIGNAL_NOW"), !text.isEmpty else { return nil }
        guard let parsed = ISO8601.parse(text) else {
            throw LifeSignalError.invalid("LIFESIGNAL_NOW=\(quoted(text)) is not an ISO 8601 time such as 2026-03-01T09:00:00Z")
        }
        return parsed
    }

    func core() throws -> CoreEnvironment {
        CoreEnvironment(now: try now(), random: env.random, zones: SystemZoneInfo.catalog(fileSystem: env.fileSystem))
    }

    // MARK: Places

    private var cachedPaths: LifeSignalPaths?

    /// Where things are; the store's location is parsed here, once.
    func paths() throws -> LifeSignalPaths {
        if let cachedPaths { return cachedPaths }
        let xdg = try XDGDirectories(variable: env.variable, fallbackHome: env.homeFallback)
        let paths = try LifeSignalPaths(xdg: xdg, variable: env.variable, storeOption: global.store,
                                        workingDirectory: env.workingDirectory)
        cachedPaths = paths
        return paths
    }

    private var cachedStore: SharedStore?
    /// An etcd store's identity hint, read once (`Context+Etcd`).
    var loadedIdentityHint: LoadedIdentityHint?
    /// The store, if this run opened it.
    var openedStore: SharedStore? { cachedStore }

    /// The store, opened once for the run and made when missing (for
    /// commands that write without being signed in: `login`).
    func store() throws -> SharedStore {
        if let cachedStore { return cachedStore }
        let location = try paths().store
        let store = try SharedStore.open(location, fileSystem: env.fileSystem, lockTimeout: env.lockTimeout,
                                         clock: clockKind, etcd: try etcdAccess(forOwnStore: location))
        expectSignedInReads(store, at: location)
        cachedStore = store
        return store
    }

    /// The store when there is one; looking never makes one.
    func existingStore() throws -> SharedStore? {
        if let cachedStore { return cachedStore }
        do {
            let location = try paths().store
            let store = try SharedStore.open(location, fileSystem: env.fileSystem, lockTimeout: env.lockTimeout,
                                             creating: false, clock: clockKind, etcd: try etcdAccess(forOwnStore: location))
            expectSignedInReads(store, at: location)
            cachedStore = store
            return store
        } catch StoreError.missing {
            return nil
        }
    }

    private var cachedIdentity: String??

    /// The store's identity (nil for an empty or missing store), read once.
    func storeIdentity() throws -> String? {
        if let cachedIdentity { return cachedIdentity }
        let identity = try existingStore()?.readWithoutCatchUp { try $0.identity() } ?? nil
        cachedIdentity = .some(identity)
        rememberIdentity(identity)
        return identity
    }

    func sessionFile(identity: String?) throws -> SessionFile {
        SessionFile(paths: try paths(), identity: identity, fileSystem: env.fileSystem)
    }

    func sessionFile() throws -> SessionFile { try sessionFile(identity: try storeIdentity()) }

    func localSettings() throws -> LocalSettingsFile { LocalSettingsFile(paths: try paths(), fileSystem: env.fileSystem) }

    // MARK: The signed-in account

    /// Whether someone is signed in to the store here; looking makes no store.
    func isSignedIn() throws -> Bool {
        guard try existingStore() != nil else { return false }
        return try sessionFile().load() != nil
    }

    private var cachedSession: SessionData?

    /// The session, read once; "not signed in" (exit 3) with the command to run.
    func session() throws -> SessionData {
        if let cachedSession { return cachedSession }
        guard let session = try sessionFile().load() else { throw LifeSignalError.notSignedIn }
        cachedSession = session
        return session
    }

    /// The session, from inside a snapshot or transaction, whose
    /// `store.json` names the store's identity without another read.
    private func session(in store: LayoutStore) throws -> SessionData {
        if let cachedSession { return cachedSession }
        let identity = try store.identity()
        cachedIdentity = .some(identity)
        rememberIdentity(identity)
        guard let session = try sessionFile(identity: identity).load() else { throw LifeSignalError.notSignedIn }
        cachedSession = session
        return session
    }

    /// Runs `body` on a consistent read of the store, for the signed-in
    /// account; a session last written down as used a day or more ago is
    /// written down again afterwards (so it does not expire while in use),
    /// and a store that cannot be written then is not an error.
    func reading<T>(_ body: (LayoutStore, Account) throws -> T) throws -> T {
        guard let shared = try existingStore() else { throw LifeSignalError.notSignedIn }
        let result = try shared.read(env: try core(), first: signedInAccountID, slice: catchUpSlice) { store in
            try body(store, try account(for: try session(in: store), in: store))
        }
        if sessionRenewalIsDue, let session = cachedSession {
            _ = try? shared.write(env: try core()) { store in
                try SessionService(store: store, env: try core()).renew(tokenHash: SHA256.hexDigest(session.token))
            }
            sessionRenewalIsDue = false
        }
        return result
    }

    /// Runs `body` in one atomic transaction, for the signed-in account,
    /// renewing the session in it when that is due.
    /// The body may run more than once (see `SharedStore`).
    func writing<T>(_ body: (LayoutStore, inout Account) throws -> T) throws -> T {
        guard let shared = try existingStore() else { throw LifeSignalError.notSignedIn }
        return try shared.write(env: try core(), first: signedInAccountID, slice: catchUpSlice) { store in
            let session = try session(in: store)
            var account = try account(for: session, in: store)
            if sessionRenewalIsDue {
                try SessionService(store: store, env: try core()).renew(tokenHash: SHA256.hexDigest(session.token))
            }
            return try body(store, &account)
        }
    }

    /// Other accounts this command's catch-up takes on when deadlines are
    /// due (`SharedStore.commandSlice`; `tick` takes an agent's share).
    var catchUpSlice = SharedStore.commandSlice

    /// The signed-in account as the session file here names it, for a
    /// catch-up to bring up to date first; nil when that cannot be told
    /// (the command itself then says why).
    private func signedInAccountID() -> EntityID? {
        (try? session())?.accountID
    }

    /// Whether the session's use is due to be written down (see `SessionService`).
    private var sessionRenewalIsDue = false

    private func account(for session: SessionData, in store: LayoutStore) throws -> Account {
        let now = try now()
        let (record, account) = try AuthService.session(forToken: session.token, in: store, now: now)
        guard account.id == session.accountID else { throw LifeSignalError.sessionExpired }
        sessionRenewalIsDue = SessionService.needsRenewal(record, at: now)
        return account
    }

    // MARK: Output helpers

    /// Columns of the terminal output goes to: `COLUMNS` when set, else the
    /// terminal's own width; nil when output is not a terminal (no wrapping,
    /// so scripts see whole lines). Never below 20, where nothing fits.
    var width: Int? { env.columns }

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

    /// The questions asked on a terminal.
    var prompts: Prompts { Prompts(input: env.input, err: err) }

    /// Refuses a destructive action that was neither confirmed nor forced:
    /// off a terminal `--yes` is required (exit 5); on one, anything but
    /// yes is a decline (exit 14) that changes nothing.
    func requireConfirmation(_ question: String, yes: Bool, declined: String) throws {
        if yes { return }
        guard env.input.isTerminal else {
            throw LifeSignalError.refused("not confirmed: stdin is not a terminal, so add --yes")
        }
        guard try prompts.confirm(question) else { throw PromptDeclined(declined) }
    }
}
