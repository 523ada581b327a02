import FoundationEssentials

/// Which feed items go to the notify command in one delivery run, and in
/// what order.
///
/// Delivery is at least once: the store keeps a cursor below which every
/// item was handed over, skipped (the preferences hold it back, it is older than
/// the notify command, or there is no command), or set back for a retry.
/// An item the command failed on waits in `FeedSummary.retries` with a
/// back-off, so no single item holds up the ones behind it.
///
/// Every due item is in the plan, in the order `DeliveryOrder` gives:
/// alerts and missed check-ins first, each sender's items taking turns, so
/// that no account's items (failing ones included) hold up another's.
public struct DeliveryPlan {
    public enum Step: Sendable, Equatable {
        /// Hand this item to the notify command.
        case deliver(FeedItem)
        /// Move the cursor past it without running anything.
        case skip(FeedItem)
        /// Quiet hours hold it back: it waits, due at their end.
        case hold(FeedItem, until: Date)
    }

    /// Items that need no command first, then due retries and new items
    /// from the cursor on, in `DeliveryOrder`.
    public var steps: [Step]
    /// Retries not yet due, in `DeliveryOrder`: tried as well once the
    /// command has succeeded in this run, since a success shows the command
    /// works again.
    public var waiting: [FeedItem]
    /// The positions of the new items in the plan (from the cursor on),
    /// in feed order: the ledger moves the cursor past them.
    public var fresh: [Int]
    /// Retries whose items are no longer in the feed (deleted, or dropped by retention).
    public var vanished: [Int]
    /// The delivery state the plan was made from.
    public var state: DeliveryState
    /// New items skipped only because they are older than the notify
    /// command (`since`): what a person may wonder about, once.
    public var olderThanCommand = 0
    /// When it was made, and under which command (nil: none).
    public var made: Date
    public var command: String?

    /// At most `limit` new items from the cursor on, oldest first.
    ///
    /// - Parameters:
    ///   - command: the notify command (nil: none is set, so new items are skipped).
    ///   - since: when the notify command was set, by this store's clock; older items are skipped.
    ///   - quietUntil: the end of the owner's quiet hours, when they are in
    ///     them (`QuietHoursRules.end`): what can wait waits until then.
    public init(store: any StoreReading, owner: Account, now: Date, command: String? = nil, since: Date? = nil,
                quietUntil: Date? = nil, limit: Int = 500) throws {
        let current = DeliveryState(try store.feedSummary(of: owner.id))
        let digest = command.map(DeliveryRetry.digest)
        var due: [FeedItem] = [], waiting: [FeedItem] = []
        var found = Set<Int>()
        if !current.retries.isEmpty {
            let retries = Dictionary(current.retries.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
            let lowest = current.retries.map(\.index).min() ?? 0
            try store.visitFeed(of: owner.id, from: lowest) { item in
                guard item.index < current.deliveredThrough else { return false }
                if let retry = retries[item.index] {
                    found.insert(item.index)
                    if retry.isDue(at: now, command: digest) { due.append(item) } else { waiting.append(item) }
                }
                return true
            }
        }
        /// What becomes of an item the owner would have handed over now.
        func handing(_ item: FeedItem) -> Step {
            if let quietUntil, QuietHoursRules.holds(item) { return .hold(item, until: quietUntil) }
            return .deliver(item)
        }
        var steps = due.map { owner.preferences.delivers($0) ? handing($0) : Step.skip($0) }
        var fresh: [Int] = []
        var older = 0
        try store.visitFeed(of: owner.id, from: current.deliveredThrough) { item in
            let allowed = command != nil && owner.preferences.delivers(item)
            let wanted = allowed && item.timestamp >= (since ?? item.timestamp)
            if allowed, !wanted { older += 1 }
            steps.append(wanted ? handing(item) : .skip(item))
            fresh.append(item.index)
            return fresh.count < limit
        }
        self.steps = DeliveryOrder.arrange(steps)
        self.waiting = DeliveryOrder.arrange(quietUntil == nil ? waiting : waiting.filter { !QuietHoursRules.holds($0) })
        self.fresh = fresh
        olderThanCommand = older
        vanished = current.retries.map(\.index).filter { !found.contains($0) }
        state = current
        made = now
        self.command = command
    }
}

/// The outcomes of one delivery run folded into the delivery state: the
/// cursor moves past every new item whatever became of it, and an item the
/// command failed on waits with a back-off. A non-critical item is set
/// aside (it stays in the feed) after `maxAttempts`; an alert or a missed
/// check-in is never given up.
///
/// New items are not taken in feed order (`DeliveryOrder`), and a run may
/// end before all are taken (its time budget, a stop request, a kill): so
/// the cursor moves past the farthest new item settled, and each new item
/// of the plan below it that was not yet taken waits as a retry that has
/// had no attempt (due at once), so it is neither lost nor handed over twice.
public struct DeliveryLedger: Sendable {
    /// Failed attempts after which a non-critical item is set aside.
    public static let maxAttempts = 8
    /// The first retry waits this long; each failure doubles it, up to `maxDelay`.
    public static let firstDelay = 60
    public static let maxDelay = 1800

