import FoundationEssentials

/// Brings one account's deadline up to date: fires each due milestone once,
/// hands out its notices, and says when the account next needs attention.
///
/// Pure: it reads and changes only the account's `DeadlineMarks`. Whoever
/// delivers the notices (`DeadlineService`) reports back where each landed
/// (`delivered`) or that it could not be delivered (`owe`); owed ones are
/// handed out again at the retry.
public struct DeadlineEngine: Sendable {
    public var rules: [any DeadlineRule]

    /// The rules of PRODUCT.md, one concept each.
    public static let standardRules: [any DeadlineRule] = [
        ReminderRule(), LateRule(), MissedCheckInRule(), EscalationRule(), RepeatRule(), PauseEndRule(), AnswerWindowRule(),
    ]

    public init(rules: [any DeadlineRule] = DeadlineEngine.standardRules) {
        self.rules = rules
    }

    /// The engine with the standard rules, for readers that only ask it questions.
    public static let standard = DeadlineEngine()

    /// A notice to deliver now, with the key that records it.
    public struct Due: Sendable, Equatable {
        /// `Milestone.noticeKey`: the milestone and the recipient.
        public var key: String
        public var notice: Notice
        /// The milestone it belongs to.
        public var milestone: String
    }

    /// The current deadline's milestones in time order, and the standing
    /// ones: what the engine fires, and what a timeline shows (the same
    /// rules, not a copy). `account` should be aligned (`aligned(_:)`).
    public func milestones(for account: Account, responders: [ContactLink]) -> [Milestone] {
        let subject = DeadlineSubject(account: account, responders: responders)
        return rules.flatMap { $0.milestones(for: subject) }.sorted { ($0.at, $0.key) < ($1.at, $1.key) }
    }

    /// The account with its marks made to fit its current cycle and deadline.
    public func aligned(_ account: Account) -> Account {
        var account = account
        align(&account)
        return account
    }

    /// Fires the milestones due at `now`, one at a time in time order (each
    /// rule sees what fired before it), recording them in `account.deadlines`,
    /// and returns the notices to deliver: owed ones whose retry has come,
    /// then new ones in time order. However late it runs, each milestone
    /// fires at most once, and a repeating one once for its latest occurrence.
    ///
    /// With `notices`, milestones stop firing once that many notices are
    /// out: the rest stay due (the account's wake is then now), for the
    /// next evaluation at the same `now` to fire, as if in one.
    public func evaluate(_ account: inout Account, responders: [ContactLink], now: Date, notices: Int? = nil) -> [Due] {
        align(&account)
        var out: [Due] = []
        if !account.deadlines.owed.isEmpty, now >= account.deadlines.retryAt ?? now {
            let owed = Set(account.deadlines.owed)
            let fired = FiredKeys(account.deadlines)
            for milestone in milestones(for: account, responders: responders)
            where isDone(milestone, account.deadlines, fired: fired) {
                if let expiry = milestone.expiresAt, now >= expiry { continue }
                out += dues(milestone, firedAt: now).filter { owed.contains($0.key) }
            }
            // Owed notices no rule gives any more (a responder removed since)
            // are forgotten; the caller records again what fails again.
            account.deadlines.owed = []
            account.deadlines.retryAt = nil
        }
        pruneStanding(&account, responders: responders)
        // Each round fires one milestone; the rules give a bounded number.
        // With many responders (a milestone each), the fired keys are looked
        // up in a table, so that the rounds do not cost the cube of their number.
        var fired = FiredKeys(account.deadlines)
        for _ in 0..<Self.maxRounds {
            if let notices, out.count >= notices { break }
            guard let next = milestones(for: account, responders: responders)
                .first(where: { isDue($0, account.deadlines, now, fired: fired) })
            else { break }
            out += fire(next, in: &account, now: now)
            fired.update(account.deadlines)
        }
        return out
    }

    /// Rounds of one evaluation at most: far more than any account's milestones.
    static let maxRounds = 100_000

    /// Records where a notice landed: the feed item it became.
    public func delivered(_ due: Due, item: FeedItem, at time: Date, in account: inout Account) {
        guard let step = account.deadlines.log.lastIndex(where: { $0.key == due.milestone }),
              let notice = account.deadlines.log[step].notices.firstIndex(where: { $0.recipient == due.notice.recipient })
        else { return }
        account.deadlines.log[step].notices[notice].toldAt = time
        account.deadlines.log[step].notices[notice].item = item.index
    }

    /// Records a notice that could not be delivered, to be handed out again
    /// by `evaluate` at `retryAt` while the deadline lasts.
    public func owe(_ due: Due, in account: inout Account, retryAt: Date) {
        if !account.deadlines.owed.contains(due.key) { account.deadlines.owed.append(due.key) }
        account.deadlines.retryAt = min(account.deadlines.retryAt ?? retryAt, retryAt)
    }

    /// The earliest moment a milestone is still to fire (or occur again) or
    /// an owed notice is to be tried again; nil when nothing is pending.
    public func nextWake(for account: Account, responders: [ContactLink]) -> Date? {
        let account = aligned(account)
        let fired = FiredKeys(account.deadlines)
        let pending = milestones(for: account, responders: responders).compactMap { nextMoment($0, account.deadlines, fired: fired) }
        let retry = account.deadlines.owed.isEmpty ? nil : account.deadlines.retryAt
        return (pending + [retry].compactMap { $0 }).min()
    }

