import FoundationEssentials

/// The check-in reminder at `due − reminder`, to the account itself.
public struct ReminderRule: DeadlineRule {
    public init() {}

    public func milestones(for subject: DeadlineSubject) -> [Milestone] {
        guard let due = subject.due else { return [] }
        let id = subject.account.id
        let at = due.addingTimeInterval(-Double(subject.account.reminderInterval))
        return [Milestone(key: "reminder", at: at, expiresAt: due, event: .reminder) { firedAt in
            // To the nearest minute: fired a moment late, "59m" stays 59m.
            let seconds = max(0, WholeSeconds.of(due.timeIntervalSince(firedAt).rounded()))
            let left = RelativeTime.span(seconds: seconds < 60 ? seconds : (seconds + 30) / 60 * 60)
            return [Notice(id, FeedDraft(
                type: .checkIn, title: "Check-in reminder",
                message: "Your check-in is due in \(left), at \(ISO8601.format(due)). Run 'lifesignal checkin'."))]
        }]
    }
}

/// With a grace period: at the deadline the account alone is told it is
/// late, and when its responders will be told. Pointless once the grace
/// period is over (the missed check-in says it all then).
public struct LateRule: DeadlineRule {
    public init() {}

    public static let title = "You are late to check in"

    public func milestones(for subject: DeadlineSubject) -> [Milestone] {
        guard let due = subject.due, let ends = subject.graceEnds, ends > due else { return [] }
        let id = subject.account.id
        let watched = !subject.responders.isEmpty
        return [Milestone(key: "late", at: due, expiresAt: ends, event: .due) { _ in
            let next = watched ? "Your responders will be told at \(ISO8601.format(ends)) unless you check in"
                : "Nobody will be told at \(ISO8601.format(ends)): you have no responders"
            return [Notice(id, FeedDraft(
                type: .checkIn, title: Self.title,
                message: "Your check-in was due at \(ISO8601.format(due)). \(next). Run 'lifesignal checkin'.",
                isCritical: true))]
        }]
    }
}

/// The missed check-in when the grace period ends (at the deadline without
/// one): the account is told, with who has been told and who will be. It
/// holds the deadline until the next check-in; its responders are told by
/// `EscalationRule`, each at their own delay.
public struct MissedCheckInRule: DeadlineRule {
    public init() {}

    /// The milestone key that marks an account as overdue and notified.
    public static let key = "missed"

    public func milestones(for subject: DeadlineSubject) -> [Milestone] {
        guard let due = subject.due, let ends = subject.graceEnds else { return [] }
        let id = subject.account.id
        let delays = subject.responders.map(\.responderDelay)
        let event: TimelineEvent = ends > due ? .notify : .due
        return [Milestone(key: Self.key, at: ends, holdsDeadline: true, event: event) { firedAt in
            let told = Self.told(delays: delays, graceEnds: ends, at: firedAt)
            return [Notice(id, FeedDraft(type: .checkIn, title: "You missed your check-in",
                                         message: "Your check-in was due at \(ISO8601.format(due)). \(told)",
                                         relatedContactID: nil, isCritical: true))]
        }]
    }

    /// Who has been told at `at`, and who will be, in a sentence or two.
    static func told(delays: [Int], graceEnds: Date, at: Date) -> String {
        let safe = "Run 'lifesignal checkin' to let them know you are safe."
        guard !delays.isEmpty else {
            return "Nobody was told: you have no responders (add one with 'lifesignal contacts add CODE --responder'). "
                + "Run 'lifesignal checkin' to start again."
        }
        let times = delays.map { graceEnds.addingTimeInterval(Double($0)) }
        let now = times.filter { $0 <= at }.count
        let last = ISO8601.format(times.max() ?? graceEnds)
        switch (now, delays.count) {
        case (1, 1): return "Your responder has been told. \(safe)"
        case (let n, let total) where n == total: return "Your \(total) responders have been told. \(safe)"
        case (0, 1): return "Your responder will be told at \(last) unless you check in. Run 'lifesignal checkin'."
        case (0, let total):
            let first = ISO8601.format(times.min() ?? graceEnds)
            return "Your \(total) responders will be told from \(first) to \(last) unless you check in. Run 'lifesignal checkin'."
        case (let n, let total):
            return "\(n) of your \(total) responders \(n == 1 ? "has" : "have") been told; the others will be told by \(last) "
                + "unless you check in. \(safe)"
        }
    }
}
