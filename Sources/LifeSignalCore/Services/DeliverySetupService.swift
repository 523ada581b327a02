import ByteKeyed
import FoundationEssentials

/// Writes down, when it happens, how an account's notifications reach it
/// beyond its feed (a notify command set, an agent started or still alive,
/// a delivery run and what its command did), and the store's last look by
/// an agent or `tick`.
///
/// Each record belongs to one sign-in (`session`: the hash of its token),
/// since a notify command and an agent belong to one machine's files.
/// Sign-ins that ended and agents that stopped saying they are alive are
/// dropped whenever the set-up is written, so it never grows without bound.
public struct DeliverySetupService {
    let store: any StoreWriting
    let env: CoreEnvironment

    public init(store: any StoreWriting, env: CoreEnvironment) {
        self.store = store
        self.env = env
    }

    /// The notify command on `session` was set (`since` when it was) or
    /// cleared (nil).
    public func setNotifyCommand(since: Date?, account: EntityID, session: String) throws {
        try update(account) { setup in
            var place = setup.places[session] ?? DeliveryPlace()
            place.notifyCommandSince = since.map { place.notifyCommandSince ?? $0 }
            // A new command (or none) is judged afresh.
            place.forgetFailures()
            setup.places[session] = place
        }
    }

    /// What the notify command on `session` did in a delivery run, in
    /// order: the dependents' `status` shows whether it works.
    public func deliveriesTried(_ attempts: [DeliveryAttempt], account: EntityID, session: String) throws {
        guard !attempts.isEmpty else { return }
        try update(account) { setup in
            var place = setup.places[session] ?? DeliveryPlace()
            for attempt in attempts {
                switch attempt {
                case .delivered(let time): place.delivered(at: time)
                case .failed(let time, let error): place.failed(at: time, error: error)
                }
            }
            setup.places[session] = place
        }
    }

    /// A new sign-in (`session`) on a machine: it takes over the record of
    /// the sign-in it replaces there (`previous`, of the same account, ended
    /// in the same transaction), or starts one with the notify command the
    /// machine's settings hold, so that those the account watches over are
    /// never told it has no delivery while it has. Agents stay with the
    /// sign-in they ran for.
    public func signedIn(account: EntityID, session: String, replacing previous: String?, notifyCommandSince: Date?) throws {
        try update(account) { setup in
            var place = previous.flatMap { setup.places[$0] } ?? DeliveryPlace()
            place.agents = ByteKeyedTable()
            place.notifyCommandSince = notifyCommandSince.map { place.notifyCommandSince ?? $0 }
            if place.notifyCommandSince == nil { place.forgetFailures() }
            if !place.isEmpty { setup.places[session] = place }
        }
    }

    /// An agent on `session` started or is still alive: its presence is
    /// renewed, with the notify command as that machine has it.
    public func agentAlive(_ instance: String, host: String, since: Date, notifyCommandSince: Date?,
                           account: EntityID, session: String) throws {
        try update(account) { setup in
            var place = setup.places[session] ?? DeliveryPlace()
            place.agents[instance] = AgentPresence(since: since, seenAt: env.now, host: host)
            place.notifyCommandSince = notifyCommandSince.map { place.notifyCommandSince ?? $0 }
            place.lastRunAt = env.now
            setup.places[session] = place
        }
    }

    /// An agent on `session` stopped.
    public func agentStopped(_ instance: String, account: EntityID, session: String) throws {
        try update(account) { setup in setup.places[session]?.agents[instance] = nil }
    }

    /// Delivery ran on `session` (`tick`): when, and the notify command as
    /// that machine has it.
    public func deliveryRan(notifyCommandSince: Date?, account: EntityID, session: String) throws {
        try update(account) { setup in
            var place = setup.places[session] ?? DeliveryPlace()
            place.notifyCommandSince = notifyCommandSince.map { place.notifyCommandSince ?? $0 }
            place.lastRunAt = env.now
            setup.places[session] = place
        }
    }

    /// Whether a delivery run on `session` has something to write down: a
    /// notify command the store does not know of (or one it thinks is set),
    /// or a last run older than `Keeping.lookRefresh`. Asked on a snapshot,
    /// so that a `tick` with nothing new to say takes no write lock.
    public static func isRunWorthRecording(_ setup: DeliverySetup, notifyCommandSince: Date?, session: String,
                                           now: Date) -> Bool {
        guard let place = setup.places[session] else { return true }
        if (place.notifyCommandSince == nil) != (notifyCommandSince == nil) { return true }
        guard let last = place.lastRunAt else { return true }
        return isStale(last, now: now)
    }

    /// Writes down a look at the store by `keeper`, unless one was written
    /// down within `Keeping.lookRefresh`.
    public func recordLook(by keeper: Keeper) throws {
        guard Self.isLookDue(try store.lastLook(), now: env.now) else { return }
        try store.setLastLook(LastLook(at: env.now, by: keeper))
    }

    /// Whether a look is worth writing down after `last`.
    public static func isLookDue(_ last: LastLook?, now: Date) -> Bool {
        guard let last else { return true }
        return isStale(last.at, now: now)
    }

    /// Older than `Keeping.lookRefresh`, or in the future (a clock that went back).
    private static func isStale(_ date: Date, now: Date) -> Bool {
        let age = now.timeIntervalSince(date)
        return age >= Keeping.lookRefresh || age < 0
    }

    /// Changes the set-up, prunes what no longer counts, and writes it only
    /// when it changed.
    private func update(_ account: EntityID, _ change: (inout DeliverySetup) -> Void) throws {
        let old = try store.deliverySetup(of: account)
        var setup = old
        change(&setup)
        for (session, place) in setup.places {
            var kept = place
            kept.agents = place.agents.filter { $0.value.isLive(at: env.now) }
            let ended = try store.session(tokenHash: session) == nil
            setup.places[session] = ended || kept.isEmpty ? nil : kept
        }
        if setup != old { try store.saveDeliverySetup(setup, of: account) }
    }
}

/// One try of a notify command, as a delivery run reports it.
public enum DeliveryAttempt: Sendable, Equatable {
    case delivered(at: Date)
    case failed(at: Date, error: String)
}
