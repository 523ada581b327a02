import FoundationEssentials
import LifeSignalCore
import SystemFiles

/// The shared store that people watch over each other through: a backend,
/// lifesignal's layout on it, and the rule that every transaction first
/// brings deadlines up to date, so all commands see the same world.
///
/// Open it once per command (or once for a long-running one) and run
/// snapshots and transactions through it; `body` closures may run more than
/// once on an optimistic backend, so they must only read and change the
/// store they are given.
public struct SharedStore: Sendable {
    public let backend: any StoreBackend
    /// The clock the commands run on; a store created under simulated time
    /// is a simulation store, and only such a store accepts it.
    public let clock: StoreClock

    public init(backend: any StoreBackend, clock: StoreClock = .real) {
        self.backend = backend
        self.clock = clock
    }

    /// The store's name in messages (its directory, or its URL).
    public var name: String { backend.name }

    /// One consistent snapshot. When a deadline has come due, it is first
    /// brought up to date in a transaction of its own, and the snapshot
    /// taken afresh.
    public func read<T>(env: CoreEnvironment, _ body: (LayoutStore) throws -> T) throws -> T {
        let first: T? = try backend.read { snapshot in
            let store = LayoutStore(snapshot: snapshot, name: name)
            try store.checkMeta(clock: clock)
            if try DeadlineService.isCatchUpNeeded(store, now: env.now) { return nil }
            return try body(store)
        }
        if let first { return first }
        try write(env: env) { _ in }
        return try readWithoutCatchUp(body)
    }

    /// A snapshot that does not look at deadlines (completion, copies).
    public func readWithoutCatchUp<T>(_ body: (LayoutStore) throws -> T) throws -> T {
        try backend.read { snapshot in
            let store = LayoutStore(snapshot: snapshot, name: name)
            try store.checkMeta(clock: clock)
            return try body(store)
        }
    }

    /// One atomic transaction: deadlines are brought up to date, then
    /// `body` runs; everything it changes commits together or not at all.
    /// The first write to a store gives it its identity file.
    ///
    /// On a backend that bounds its transactions (etcd: 128 operations,
    /// 1.5 MiB), a catch-up is made in steps first, each its own committed
    /// transaction of at most `catchUpStep` accounts (fewer when a step
    /// turns out too large), so progress is kept however long nothing ran;
    /// `body` then runs in a transaction of its own once nothing is due.
    public func write<T>(env: CoreEnvironment, _ body: (LayoutStore) throws -> T) throws -> T {
        try writeCountingNotices(env: env, body).result
    }

    /// Brings every deadline that has come due up to date, in a transaction
    /// of its own when one has (a look that finds nothing due takes no
    /// write lock); the number of notices that went out.
    public func catchUp(env: CoreEnvironment) throws -> Int {
        let needed = try backend.read { snapshot in
            let store = LayoutStore(snapshot: snapshot, name: name)
            try store.checkMeta(clock: clock)
            return try DeadlineService.isCatchUpNeeded(store, now: env.now)
        }
        guard needed else { return 0 }
        return try writeCountingNotices(env: env) { _ in }.notices
    }

    /// `write`, saying how many notices the catch-up before `body` sent.
    /// A store whose code index an older lifesignal named is renamed first,
    /// in steps of its own on a backend that bounds its transactions.
    private func writeCountingNotices<T>(env: CoreEnvironment,
                                         _ body: (LayoutStore) throws -> T) throws -> (notices: Int, result: T) {
        do {
            return try writeCountingNoticesOnce(env: env, body)
        } catch CodeRenaming.due {
            try renameCodesInSteps(env)
            return try writeCountingNoticesOnce(env: env, body)
        }
    }

    private func writeCountingNoticesOnce<T>(env: CoreEnvironment,
                                             _ body: (LayoutStore) throws -> T) throws -> (notices: Int, result: T) {
        guard backend.boundsTransactions else {
            return try backend.write { transaction in
                let store = try opened(transaction, env)
                let notices = try DeadlineService(store: store, env: env).catchUp()
                return (notices, try body(store))
            }
        }
        var step = Self.catchUpStep
        var notices = 0
        // Each step moves its accounts' wakes past now, so the steps end; the
        // bound only keeps a store that somehow never settles from spinning.
        for _ in 0..<Self.maximumCatchUpSteps {
            var caughtUp = 0
            do {
                let (result, sent): (T?, Int) = try backend.write { transaction in
                    let store = try opened(transaction, env)
                    let outcome = try DeadlineService(store: store, env: env).catchUp(limit: step)
                    caughtUp = outcome.accounts
                    return (caughtUp == 0 ? try body(store) : nil, outcome.notices)
                }
                notices += sent
                if let result { return (notices, result) }
            } catch StoreError.tooLarge(_, _) where caughtUp > 1 {
                step = caughtUp / 2
            }
        }
        throw StoreError.contended(store: name)
    }

    /// The code index of a store an older lifesignal made is renamed before
    /// a write; on a backend that bounds its transactions, in steps.
    enum CodeRenaming: Error {
        case due
        /// Files renamed in one step: two operations each, within etcd's 128.
        static let step = 40
    }

    /// Accounts brought up to date in one transaction of a catch-up in steps.
    static let catchUpStep = 8
    /// Steps after which a catch-up that is still not done gives up ("busy").
    static let maximumCatchUpSteps = 10_000

