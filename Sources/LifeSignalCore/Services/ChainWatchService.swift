import ByteKeyed
import FoundationEssentials

/// Tells the people concerned, before an emergency needs the chain, when an
/// alarm would reach nobody on time, and when it works again
/// (`ChainWatchRules`): a responder of their own notify command that keeps
/// failing, a dependent of having no responder whose delivery works. Each
/// notice goes to the account's own feed, so it is one notice, never a
/// fan-out.
public struct ChainWatchService {
    let store: any StoreWriting
    let env: CoreEnvironment

    public init(store: any StoreWriting, env: CoreEnvironment) {
        self.store = store
        self.env = env
    }

    private var notifier: Notifier { Notifier(store: store, env: env) }

    /// As a responder, after a delivery run wrote down what the notify
    /// command did: the account is told when it keeps failing, and when it
    /// works again. Saves the account when its record changed.
    public func watchOwnDelivery(_ account: inout Account) throws {
        let health = try store.deliveryHealth(of: account.id, now: env.now)
        var watch = account.chainWatch ?? ChainWatch()
        let step = ChainWatchRules.step(&watch.notifyFailing, holds: ChainWatchRules.keepsFailing(health), now: env.now)
        guard watch != account.chainWatch ?? ChainWatch() else { return }
        let draft: FeedDraft? = switch step {
        case .nothing: nil
        case .began: Self.failing(health)
        case .ended: Self.worksAgain(health)
        }
        // A transaction that carries no more notices, or a feed that cannot
        // take one, leaves the look to the next run.
        if let draft {
            guard store.reserveNotice(), try notifier.deliver(account.id, draft) else { return }
        }
        account.chainWatch = watch.isEmpty ? nil : watch
        try store.save(account)
    }

    /// As a dependent, at one of its wakes (a reminder comes before every
    /// deadline): the account is told when none of `responders` has a
    /// working delivery (failing, not running, or none set up), and when
    /// one has again. The caller saves the account. A transaction that can
    /// carry no more notices leaves the look to the next wake. Returns the
    /// notices sent.
    func watchReach(_ account: inout Account, responders: [ContactLink]) throws -> Int {
        guard store.remainingNotices != 0 else { return 0 }
        var healths: [DeliveryHealth?] = []
        for link in responders {
            do {
                healths.append(try store.deliveryHealth(of: link.contactID, now: env.now))
            } catch let failure as any UserFacingError where failure.isUnreadableFile {
                healths.append(nil)
            }
        }
        var watch = account.chainWatch ?? ChainWatch()
        let unreached = ChainWatchRules.isUnreached(zip(healths, responders).map { ($0, $1.addedAt) }, now: env.now)
        let step = ChainWatchRules.step(&watch.unreached, holds: unreached, now: env.now)
        let draft: FeedDraft? = switch step {
        case .nothing: nil
        case .began: try Self.unreached(zip(responders, healths).map { (try name(of: $0.0), $0.1) })
        case .ended: Self.reachedAgain
        }
        if let draft {
            guard store.reserveNotice(), try notifier.deliver(account.id, draft) else { return 0 }
        }
        account.chainWatch = watch.isEmpty ? nil : watch
        return draft == nil ? 0 : 1
    }

    /// The terminal showed the account its notify command's failure: it is
    /// not shown again while this spell lasts.
    public func shownOnTerminal(_ id: EntityID) throws {
        guard var account = try store.account(id), account.chainWatch?.notifyFailing?.awaitsTerminal == true else { return }
        account.chainWatch?.notifyFailing?.shownAt = env.now
        try store.save(account)
    }

    private func name(of link: ContactLink) throws -> String {
        do {
            return try store.account(link.contactID)?.fullName ?? link.contactID.short
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            return link.contactID.short
        }
    }

    static func failing(_ health: DeliveryHealth) -> FeedDraft {
        let since = health.failingSince.map { " since \(ISO8601.format($0))" } ?? ""
        let last = health.lastError.map { " (last: \($0))" } ?? ""
        return FeedDraft(
            type: .checkIn, title: "Your notify command keeps failing",
            message: "Your notify command failed \(health.failedAttempts) tries in a row\(since)\(last). Until it works, "
                + "the alarms of the people you watch over reach you only when you run lifesignal, and their "
                + "'lifesignal status' shows your delivery as failing. Fix it, or set another with "
                + "'lifesignal settings set notify-command COMMAND'.")
    }

    static func worksAgain(_ health: DeliveryHealth) -> FeedDraft {
        let how = health.state == .working ? "took a notification again" : "is no longer failing (\(health.state.rawValue))"
        return FeedDraft(type: .checkIn, title: "Your notify command works again",
                         message: "Your notify command \(how): the alarms of the people you watch over reach you again.")
    }

    static func unreached(_ responders: [(name: String, health: DeliveryHealth?)]) -> FeedDraft {
        let each = responders.map { responder in
            let why = switch responder.health?.state {
            case .failing: "notify command failing"
            case .notRunning: "no agent or tick running"
            case .none?: "no delivery set up"
            case .working: "working"
            case nil: "cannot be checked"
            }
            return "\(responder.name): \(why)"
        }
        return FeedDraft(
            type: .checkIn, title: "Nobody would be told in time if you missed your check-in",
            message: "None of your responders has a working delivery (\(each.concatenated(separator: "; "))): a missed "
                + "check-in or an alert would wait in their feeds until each next runs lifesignal. Ask them to fix "
                + "their notify command or run 'lifesignal agent'; 'lifesignal status' shows each one's reach, and "
                + "'lifesignal drill' tests the whole chain.")
    }

    static let reachedAgain = FeedDraft(
        type: .checkIn, title: "Your alarms reach a responder again",
        message: "At least one of your responders has a working delivery again: a missed check-in or an alert "
            + "would reach them at once.")
}

extension StoreReading {
    /// `id`'s delivery set-up with those of its sign-ins that still hold
    /// (one that ended delivers nothing).
    public func liveDeliverySetup(of id: EntityID) throws -> (setup: DeliverySetup, live: ByteKeyedTable<Void>) {
        let setup = try deliverySetup(of: id)
        var live = ByteKeyedTable<Void>()
        for session in setup.places.keys where try self.session(tokenHash: session)?.accountID == id {
            live.insert(session)
        }
        return (setup, live)
    }

    /// Whether `id`'s notifications reach it beyond its feed at `now`.
    public func deliveryHealth(of id: EntityID, now: Date) throws -> DeliveryHealth {
        let (setup, live) = try liveDeliverySetup(of: id)
        return DeliveryHealth(setup, liveSessions: live, now: now)
    }
}