    public enum Verdict: Sendable, Equatable {
        /// Tried again at this moment (or at once, with another command).
        case retry(at: Date)
        /// Given up on: reported, and left in the feed.
        case setAside(attempts: Int)
    }

    /// The state without the new items not yet taken.
    private var settled: DeliveryState
    /// The plan's new items, in feed order, and which of them are settled.
    private let fresh: [Int]
    private var settledFresh: Set<Int> = []
    /// What a new item not yet taken waits as: due when the plan was made,
    /// under the plan's command.
    private let untaken: (at: Date, command: String)

    public init(_ plan: DeliveryPlan) {
        settled = plan.state
        let gone = Set(plan.vanished)
        settled.retries.removeAll { gone.contains($0.index) }
        fresh = plan.fresh
        untaken = (plan.made, plan.command.map(DeliveryRetry.digest) ?? "")
    }

    /// Where delivery stands: the cursor past the farthest new item settled,
    /// the new items below it not yet taken waiting as retries of no attempt.
    public var state: DeliveryState {
        guard let farthest = settledFresh.max() else { return settled }
        var result = settled
        result.deliveredThrough = max(result.deliveredThrough, farthest + 1)
        for index in fresh where index < farthest && !settledFresh.contains(index) {
            result.retries.append(DeliveryRetry(index: index, attempts: 0, nextAttempt: untaken.at, command: untaken.command))
        }
        result.retries.sort { $0.index < $1.index }
        return result
    }

    /// Seconds before the next attempt after `attempts` failures.
    public static func delay(afterAttempts attempts: Int) -> Int {
        min(maxDelay, firstDelay << min(max(attempts - 1, 0), 16))
    }

    /// The item needs nothing (the preferences hold it back, or it is older than the command).
    public mutating func skipped(_ item: FeedItem) { settle(item) }

    /// Quiet hours hold the item back: it waits as a retry of no attempt
    /// more (a failed one keeps its count), due at their end, under `command`.
    public mutating func held(_ item: FeedItem, until: Date, command: String) {
        let attempts = settled.retries.first { $0.index == item.index }?.attempts ?? 0
        settle(item)
        let retry = DeliveryRetry(index: item.index, attempts: attempts, nextAttempt: until,
                                  command: DeliveryRetry.digest(command))
        let position = settled.retries.firstIndex { $0.index > item.index } ?? settled.retries.endIndex
        settled.retries.insert(retry, at: position)
    }

    /// The command took the item.
    public mutating func delivered(_ item: FeedItem) { settle(item) }

    /// The command failed on the item: when it is tried again, or that it is set aside.
    public mutating func failed(_ item: FeedItem, now: Date, command: String) -> Verdict {
        let attempts = (settled.retries.first { $0.index == item.index }?.attempts ?? 0) + 1
        settle(item)
        if !item.isCritical, attempts >= Self.maxAttempts { return .setAside(attempts: attempts) }
        let next = now.addingTimeInterval(Double(Self.delay(afterAttempts: attempts)))
        let retry = DeliveryRetry(index: item.index, attempts: attempts, nextAttempt: next,
                                  command: DeliveryRetry.digest(command))
        let position = settled.retries.firstIndex { $0.index > item.index } ?? settled.retries.endIndex
        settled.retries.insert(retry, at: position)
        return .retry(at: next)
    }

    /// The earliest moment a waiting item is due again.
    public var nextRetry: Date? { state.retries.map(\.nextAttempt).min() }

    private mutating func settle(_ item: FeedItem) {
        settled.retries.removeAll { $0.index == item.index }
        if item.index >= settled.deliveredThrough { settledFresh.insert(item.index) }
    }
}

/// Where delivery to the notify command stands: the cursor and the items
/// waiting for another attempt.
public struct DeliveryState: Sendable, Equatable {
    public var deliveredThrough: Int
    public var retries: [DeliveryRetry]

    public init(_ summary: FeedSummary) {
        deliveredThrough = summary.deliveredThrough
        retries = summary.retries
    }

    public init(deliveredThrough: Int, retries: [DeliveryRetry]) {
        self.deliveredThrough = deliveredThrough
        self.retries = retries
    }
}

/// An item the notify command failed on, waiting for another attempt.
public struct DeliveryRetry: Codable, Sendable, Equatable {
    /// The item's position in the feed.
    public var index: Int
    /// Failed attempts so far; 0 for an item a run did not get to
    /// (`DeliveryLedger`), due at once.
    public var attempts: Int
    /// Not tried again before this moment (unless the command changed).
    public var nextAttempt: Date
    /// `digest` of the command that failed; a different command is tried at once.
    public var command: String

    public init(index: Int, attempts: Int, nextAttempt: Date, command: String) {
        self.index = index
        self.attempts = attempts
        self.nextAttempt = nextAttempt
        self.command = command
    }

    func isDue(at now: Date, command current: String?) -> Bool {
        now >= nextAttempt || (current != nil && current != command)
    }

    /// A short fingerprint of a notify command.
    public static func digest(_ command: String) -> String {
        String(SHA256.hexDigest(command).prefix(16))
    }
}