    /// The layout over `transaction`, its identity checked (and made on a
    /// first write), and its code index given keyed names where an older
    /// lifesignal named it (at once, or in steps of its own: `CodeRenaming`).
    private func opened(_ transaction: any StoreTransaction, _ env: CoreEnvironment) throws -> LayoutStore {
        let store = LayoutStore(transaction, name: name)
        try store.checkMeta(clock: clock)
        try store.ensureMeta(env, clock: clock)
        if try store.codeIndexNeedsRenaming {
            guard !backend.boundsTransactions else { throw CodeRenaming.due }
            try store.renameCodes(limit: nil, random: env.random)
        }
        return store
    }

    /// Renames the code index in transactions of at most
    /// `CodeRenaming.step` files each (fewer when that is too large), until
    /// none is left.
    private func renameCodesInSteps(_ env: CoreEnvironment) throws {
        var step = CodeRenaming.step
        for _ in 0..<Self.maximumCatchUpSteps {
            do {
                let done = try backend.write { transaction in
                    let store = LayoutStore(transaction, name: name)
                    try store.checkMeta(clock: clock)
                    try store.ensureMeta(env, clock: clock)
                    guard try store.codeIndexNeedsRenaming else { return true }
                    try store.renameCodes(limit: step, random: env.random)
                    return false
                }
                if done { return }
            } catch StoreError.tooLarge(_, _) where step > 1 {
                step /= 2
            }
        }
        throw StoreError.contended(store: name)
    }

    /// The lease that lets one process at a time deliver `account`'s
    /// notifications; nil while another holds it.
    public func deliveryLease(for account: EntityID, duration: Duration) throws -> (any StoreLease)? {
        try backend.lease("delivery/" + account.rawValue, for: duration)
    }

    /// Tells the backend what a command of the account signed in with the
    /// session `tokenHash` reads first (its own small files, the session,
    /// the schedule's head, the store's last look), and `learned`: files
    /// recent commands had to read on their own (others' accounts, delivery
    /// set-ups, sessions), so that on etcd they all come in one round trip.
    /// Returns the learned files it leaves out, which the hint never asks
    /// for by name: the account's own files (asked for anyway) and paths
    /// that are no store file.
    @discardableResult
    public func expectReads(of account: EntityID, sessionTokenHash tokenHash: String, learned: [String] = []) -> [String] {
        let own = [StoreLayout.meta, StoreLayout.session(tokenHash), StoreLayout.account(account), StoreLayout.contacts(account),
                   StoreLayout.pings(account), StoreLayout.wake(account), StoreLayout.invitations(account),
                   StoreLayout.feedSummary(account), StoreLayout.deliverySetup(account), StoreLayout.lastLook]
        var others: [String] = [], leftOut: [String] = []
        for path in learned {
            if !own.contains(path) && (try? BackendPath.check(path, BackendPath.fileProblem)) != nil {
                others.append(path)
            } else {
                leftOut.append(path)
            }
        }
        backend.expect(StoreReadHint(
            files: own + others,
            directories: [StoreLayout.checkInDirectory(account)],
            firstFiles: [StoreLayout.schedule],
            newestFiles: [StoreLayout.checkInDirectory(account)]))
        return leftOut
    }

    /// What this command's reads showed about the files its hint named, and
    /// those it read in round trips of their own (on etcd; nothing
    /// elsewhere): for the next command's hint.
    public var readLessons: StoreReadLessons {
        (backend as? EtcdBackend)?.readLessons ?? StoreReadLessons()
    }

    /// A signal for new items in `account`'s feed.
    public func feedChanges(of account: EntityID) throws -> any StoreChangeSignal {
        try backend.changes(under: StoreLayout.feedDirectory(account))
    }

    /// A signal for what an agent for `account` wakes for: its feed (new
    /// items, delivery by another process) and the schedule (a deadline
    /// anywhere in the store moved earlier).
    public func agentChanges(of account: EntityID) throws -> any StoreChangeSignal {
        try backend.changes(under: [StoreLayout.feedDirectory(account), StoreLayout.schedule])
    }
}

extension SharedStore {
    /// Opens the store at `location`. A directory is made when missing if
    /// `creating` (a store that must exist, such as a copy's source, says
    /// "no store at ..." instead).
    /// - Parameter lockTimeout: how long to wait for another process before "store is busy".
    /// - Parameter clock: `.simulated` when "now" is not the real time (`LIFESIGNAL_NOW`).
    /// - Parameter etcd: certificates, password and token cache for an etcd
    ///   store (nothing is sent until the store is used; an empty prefix is
    ///   an empty store).
    public static func open(_ location: StoreLocation, fileSystem: any FileSystem = SystemFileSystem(),
                            lockTimeout: Duration = .seconds(5), creating: Bool = true,
                            clock: StoreClock = .real, etcd: EtcdStoreAccess = EtcdStoreAccess()) throws -> SharedStore {
        switch location {
        case .directory(let path):
            return SharedStore(backend: try DirectoryBackend(root: path, fileSystem: fileSystem, lockTimeout: lockTimeout,
                                                             creating: creating), clock: clock)
        case .etcd(let cluster):
            var access = etcd
            access.busyTimeout = lockTimeout
            return SharedStore(backend: try EtcdBackend(location: cluster, access: access), clock: clock)
        }
    }
}
