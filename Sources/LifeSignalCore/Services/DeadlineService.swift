import ByteKeyed
import FoundationEssentials

/// Keeps every account's deadline up to date, at a cost that follows the
/// number of milestones due, not the number of accounts.
///
/// One account's unreadable file never stops the others: each account is
/// brought up to date all or nothing on its own (`StoreWriting.isolated`),
/// and each notice on its own, so a damaged file costs only what needs it.
/// An account whose own data cannot be read is still watched as far as the
/// rest allows: its responders come from their side of the links when its
/// contacts file is unreadable, and when the account itself cannot be read
/// they are told, once, that it cannot be watched; it is looked at again
/// every `recheckDelay` and they are told when it can be watched again.
public struct DeadlineService {
    let store: any StoreWriting
    let env: CoreEnvironment
    let engine: DeadlineEngine

    /// How long a notice that could not be delivered waits before another try.
    public static let retryDelay: TimeInterval = 15 * 60
    /// How often an account that cannot be read is looked at again.
    public static let recheckDelay: TimeInterval = 3600

    public init(store: any StoreWriting, env: CoreEnvironment, engine: DeadlineEngine = DeadlineEngine()) {
        self.store = store
        self.env = env
        self.engine = engine
    }

    private var notifier: Notifier { Notifier(store: store, env: env) }

    /// Whether any deadline in the store needs attention at `now` (one
    /// small read; callers use it to avoid taking the write lock).
    public static func isCatchUpNeeded(_ store: any StoreReading, now: Date) throws -> Bool {
        try store.isWakeDue(at: now)
    }

    /// Fires every milestone due at `now`, in every account whose wake time
    /// has come, and reschedules them. Returns how many notices went out.
    @discardableResult
    public func catchUp() throws -> Int {
        var sent = 0
        var woken = ChainLooks()
        for wake in try store.dueWakes(at: env.now) {
            sent += try catchUp(wake, woken: &woken)
        }
        return sent + (try watchChains(woken))
    }

    /// One step of a catch-up, each committed on its own so that no
    /// transaction grows with the number of accounts due: `first` (the
    /// signed-in account) when it is due, then at most `limit` others from
    /// among the earliest `limit + spread`. Accounts after the transaction's
    /// notices are spent wait for the next step. `accounts`: how many were
    /// brought up to date (0 when nothing was due); `first`, whether `first`
    /// was among them.
    public func catchUp(first: EntityID?, limit: Int, spread: Int) throws -> CatchUpStep {
        var step = CatchUpStep()
        var woken = ChainLooks()
        if let first, let own = try store.dueWake(of: first, at: env.now) {
            step.notices += try catchUp(own, woken: &woken)
            step.accounts += 1
            step.first = true
        }
        for wake in try store.dueWakes(at: env.now, limit: limit, spread: spread) where wake.accountID != first {
            guard store.remainingNotices != 0 else { break }
            step.notices += try catchUp(wake, woken: &woken)
            step.accounts += 1
        }
        step.notices += try watchChains(woken)
        return step
    }

    /// Records a changed timer (check-in, new interval) and delivers what it
    /// makes due at once: a deadline already past, a reminder already late.
    public func reschedule(_ account: inout Account) throws {
        _ = DailySchedule.fit(&account, zones: env.zones)
        let responders = try store.contacts(of: account.id).filter(\.isResponder)
        _ = try bringUpToDate(&account, responders: responders, wasUnreadable: false, tolerant: false)
    }

    /// `reschedule` for the account's own check-in, which must work whenever
    /// the account itself can be read: with `responders` found however they
    /// could be (`StoreReading.responders(of:)`), and its schedule entry made
    /// around a wake file that cannot be read. Returns that file's failure,
    /// or why the zone of its daily deadline could not be read (nil when
    /// both could be).
    public func rescheduleDespiteDamage(_ account: inout Account, responders: [ContactLink]) throws -> String? {
        var problem = DailySchedule.fit(&account, zones: env.zones)
        _ = try bringUpToDate(&account, responders: responders, wasUnreadable: false, tolerant: false,
                              aroundDamagedWake: true, wakeProblem: &problem)
        return problem
    }

