import FoundationEssentials
import LifeSignalCore
import StoreBackends

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

    /// One consistent snapshot. When a deadline has come due, the store is
    /// first brought up to date as far as one command's share goes
    /// (`catchUp(env:first:slice:)`: `first()`, the signed-in account,
    /// completely, and a few others), and the snapshot taken afresh.
    public func read<T>(env: CoreEnvironment, first: () -> EntityID? = { nil }, slice: Int = commandSlice,
                        _ body: (LayoutStore) throws -> T) throws -> T {
        let attempt: T? = try backend.read { snapshot in
            let store = LayoutStore(snapshot: snapshot, name: name)
            try store.checkMeta(clock: clock)
            if try DeadlineService.isCatchUpNeeded(store, now: env.now) { return nil }
            return try body(store)
        }
        if let attempt { return attempt }
        try catchUpShare(env: env, first: first(), slice: slice)
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

    /// One atomic transaction: everything `body` changes commits together
    /// or not at all. The first write to a store gives it its identity file.
    ///
    /// When nothing is due, the look that says so is part of `body`'s own
    /// transaction. When something is, the command first takes its share of
    /// the catch-up in transactions of their own (`catchUp(env:first:slice:)`),
    /// so that how many deadlines are due, and how many people each tells,
    /// never makes one transaction too large or one command slow; `body`
    /// then runs in a transaction of its own.
    public func write<T>(env: CoreEnvironment, first: () -> EntityID? = { nil }, slice: Int = commandSlice,
                         _ body: (LayoutStore) throws -> T) throws -> T {
        try renamingCodesFirst(env) {
            let attempt: T? = try backend.write { transaction in
                let store = try opened(transaction, env)
                if try DeadlineService.isCatchUpNeeded(store, now: env.now) { return nil }
                return try body(store)
            }
            if let attempt { return attempt }
            try catchUpShare(env: env, first: first(), slice: slice)
            return try backend.write { transaction in try body(opened(transaction, env)) }
        }
    }

    /// A command's share of a catch-up. Neither others catching up at the
    /// same time nor one account whose catch-up cannot fit in a transaction
    /// ever make it fail: such a share ("busy", "too large") is left to the
    /// next look, and the command goes on with its own work.
    private func catchUpShare(env: CoreEnvironment, first: EntityID?, slice: Int) throws {
        do {
            _ = try catchUp(env: env, first: first, slice: slice)
        } catch let failure as StoreError {
            if failure.kind == .busy { return }
            if case .tooLarge = failure { return }
            throw failure
        }
    }

    /// Brings deadlines up to date in steps, each its own transaction within
    /// what the backend takes (`StepLimits`): `first` completely when it is
    /// due, then at least `slice` other accounts while any are due, taken
    /// from a random place among the earliest. A look that finds nothing
    /// due takes no write lock. Returns the notices that went out.
    ///
    /// On a store whose writers are not queued (etcd), others' deadlines are
    /// taken by one process at a time, the holder of the lease
    /// `catchUpLead`: processes that all took them at once fought over the
    /// same few responders' feeds (8 agents took 7 times as long as one).
    /// While another process leads, only `first` is brought up to date; the
    /// lead is free again as soon as its holder is done, and a holder that
    /// dies or stops (a `tick` suspended with ^Z) holds it `catchUpLeadTime`
    /// at most. A directory's lock queues writers already (8 agents took
    /// about as long as one), and an `flock` lead would be held for as long
    /// as a suspended process lives, so there nobody leads.
    public func catchUp(env: CoreEnvironment, first: EntityID? = nil, slice: Int = agentSlice) throws -> Int {
        let needed = try backend.read { snapshot in
            let store = LayoutStore(snapshot: snapshot, name: name)
            try store.checkMeta(clock: clock)
            return try DeadlineService.isCatchUpNeeded(store, now: env.now)
        }
        guard needed else { return 0 }
        return try renamingCodesFirst(env) {
            switch backend.queuesWriters ? .unavailable : takeLead() {
            case .takenByAnother:
                return first == nil ? 0 : try catchUpInSteps(env: env, first: first, slice: 0, lead: nil)
            case .taken(let lead):
                defer { lead.release() }
                return try catchUpInSteps(env: env, first: first, slice: slice, lead: lead)
            case .unavailable:
                return try catchUpInSteps(env: env, first: first, slice: slice, lead: nil)
            }
        }
    }

    private enum LeadAttempt {
        case taken(any StoreLease)
        case takenByAnother
        /// Nobody leads on this store, or its leases cannot be taken (a
        /// read-only store, say): it is caught up without a lead, or fails
        /// at the write itself.
        case unavailable
    }

    private func takeLead() -> LeadAttempt {
        do {
            return try backend.lease(Self.catchUpLead, for: Self.catchUpLeadTime).map(LeadAttempt.taken) ?? .takenByAnother
        } catch {
            return .unavailable
        }
    }

    /// The lease held by the process that takes others' deadlines (`catchUp`).
    public static let catchUpLead = "catch-up"
    /// How long a lead lasts unrenewed: a holder that dies holds the others
    /// back no longer. Renewed at half of it while stepping.
    static let catchUpLeadTime: Duration = .seconds(20)

    private func catchUpInSteps(env: CoreEnvironment, first: EntityID?, slice: Int, lead: (any StoreLease)?) throws -> Int {
        var renewed = ContinuousClock.now
        var limits = backend.boundsTransactions ? StepLimits.bounded : StepLimits.local
        var notices = 0, others = 0
        // Each step hands out at least one notice or brings an account up to
        // date; the bound only keeps a store that somehow never settles
        // from holding a command for ever (what is left waits for the next).
        for _ in 0..<(slice + Self.maximumOwnSteps) {
            let limit = max(min(limits.accounts, slice - others), 0)
            let step: CatchUpStep
            do {
                step = try backend.write { transaction in
                    let store = try opened(transaction, env, notices: limits.notices)
                    return try DeadlineService(store: store, env: env).catchUp(first: first, limit: limit, spread: limits.spread)
                }
            } catch let failure as StoreError {
                guard case .tooLarge = failure, let smaller = limits.halved else { throw failure }
                limits = smaller
                continue
            }
            notices += step.notices
            others += step.accounts - (step.first ? 1 : 0)
            if step.accounts == 0 || (!step.first && others >= slice) { return notices }
            if let lead, renewed.duration(to: .now) > Self.catchUpLeadTime / 2 {
                // Lost meanwhile (it ran out): another process leads now.
                guard try lead.renew(for: Self.catchUpLeadTime) else { return notices }
                renewed = .now
            }
        }
        return notices
    }

    /// Feed items one step of `notifications delete --all` deletes: on etcd,
    /// with the items' ID index files, well within one transaction; on a
    /// local disk, any number (one transaction, as any other command).
    public var feedDeletionStep: Int { backend.boundsTransactions ? 48 : .max }

    /// Other accounts a command brings up to date when deadlines are due:
    /// small, so that no command's latency depends on how many are due.
    public static let commandSlice = 8
    /// Other accounts an agent's or `tick`'s catch-up brings up to date in
    /// one call (an agent calls again at once while more are due).
    public static let agentSlice = 1_000
    /// Steps spent on the signed-in account's own notices at most.
    static let maximumOwnSteps = 10_000

    /// How much one step of a catch-up takes on.
    struct StepLimits {
        /// Accounts besides the signed-in one.
        var accounts: Int
        /// Notices one transaction carries (`LayoutStore.reserveNotice`).
        var notices: Int
        /// How far past the earliest due accounts a step may start.
        var spread: Int

        /// etcd: a notice writes about five files, and a transaction takes
        /// 128 operations and 1.5 MiB.
        static let bounded = StepLimits(accounts: 8, notices: 16, spread: 248)
        /// A journal takes more, but its records too must stay far below
        /// what its reader accepts back.
        static let local = StepLimits(accounts: 64, notices: 256, spread: 192)

        /// Half the step, after one turned out too large; nil at one notice.
        var halved: StepLimits? {
            guard notices > 1 else { return nil }
            return StepLimits(accounts: max(accounts / 2, 1), notices: notices / 2, spread: spread)
        }
    }

    /// Notices a command's own transaction carries: what a catch-up step
    /// carries, so that a notice to many people (an alert) commits the
    /// account's change with its first share and hands out the rest in
    /// transactions of their own (`FanOut`), on every backend.
    var bodyNotices: Int { (backend.boundsTransactions ? StepLimits.bounded : StepLimits.local).notices }

    /// The code index of a store an older lifesignal made is renamed before
    /// a write; on a backend that bounds its transactions, in steps.
    enum CodeRenaming: Error {
        case due
        /// Files renamed in one step: two operations each, within etcd's 128.
        static let step = 40
        /// Steps after which a renaming that is still not done gives up ("busy").
        static let maximumSteps = 10_000
    }

    /// The layout over `transaction`, its identity checked (and made on a
    /// first write), and its code index given keyed names where an older
    /// lifesignal named it (at once, or in steps of its own: `CodeRenaming`).
    private func opened(_ transaction: any StoreTransaction, _ env: CoreEnvironment,
                        notices: Int? = nil) throws -> LayoutStore {
        let store = LayoutStore(transaction, name: name, notices: notices ?? bodyNotices)
        try store.checkMeta(clock: clock)
        try store.ensureMeta(env, clock: clock)
        if try store.codeIndexNeedsRenaming {
            guard !backend.boundsTransactions else { throw CodeRenaming.due }
            try store.renameCodes(limit: nil, random: env.random)
        }
        return store
    }

    /// `work`, after renaming the code index in steps when it meets one an
    /// older lifesignal named on a backend that bounds its transactions.
    private func renamingCodesFirst<T>(_ env: CoreEnvironment, _ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch CodeRenaming.due {
            try renameCodesInSteps(env)
            return try work()
        }
    }

    /// Renames the code index in transactions of at most
    /// `CodeRenaming.step` files each (fewer when that is too large), until
    /// none is left.
    private func renameCodesInSteps(_ env: CoreEnvironment) throws {
        var step = CodeRenaming.step
        for _ in 0..<CodeRenaming.maximumSteps {
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
    /// for by name: the account's own files (asked for anyway), paths that
    /// are no store file, and feed ID-index files (one is picked afresh,
    /// drawn from `random`, for each other account whose feed summary is
    /// learned).
    @discardableResult
    public func expectReads(of account: EntityID, sessionTokenHash tokenHash: String, learned: [String] = [],
                            random: RandomSource) -> [String] {
        let own = [StorePaths.meta, StorePaths.session(tokenHash), StorePaths.account(account), StorePaths.contacts(account),
                   StorePaths.pings(account), StorePaths.wake(account), StorePaths.invitations(account),
                   StorePaths.feedSummary(account), StorePaths.deliverySetup(account), StorePaths.lastLook]
        var others: [String] = [], leftOut: [String] = []
        for path in learned {
            // An ID-index file is picked afresh each time (below), never kept.
            if !own.contains(path) && (try? BackendPath.check(path, BackendPath.fileProblem)) != nil
                && StorePaths.accountGroup.pickedDirectory(of: path) == nil {
                others.append(path)
            } else {
                leftOut.append(path)
            }
        }
        // Another account whose feed a recent command read (a responder an
        // alert goes to) most likely gets an item again: one of its ID-index
        // files, picked afresh, comes too, and the new item's ID starts like it.
        let group = StorePaths.accountGroup
        let picks = others.compactMap { path in
            path.hasSuffix("/feed/summary.json") ? group.directory(of: path).flatMap { group.randomPick(in: $0, random: random) } : nil
        }
        backend.expect(StoreReadHint(
            files: own + others + picks,
            directories: [StorePaths.checkInDirectory(account)],
            firstFiles: [StorePaths.schedule],
            newestFiles: [StorePaths.checkInDirectory(account)],
            groups: StorePaths.accountGroup))
        return leftOut
    }

    /// Names the code index file that holds `code` under the store's code
    /// key `key` (kept in the session, since `store.json`, which has it,
    /// comes only with the first answer), for the next request to bring: a
    /// look-up of the code then costs no round trip of its own. A key that
    /// is no longer the store's only fetches a file nobody reads.
    public func prefetchCodeLookup(_ code: String, key: String) {
        guard let code = QRCodeID.normalize(code), CodeIndexName.isKey(key) else { return }
        backend.prefetch(PrefetchPlan(files: [CodeIndexName.path(code, key: key)]))
    }

    /// Tells the backend what a command reads first before it knows whose
    /// account it is (before it has read the store's identity, which names
    /// its session): the store's own files that every command reads, so
    /// they come with `store.json`.
    public func expectReadsOfUnknownAccount() {
        backend.expect(StoreReadHint(files: [StorePaths.meta, StorePaths.lastLook], firstFiles: [StorePaths.schedule],
                                     groups: StorePaths.accountGroup))
    }

    /// What this command's reads showed about the files its hint named, and
    /// those it read in round trips of their own (on etcd; nothing
    /// elsewhere): for the next command's hint.
    public var readLessons: StoreReadLessons {
        backend.readLessons
    }

    /// A signal for new items in `account`'s feed.
    public func feedChanges(of account: EntityID) throws -> any StoreChangeSignal {
        try backend.changes(under: StorePaths.feedDirectory(account))
    }

    /// A signal for changes in the feeds of `accounts` (a drill waiting for
    /// its notices to be handed over).
    public func feedChanges(of accounts: [EntityID]) throws -> any StoreChangeSignal {
        try backend.changes(under: accounts.map(StorePaths.feedDirectory))
    }

    /// A signal for what `status --watch` shows: anything of `account`'s
    /// own (its deadline, feed, pings, contacts) and of its `dependents`'.
    public func accountChanges(of account: EntityID, dependents: [EntityID]) throws -> any StoreChangeSignal {
        try backend.changes(under: ([account] + dependents).map(StorePaths.accountDirectory))
    }

    /// A signal for what an agent for `account` wakes for: its feed (new
    /// items, delivery by another process) and the schedule (a deadline
    /// anywhere in the store now due before the agent's next wake, which
    /// `horizon` holds).
    public func agentChanges(of account: EntityID, horizon: WakeHorizon) throws -> any StoreChangeSignal {
        try backend.changes(under: [StorePaths.feedDirectory(account), StorePaths.schedule], mattering: horizon.filter)
    }
}
