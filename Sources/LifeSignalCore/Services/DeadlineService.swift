import FoundationEssentials

/// Keeps every account's deadline up to date, at a cost that follows the
/// number of milestones due, not the number of accounts.
public struct DeadlineService {
    let store: any StoreWriting
    let env: CoreEnvironment
    let engine: DeadlineEngine

    public init(store: any StoreWriting, env: CoreEnvironment, engine: DeadlineEngine = DeadlineEngine()) {
        self.store = store
        self.env = env
        self.engine = engine
    }

    /// Whether any deadline in the store needs attention at `now` (one
    /// small read; callers use it to avoid taking the write lock).
    public static func isCatchUpNeeded(_ store: any StoreReading, now: Date) throws -> Bool {
        guard let wake = try store.nextScheduledWake() else { return false }
        return wake <= now
    }

    /// Fires every milestone due at `now`, in every account whose wake time
    /// has come, and reschedules them. Returns how many notifications resulted.
    @discardableResult
    public func catchUp() throws -> Int {
        var fired = 0
        for id in try store.dueAccounts(at: env.now) {
            guard var account = try store.account(id) else {
                try store.schedule(id, at: nil)
                continue
            }
            let effects = engine.evaluate(&account, now: env.now)
            fired += try InvitationService(store: store, env: env).expireDue(&account)
            try store.save(account)
            try Notifier(store: store, env: env).apply(effects, for: id)
            try store.schedule(id, at: nextWake(for: account))
            fired += effects.count
        }
        return fired
    }

    /// Records a changed timer (check-in, new interval) in the schedule.
    public func reschedule(_ account: inout Account) throws {
        _ = engine.evaluate(&account, now: env.now)
        try store.save(account)
        try store.schedule(account.id, at: nextWake(for: account))
    }

    /// When the account next needs attention: a milestone of its deadline,
    /// or the expiry of an invitation it sent, whichever comes first.
    func nextWake(for account: Account) -> Date? {
        [engine.nextWake(for: account), account.invitationWake].compactMap { $0 }.min()
    }
}