    /// When `milestone` next fires, nil when it never will again.
    func nextMoment(_ milestone: Milestone, _ marks: DeadlineMarks, fired: FiredKeys? = nil) -> Date? {
        if milestone.period != nil {
            return milestone.occurrence((marks.occurrences[milestone.key] ?? -1) + 1)
        }
        return isDone(milestone, marks, fired: fired) ? nil : milestone.at
    }

    /// Whether the account's responders were told it missed its current
    /// deadline (its grace period ended without a check-in).
    public func isMissedNotified(_ account: Account) -> Bool {
        aligned(account).deadlines.heldDue != nil
    }

    /// The responders told of the current missed deadline: they are the
    /// ones to tell that it is over.
    public func toldResponders(_ account: Account, responders: [ContactLink]) -> [EntityID] {
        let marks = aligned(account).deadlines
        guard marks.heldDue != nil else { return [] }
        return responders.filter(\.isResponder).map(\.contactID).filter { marks.hasFired(EscalationRule.key($0)) }
    }

    // MARK: Firing

    private func isDone(_ milestone: Milestone, _ marks: DeadlineMarks, fired: FiredKeys? = nil) -> Bool {
        if milestone.isStanding { return marks.standing.contains(milestone.key) }
        if milestone.period != nil { return marks.occurrences[milestone.key] != nil }
        return fired?.contains(milestone.key, marks) ?? marks.hasFired(milestone.key)
    }

    private func isDue(_ milestone: Milestone, _ marks: DeadlineMarks, _ now: Date, fired: FiredKeys) -> Bool {
        guard let latest = milestone.latestOccurrence(at: now) else { return false }
        if milestone.period != nil { return latest > (marks.occurrences[milestone.key] ?? -1) }
        return !isDone(milestone, marks, fired: fired)
    }

    private func dues(_ milestone: Milestone, firedAt: Date) -> [Due] {
        milestone.notices(firedAt).map { Due(key: milestone.noticeKey($0), notice: $0, milestone: milestone.key) }
    }

    private func fire(_ milestone: Milestone, in account: inout Account, now: Date) -> [Due] {
        var at = milestone.at
        if milestone.isStanding {
            account.deadlines.standing.append(milestone.key)
        } else if milestone.period != nil {
            let occurrence = milestone.latestOccurrence(at: now) ?? 0
            account.deadlines.occurrences[milestone.key] = occurrence
            at = milestone.occurrence(occurrence)
        } else {
            account.deadlines.fired.append(milestone.key)
            if let expiry = milestone.expiresAt, now >= expiry { return [] }
            if milestone.holdsDeadline { account.deadlines.heldDue = account.nextCheckInDue }
        }
        let dues = dues(milestone, firedAt: now)
        if let event = milestone.event {
            // A repeat keeps only its latest occurrence: the log stays bounded.
            account.deadlines.log.removeAll { $0.key == milestone.key && milestone.period != nil }
            account.deadlines.log.append(FiredStep(key: milestone.key, event: event, at: at, firedAt: now,
                                                   notices: dues.map { NoticeRecord(recipient: $0.notice.recipient) }))
        }
        return dues
    }

    /// Standing marks of milestones no rule gives any more (an answer window
    /// answered or withdrawn) go: they can never come back.
    private func pruneStanding(_ account: inout Account, responders: [ContactLink]) {
        guard !account.deadlines.standing.isEmpty else { return }
        let given = Set(milestones(for: account, responders: responders).filter(\.isStanding).map(\.key))
        account.deadlines.standing.removeAll { !given.contains($0) }
    }

    // MARK: Cycles

    /// Starts the marks afresh for a new cycle (a check-in, a pause) or, until
    /// the deadline is held, for a moved deadline (a new interval, an
    /// extension); standing marks carry over, and for a moved deadline the
    /// marks of the cycle's own milestones (`DeadlineRule.cycleKeys`) too.
    func align(_ account: inout Account) {
        var marks = account.deadlines
        guard let start = account.cycleStart, let planned = account.plannedDue else {
            var fresh = DeadlineMarks()
            fresh.standing = marks.standing
            if fresh != account.deadlines { account.deadlines = fresh }
            return
        }
        if marks.version == nil {
            // Marks of an older lifesignal: "missed" told every responder.
            if marks.cycleStart == nil, marks.cycleDue == planned {
                marks.cycleStart = start
                if marks.fired.contains(MissedCheckInRule.key) { marks.heldDue = planned }
            }
            if marks.fired.contains(MissedCheckInRule.key) { marks.fired.append(EscalationRule.everyone) }
            marks.version = DeadlineMarks.currentVersion
        }
        if marks.cycleStart != start {
            marks = DeadlineMarks(cycleStart: start, cycleDue: planned, standing: marks.standing)
        } else if marks.heldDue == nil, marks.cycleDue != planned {
            marks = marks.moved(to: planned, keeping: rules.flatMap(\.cycleKeys))
        }
        if marks != account.deadlines { account.deadlines = marks }
    }
}
