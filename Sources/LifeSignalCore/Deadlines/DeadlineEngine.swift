import FoundationEssentials

/// Brings one account's deadline up to date: fires each due milestone once,
/// hands out its notices, and says when the account next needs attention.
///
/// Pure: it reads and changes only the account's `DeadlineMarks`. Whoever
/// delivers the notices (`DeadlineService`) reports back the ones it could
/// not deliver (`owe`), and they are handed out again at the retry.
public struct DeadlineEngine: Sendable {
    public var rules: [any DeadlineRule]

    public init(rules: [any DeadlineRule] = [ReminderRule(), MissedCheckInRule()]) {
        self.rules = rules
    }

    /// A notice to deliver now, with the key that records it.
    public struct Due: Sendable, Equatable {
        public var key: String
        public var notice: Notice
    }

    /// The current deadline's milestones in time order: what the engine
    /// fires, and what a timeline shows (the same rules, not a copy).
    public func milestones(for account: Account, responders: [ContactLink]) -> [Milestone] {
        guard let due = account.nextCheckInDue else { return [] }
        let subject = DeadlineSubject(account: account, due: due, responders: responders)
        return rules.flatMap { $0.milestones(for: subject) }.sorted { ($0.at, $0.key) < ($1.at, $1.key) }
    }

    /// Fires the milestones of the current deadline that are due at `now`,
    /// recording them in `account.deadlines`, and returns the notices to
    /// deliver: owed ones whose retry has come, then new ones in time order.
    /// However late it runs, each milestone fires at most once.
    public func evaluate(_ account: inout Account, responders: [ContactLink], now: Date) -> [Due] {
        align(&account)
        guard account.nextCheckInDue != nil else { return [] }
        let milestones = milestones(for: account, responders: responders)
        var out: [Due] = []
        if !account.deadlines.owed.isEmpty, now >= account.deadlines.retryAt ?? now {
            let owed = Set(account.deadlines.owed)
            for milestone in milestones where account.deadlines.fired.contains(milestone.key) {
                if let expiry = milestone.expiresAt, now >= expiry { continue }
                out += milestone.notices(now).map { Due(key: milestone.noticeKey($0), notice: $0) }
                    .filter { owed.contains($0.key) }
            }
            // Owed notices no rule gives any more (a responder removed since)
            // are forgotten; the caller records again what fails again.
            account.deadlines.owed = []
            account.deadlines.retryAt = nil
        }
        for milestone in milestones where milestone.at <= now && !account.deadlines.fired.contains(milestone.key) {
            account.deadlines.fired.append(milestone.key)
            if let expiry = milestone.expiresAt, now >= expiry { continue }
            if milestone.holdsDeadline { account.deadlines.heldDue = account.nextCheckInDue }
            out += milestone.notices(now).map { Due(key: milestone.noticeKey($0), notice: $0) }
        }
        return out
    }

    /// Records a notice that could not be delivered, to be handed out again
    /// by `evaluate` at `retryAt` while the deadline lasts.
    public func owe(_ due: Due, in account: inout Account, retryAt: Date) {
        if !account.deadlines.owed.contains(due.key) { account.deadlines.owed.append(due.key) }
        account.deadlines.retryAt = min(account.deadlines.retryAt ?? retryAt, retryAt)
    }

    /// The earliest moment a milestone of the current deadline is still to
    /// fire or an owed notice is to be tried again; nil when nothing is pending.
    public func nextWake(for account: Account, responders: [ContactLink]) -> Date? {
        var account = account
        align(&account)
        let pending = milestones(for: account, responders: responders)
            .filter { !account.deadlines.fired.contains($0.key) }
            .map(\.at)
        let retry = account.deadlines.owed.isEmpty ? nil : account.deadlines.retryAt
        return (pending + [retry].compactMap { $0 }).min()
    }

    /// Whether the account's responders were told it missed its current deadline.
    public func isMissedNotified(_ account: Account) -> Bool {
        var account = account
        align(&account)
        return account.deadlines.heldDue != nil
    }

    /// Starts the marks afresh for a new cycle (a check-in) or, until the
    /// deadline is held, for a moved deadline (a new interval).
    func align(_ account: inout Account) {
        guard let start = account.lastCheckIn else {
            account.deadlines = DeadlineMarks()
            return
        }
        let planned = start.addingTimeInterval(Double(account.checkInInterval))
        var marks = account.deadlines
        if marks.cycleStart == nil, marks.cycleDue == planned {
            // Marks written before cycles were recorded: the same deadline.
            marks.cycleStart = start
            if marks.fired.contains(MissedCheckInRule.key) { marks.heldDue = planned }
        }
        if marks.cycleStart != start {
            marks = DeadlineMarks(cycleStart: start, cycleDue: planned)
        } else if marks.heldDue == nil, marks.cycleDue != planned {
            marks.cycleDue = planned
            marks.fired = []
            marks.owed = []
            marks.retryAt = nil
        }
        if marks != account.deadlines { account.deadlines = marks }
    }
}
