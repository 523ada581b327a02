import FoundationEssentials

/// Brings one account's deadline up to date: fires each due milestone once
/// and says when the account next needs attention.
public struct DeadlineEngine: Sendable {
    public var rules: [any DeadlineRule]

    public init(rules: [any DeadlineRule] = [ReminderRule(), MissedCheckInRule()]) {
        self.rules = rules
    }

    /// Fires the milestones of the current deadline that are due at `now`,
    /// recording them in `account.deadlines`, and returns their effects in
    /// time order. However late it runs, each milestone fires at most once.
    public func evaluate(_ account: inout Account, now: Date) -> [DeadlineEffect] {
        guard let due = account.nextCheckInDue else {
            account.deadlines = DeadlineMarks()
            return []
        }
        if account.deadlines.cycleDue != due {
            account.deadlines = DeadlineMarks()
            account.deadlines.cycleDue = due
        }
        var effects: [DeadlineEffect] = []
        for milestone in milestones(for: account, due: due) where milestone.at <= now {
            guard !account.deadlines.fired.contains(milestone.key) else { continue }
            account.deadlines.fired.append(milestone.key)
            if let expiry = milestone.expiresAt, now >= expiry { continue }
            effects += milestone.effects
        }
        return effects
    }

    /// The earliest moment a milestone of the current deadline is still to
    /// fire, or nil when nothing is pending.
    public func nextWake(for account: Account) -> Date? {
        guard let due = account.nextCheckInDue else { return nil }
        return milestones(for: account, due: due)
            .filter { !account.deadlines.hasFired($0.key, forDue: due) }
            .map(\.at)
            .min()
    }

    /// Whether the missed-check-in milestone has fired for the current deadline.
    public func isMissedNotified(_ account: Account) -> Bool {
        guard let due = account.nextCheckInDue else { return false }
        return account.deadlines.hasFired(MissedCheckInRule.key, forDue: due)
    }

    private func milestones(for account: Account, due: Date) -> [Milestone] {
        rules.flatMap { $0.milestones(for: account, due: due) }.sorted { $0.at < $1.at }
    }
}