    /// `reschedule` for an account the command did not load, after something
    /// its deadline depends on changed (its responders, their delays, an
    /// answer window): what became due fires now, and its schedule is right.
    /// A damaged contacts or wake file of its own is worked around, as its
    /// own check-in does: a responder added to a missed deadline is told now,
    /// not at a wake a told miss may never have. An account that cannot be
    /// read itself is left to the catch-up, which contains such damage.
    public func reschedule(_ id: EntityID) throws {
        do {
            try store.isolated { store in
                guard var account = try store.account(id) else { return }
                try Self(store: store, env: env, engine: engine).reschedule(&account)
            }
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            do {
                try store.isolated { store in
                    guard var account = try store.account(id) else { return }
                    _ = try Self(store: store, env: env, engine: engine)
                        .rescheduleDespiteDamage(&account, responders: try store.responders(of: id).links)
                }
            } catch let failure as any UserFacingError where failure.isUnreadableFile {
                return
            }
        }
    }

    /// One account: as a command would, then around its unreadable files,
    /// then, when the account itself cannot be read, telling its responders.
    /// An account brought up to date joins `woken`, for the look at its
    /// chain after every account's alarms.
    private func catchUp(_ wake: ScheduledWake, woken: inout ChainLooks) throws -> Int {
        do {
            let sent = try store.isolated { try Self(store: $0, env: env, engine: engine).evaluate(wake, tolerant: false) }
            woken.append((id: wake.accountID, tolerant: false))
            return sent
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            do {
                let sent = try store.isolated { try Self(store: $0, env: env, engine: engine).evaluate(wake, tolerant: true) }
                woken.append((id: wake.accountID, tolerant: true))
                return sent
            } catch let failure as any UserFacingError where failure.isUnreadableFile {
                return try store.isolated { store in
                    try Self(store: store, env: env, engine: engine).reportUnreadable(wake, failure)
                }
            }
        }
    }

    private func evaluate(_ wake: ScheduledWake, tolerant: Bool) throws -> Int {
        guard var account = try store.account(wake.accountID) else {
            // The account is gone (an old schedule entry): nothing to watch.
            try schedule(wake.accountID, at: nil, tolerant: tolerant)
            return 0
        }
        let responders = try responders(of: account.id, tolerant: tolerant)
        return try bringUpToDate(&account, responders: responders, wasUnreadable: wake.unreadable != nil, tolerant: tolerant)
    }

    /// The accounts a catch-up brought up to date at their wakes, and
    /// whether around damage.
    private typealias ChainLooks = [(id: EntityID, tolerant: Bool)]

    /// At the wakes of `woken` (not at a command's change), after the
    /// alarms of every account the step took: whether each one's responders
    /// would be reached in time (`ChainWatchService`), while the
    /// transaction carries notices. The look never takes a notice another
    /// account's alarm needs; one that finds no room waits for the
    /// account's next wake (a reminder comes before every deadline).
    private func watchChains(_ woken: ChainLooks) throws -> Int {
        var sent = 0
        for (id, tolerant) in woken {
            guard store.remainingNotices != 0 else { break }
            do {
                sent += try store.isolated { store in
                    guard var account = try store.account(id) else { return 0 }
                    let before = account.chainWatch
                    let responders = try Self(store: store, env: env, engine: engine).responders(of: id, tolerant: tolerant)
                    let told = try ChainWatchService(store: store, env: env).watchReach(&account, responders: responders)
                    if account.chainWatch != before { try store.save(account) }
                    return told
                }
            } catch let failure as any UserFacingError where failure.isUnreadableFile {
                continue
            }
        }
        return sent
    }

    private func bringUpToDate(_ account: inout Account, responders: [ContactLink], wasUnreadable: Bool,
                               tolerant: Bool) throws -> Int {
        var ignored: String?
        return try bringUpToDate(&account, responders: responders, wasUnreadable: wasUnreadable, tolerant: tolerant,
                                 aroundDamagedWake: false, wakeProblem: &ignored)
    }

