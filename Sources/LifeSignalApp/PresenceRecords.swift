import FoundationEssentials
import LifeSignalCore
import LifeSignalStore

/// What `tick` and the agent write down about their presence, so that
/// others can tell: the store's last look (`status` warns when none came
/// for longer than a reminder), and this sign-in's delivery set-up (a
/// dependent's `status` shows who hears of an alarm at once).
public struct PresenceRecords {
    let context: AppSession

    public init(context: AppSession) { self.context = context }

    /// This sign-in's key in the delivery set-up: the hash of its token.
    public func session() throws -> String { SHA256.hexDigest(try context.session().token) }

    /// When this machine's notify command started on this store, as the
    /// store's record is written from: now, which the record takes only
    /// when it has none (the store where the command was set has its
    /// moment already). nil when no command is set. The moment kept in the
    /// local settings is another store's, by another clock: never this one's.
    public func notifyCommandSince() throws -> Date? {
        let local = try context.settings()
        guard local.notifyCommand != nil else { return nil }
        return try context.now()
    }

    /// What a `tick` writes down once it has delivered: its look, and (when
    /// signed in) its delivery run, each only when worth it.
    public struct TickNote {
        var look: Bool
        var run: (account: EntityID, session: String, notify: Date?)?
    }

    /// Decides on a snapshot, before the tick changes anything, what it will
    /// write down: most ticks from cron write nothing, and a damaged record
    /// stops the tick (naming the file) before it delivers.
    public func planTick(signedIn: Bool) throws -> TickNote? {
        guard let shared = try context.existingStore() else { return nil }
        let now = try context.now()
        let mine: (account: EntityID, session: String, notify: Date?)? =
            signedIn ? (try context.session().accountID, try session(), try notifyCommandSince()) : nil
        let note = try shared.readWithoutCatchUp { store in
            // Where no store is yet, a look is nothing to write down (nor a reason to make one).
            TickNote(look: try store.identity() != nil && DeliverySetupService.isLookDue(try store.lastLook(), now: now),
                     run: try mine.flatMap { mine in
                         DeliverySetupService.isRunWorthRecording(try store.deliverySetup(of: mine.account),
                                                                  notifyCommandSince: mine.notify, session: mine.session,
                                                                  now: now) ? mine : nil
                     })
        }
        return note.look || note.run != nil ? note : nil
    }

    /// Writes down what `planTick` decided.
    public func tickRan(_ note: TickNote?) throws {
        guard let note, let shared = try context.existingStore() else { return }
        let env = try context.core()
        try shared.write(env: env) { store in
            let service = DeliverySetupService(store: store, env: env)
            if note.look { try service.recordLook(by: .tick) }
            if let mine = note.run {
                try service.deliveryRan(notifyCommandSince: mine.notify, account: mine.account, session: mine.session)
            }
        }
    }

    /// An agent started, or its heartbeat: its presence and the look.
    public func agentAlive(_ instance: String, since: Date) throws {
        let session = try session()
        // The machine it runs on, as its owner sees it in their own files;
        // a host name is at most 255 bytes, and the store keeps no more.
        var host = context.env.machineName ?? "unknown"
        while host.utf8.count > 255 { host.removeLast() }
        let notify = try notifyCommandSince()
        let env = try context.core()
        try context.writing { store, account in
            let service = DeliverySetupService(store: store, env: env)
            try service.agentAlive(instance, host: host, since: since, notifyCommandSince: notify,
                                   account: account.id, session: session)
            try service.recordLook(by: .agent)
        }
    }

    /// An agent stopped: it no longer counts as delivery.
    public func agentStopped(_ instance: String) throws {
        let session = try session()
        let env = try context.core()
        try context.writing { store, account in
            try DeliverySetupService(store: store, env: env).agentStopped(instance, account: account.id, session: session)
        }
    }

    /// A notify command was set or cleared here: the store learns at once,
    /// when signed in (otherwise at the next `tick` or agent start).
    public func notifyCommandChanged(since: Date?) throws {
        let session = try session()
        let env = try context.core()
        try context.writing { store, account in
            try DeliverySetupService(store: store, env: env).setNotifyCommand(since: since, account: account.id, session: session)
        }
    }
}
