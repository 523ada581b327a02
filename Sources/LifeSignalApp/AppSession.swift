import FoundationEssentials
import LifeSignalCore
import LifeSignalLocal
import LifeSignalStore
import StoreBackends
import StoreOpening
import ZoneInfoFiles

/// One run of the application: lazy access to the clock, the places, the
/// store and the signed-in account, each found once. A command line's
/// context adds its terminal to this.
open class AppSession {
    public let env: AppEnvironment
    /// The store named on the command line (`--store`), over `LIFESIGNAL_STORE`.
    public let storeOption: String?

    public init(env: AppEnvironment, storeOption: String?) {
        self.env = env
        self.storeOption = storeOption
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
    public final func now() throws -> Date {
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

    /// Lets a long-running command (`follow`, each step of the agent) see
    /// time move on, and settings changed meanwhile.
    public final func refreshNow() {
        cachedNow = nil
        cachedSettings = nil
    }

    /// Whether "now" is simulated (`LIFESIGNAL_NOW`); only a simulation store accepts that.
    public final var clockKind: StoreClock {
        (env.variable("LIFESIGNAL_NOW") ?? "").isEmpty ? .real : .simulated
    }

    private func simulatedTime() throws -> Date? {
        guard let text = env.variable("LIFESIGNAL_NOW"), !text.isEmpty else { return nil }
        guard let parsed = ISO8601.parse(text) else {
            throw LifeSignalError.invalid("LIFESIGNAL_NOW=\(quoted(text)) is not an ISO 8601 time such as 2026-03-01T09:00:00Z")
        }
        return parsed
    }

    public final func core() throws -> CoreEnvironment {
        CoreEnvironment(now: try now(), random: env.random, zones: zones)
    }

    /// The system's zones, for daily deadlines and quiet hours: made once,
    /// read only when an account has either.
    private lazy var zones = SystemZoneInfo.catalog(fileSystem: env.fileSystem)

    // MARK: Places

    private var cachedPaths: LifeSignalPaths?

    /// Where things are; the store's location is parsed here, once.
    public final func paths() throws -> LifeSignalPaths {
        if let cachedPaths { return cachedPaths }
        let xdg = try XDGDirectories(variable: env.variable, fallbackHome: env.homeFallback)
        let paths = try LifeSignalPaths(xdg: xdg, variable: env.variable, storeOption: storeOption,
                                        workingDirectory: env.workingDirectory)
        cachedPaths = paths
        return paths
    }

    private var cachedStore: SharedStore?
    /// An etcd store's identity hint, read once (`AppSession+Etcd`).
    final var loadedIdentityHint: LoadedIdentityHint?
    /// The store, if this run opened it.
    final var openedStore: SharedStore? { cachedStore }
    /// Every store this run opened: its own, and any other it was pointed at.
    final var storesOpened: [SharedStore] = []

    /// The store, opened once for the run and made when missing (for
    /// commands that write without being signed in: `login`).
    public final func store() throws -> SharedStore {
        if let cachedStore { return cachedStore }
        let location = try paths().store
        let store = try SharedStore.open(location, fileSystem: env.fileSystem, lockTimeout: env.lockTimeout,
                                         clock: clockKind, etcd: try etcdAccess(forOwnStore: location))
        expectSignedInReads(store, at: location)
        cachedStore = store
        storesOpened.append(store)
        return store
    }

    /// The store when there is one; looking never makes one.
    public final func existingStore() throws -> SharedStore? {
        if let cachedStore { return cachedStore }
        do {
            let location = try paths().store
            let store = try SharedStore.open(location, fileSystem: env.fileSystem, lockTimeout: env.lockTimeout,
                                             creating: false, clock: clockKind, etcd: try etcdAccess(forOwnStore: location))
            expectSignedInReads(store, at: location)
            cachedStore = store
            storesOpened.append(store)
            return store
        } catch StoreError.missing {
            return nil
        }
    }

    private var cachedIdentity: String??

    /// The store's identity (nil for an empty or missing store), read once.
    public final func storeIdentity() throws -> String? {
        if let cachedIdentity { return cachedIdentity }
        let identity = try existingStore()?.readWithoutCatchUp { try $0.identity() } ?? nil
        cachedIdentity = .some(identity)
        rememberIdentity(identity)
        return identity
    }

    public final func sessionFile(identity: String?) throws -> SessionFile {
        SessionFile(paths: try paths(), identity: identity, fileSystem: env.fileSystem)
    }

    public final func sessionFile() throws -> SessionFile { try sessionFile(identity: try storeIdentity()) }

    public final func localSettings() throws -> LocalSettingsFile { LocalSettingsFile(paths: try paths(), fileSystem: env.fileSystem) }

    private var cachedSettings: LocalSettings?

    /// This machine's settings as they stand, read once a run (once a step
    /// of a long-running command: `refreshNow`). A command that changes them
    /// reads and writes `localSettings()` itself.
    public final func settings() throws -> LocalSettings {
        if let cachedSettings { return cachedSettings }
        let settings = try localSettings().load()
        cachedSettings = settings
        return settings
    }

    // MARK: The signed-in account

    /// Whether someone is signed in to the store here; looking makes no store.
    public final func isSignedIn() throws -> Bool {
        guard try existingStore() != nil else { return false }
        return try sessionFile().load() != nil
    }

    final var cachedSession: SessionData?

    /// The session, read once; "not signed in" (exit 3) with the command to run.
    public final func session() throws -> SessionData {
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
    public final func reading<T>(_ body: (LayoutStore, Account) throws -> T) throws -> T {
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
        try warnOfChainFault(shared)
        return result
    }

    /// Runs `body` in one atomic transaction, for the signed-in account,
    /// renewing the session in it when that is due, and returns what the
    /// body returns: a change to the account is the body's to save (through
    /// a service) and to hand back, since the account it gets is a value
    /// read in the transaction. The body may run more than once (see
    /// `SharedStore`).
    public final func writing<T>(_ body: (LayoutStore, Account) throws -> T) throws -> T {
        guard let shared = try existingStore() else { throw LifeSignalError.notSignedIn }
        let result = try shared.write(env: try core(), first: signedInAccountID, slice: catchUpSlice) { store in
            let session = try session(in: store)
            let account = try account(for: session, in: store)
            if sessionRenewalIsDue {
                try SessionService(store: store, env: try core()).renew(tokenHash: SHA256.hexDigest(session.token))
            }
            return try body(store, account)
        }
        try warnOfChainFault(shared)
        return result
    }

    /// Other accounts this command's catch-up takes on when deadlines are
    /// due (`SharedStore.commandSlice`; `tick` takes an agent's share).
    final var catchUpSlice = SharedStore.commandSlice

    /// Has this run's catch-up take on an agent's share of the store's due
    /// deadlines (`tick`), not a command's small slice.
    public final func catchUpAsAgent() { catchUpSlice = SharedStore.agentSlice }

    /// The signed-in account as the session file here names it, for a
    /// catch-up to bring up to date first; nil when that cannot be told
    /// (the command itself then says why).
    private func signedInAccountID() -> EntityID? {
        (try? session())?.accountID
    }

    /// Whether the session's use is due to be written down (see `SessionService`).
    private var sessionRenewalIsDue = false

    /// The account whose own notify command keeps failing, not yet shown on
    /// a terminal this spell (`WatchedCondition.awaitsTerminal`).
    private var chainFaultToShow: EntityID?

    /// A run nobody watches (`tick` from cron, the agent): what is shown
    /// once, at a person's next command, waits for one.
    public final var isUnattended = false

    /// Shows the account that its own notify command keeps failing; true
    /// when it was shown. The shell shows nothing; a command line says it.
    open func showChainFault() -> Bool { false }

    /// After a command's read or write: the fault is shown once, and that
    /// it was is written down (a store that cannot be written then is not
    /// an error; it is shown again next time).
    private func warnOfChainFault(_ shared: SharedStore) throws {
        guard let id = chainFaultToShow else { return }
        chainFaultToShow = nil
        guard !isUnattended, showChainFault() else { return }
        _ = try? shared.write(env: try core()) { store in
            try ChainWatchService(store: store, env: try core()).shownOnTerminal(id)
        }
    }

    private func account(for session: SessionData, in store: LayoutStore) throws -> Account {
        let now = try now()
        let (record, account) = try AuthService.session(forToken: session.token, in: store, now: now)
        guard account.id == session.accountID else { throw LifeSignalError.sessionExpired }
        sessionRenewalIsDue = SessionService.needsRenewal(record, at: now)
        chainFaultToShow = account.chainWatch?.notifyFailing?.awaitsTerminal == true ? account.id : nil
        return account
    }
}