    /// `aroundDamagedWake`: when the account's own wake file cannot be read,
    /// its entry is made around it and `wakeProblem` says why (the failure
    /// comes before anything of the schedule is written, so the notices
    /// already made stand).
    private func bringUpToDate(_ account: inout Account, responders: [ContactLink], wasUnreadable: Bool,
                               tolerant: Bool, aroundDamagedWake: Bool, wakeProblem: inout String?) throws -> Int {
        // Notices to many people the account committed to come first: an
        // alert is the most urgent thing there is.
        var sent = try notifier.handOut(&account)
        if wasUnreadable {
            // Everyone is told, in bounded steps as an alert tells them.
            sent += try notifier.fanOut(from: &account, key: "watched:" + env.newID().rawValue,
                                        to: responders.map(\.contactID), Self.watchedAgain(account), scheduling: false).told.count
        }
        // Notices owed for now (left by the step before, when its
        // transaction could carry no more) go first, those that failed last;
        // no more milestones fire than this transaction can carry notices of.
        var owed = ByteKeyedTable<Int>()
        for (position, key) in account.deadlines.owed.enumerated() { owed[key] = position }
        let dues = engine.evaluate(&account, responders: responders, now: env.now, notices: store.remainingNotices)
            .enumerated()
            .sorted { (owed[$0.element.key] ?? owed.count, $0.offset) < (owed[$1.element.key] ?? owed.count, $1.offset) }
            .map(\.element)
        var waiting: [DeadlineEngine.Due] = [], failed: [DeadlineEngine.Due] = []
        for due in dues {
            // Past what this transaction can carry, the notice is owed for
            // now: the account stays due, and the next step hands it out.
            guard store.reserveNotice() else {
                waiting.append(due)
                continue
            }
            if let item = try notifier.deliverItem(due.notice.recipient, due.notice.draft) {
                engine.delivered(due, item: item, at: env.now, in: &account)
                sent += 1
            } else {
                failed.append(due)
            }
        }
        // A millisecond back: the schedule rounds a wake up to its
        // millisecond, and the next step, at this same `now`, must find it due.
        for due in waiting { engine.owe(due, in: &account, retryAt: env.now.addingTimeInterval(-0.001)) }
        for due in failed { engine.owe(due, in: &account, retryAt: env.now.addingTimeInterval(Self.retryDelay)) }
        sent += try bringJobsUpToDate(&account, responders: responders)
        sent += try expireInvitations(&account)
        try store.save(account)
        let wake = nextWake(for: account, responders: responders)
        do {
            try schedule(account.id, at: wake, tolerant: tolerant)
        } catch let failure as any UserFacingError where aroundDamagedWake && failure.isUnreadableFile {
            wakeProblem = failure.message
            // Fails again, naming it, unless it is the account's wake file.
            try store.scheduleDespiteDamage(account.id, at: wake, unreadable: nil, toldThrough: nil)
        }
        return sent
    }

    /// The account's sent invitations past their expiry expire, on their
    /// own: when the account's own feed cannot take the notice, they wait
    /// for the next look rather than make the account look unreadable.
    private func expireInvitations(_ account: inout Account) throws -> Int {
        var expiring = account
        do {
            let expired = try store.isolated { store in try InvitationService(store: store, env: env).expireDue(&expiring) }
            account = expiring
            return expired
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            account.invitationWake = env.now.addingTimeInterval(InvitationRules.recheckDelay)
            return 0
        }
    }

    /// `nextWake(for:responders:)` with the responders the store holds.
    func nextWake(for account: Account) throws -> Date? {
        nextWake(for: account, responders: try store.contacts(of: account.id).filter(\.isResponder))
    }

    /// When the account next needs attention: a milestone of its deadline,
    /// an owed notice (of the deadline, or of a fan-out), a job's
    /// milestone, or the expiry of an invitation it sent, whichever comes first.
    func nextWake(for account: Account, responders: [ContactLink]) -> Date? {
        let fanOut = account.fanOuts.lazy.filter { !$0.isDone }.map(\.since).min()
        return [engine.nextWake(for: account, responders: responders), account.invitationWake, fanOut,
                nextJobWake(for: account, responders: responders)].compactMap { $0 }.min()
    }

    /// The account itself cannot be read: its responders are told once per
    /// damage, and it is looked at again later. With more of them than this
    /// transaction carries notices, they are told in the order of their
    /// IDs and the schedule entry keeps the last one told and stays due, so
    /// the next step tells the ones after it, each once, whoever was
    /// removed or added meanwhile.
    private func reportUnreadable(_ wake: ScheduledWake, _ failure: any UserFacingError) throws -> Int {
        let file = failure.unreadableFile
        var sent = 0, rest = false
        var toldThrough = wake.toldThrough
        // A damage already told to everyone (no progress kept) is told no more.
        if wake.unreadable != file || wake.isTellingUnreadable {
            let found = try responders(of: wake.accountID, tolerant: true)
            var pending = found.sorted { $0.contactID < $1.contactID }[...]
            if wake.unreadable == file, let through = wake.toldThrough {
                pending = pending.drop { $0.contactID <= through }
            } else if wake.unreadable == file, let count = wake.toldCount {
                // An older lifesignal's count, of the responders in the order it found them.
                let told = Set(found.prefix(count).map(\.contactID))
                pending = pending.filter { !told.contains($0.contactID) }[...]
            } else {
                toldThrough = nil
            }
            let draft = Self.cannotBeWatched(wake.accountID, failure)
            while let next = pending.first, store.reserveNotice() {
                sent += try notifier.deliver(next.contactID, draft) ? 1 : 0
                toldThrough = next.contactID
                pending.removeFirst()
            }
            rest = !pending.isEmpty
        }
        // A millisecond back, as an owed notice of a deadline: due at once;
        // unless the wake file cannot keep the progress, and the next step
        // would start again from the first (then in an hour, as before).
        let later = env.now.addingTimeInterval(Self.recheckDelay)
        // Nobody told yet (this transaction had no notice to spare): kept
        // as not yet reported, so the next step starts from the first.
        let reported = rest && toldThrough == nil ? nil : file
        if try !store.scheduleDespiteDamage(wake.accountID, at: rest ? env.now.addingTimeInterval(-0.001) : later,
                                            unreadable: reported, toldThrough: rest ? toldThrough : nil), rest {
            try store.scheduleDespiteDamage(wake.accountID, at: later, unreadable: file, toldThrough: nil)
        }
        return sent
    }

    private func responders(of id: EntityID, tolerant: Bool) throws -> [ContactLink] {
        tolerant ? try store.responders(of: id).links : try store.contacts(of: id).filter(\.isResponder)
    }

    private func schedule(_ id: EntityID, at wake: Date?, tolerant: Bool) throws {
        if tolerant {
            try store.scheduleDespiteDamage(id, at: wake, unreadable: nil, toldThrough: nil)
        } else {
            try store.schedule(id, at: wake)
        }
    }

    static func cannotBeWatched(_ id: EntityID, _ failure: any UserFacingError) -> FeedDraft {
        FeedDraft(type: .checkIn, title: "A dependent of yours cannot be watched",
                  message: "lifesignal cannot read the account \(id.short) that you watch over (\(failure.message)), "
                      + "so it cannot tell whether they check in or miss a check-in. Check on them directly; "
                      + "'lifesignal doctor' shows what is wrong with the store.",
                  relatedContactID: id, isCritical: true)
    }

    static func watchedAgain(_ account: Account) -> FeedDraft {
        FeedDraft(type: .checkIn, title: "\(account.fullName) is watched again",
                  message: "lifesignal can read \(account.fullName)'s account again and watches their check-ins as before.",
                  relatedContactID: account.id)
    }
}

/// What one step of a catch-up did (`DeadlineService.catchUp(first:limit:spread:)`).
public struct CatchUpStep: Sendable, Equatable {
    /// Accounts brought up to date: 0 when nothing was due.
    public var accounts = 0
    /// Notices that went out.
    public var notices = 0
    /// Whether the account asked for first was due, and was among them.
    public var first = false

    public init() {}
}
