import FoundationEssentials

/// Each responder is told of a missed check-in at `due + grace + delay`,
/// their own delay: a partner at once, a neighbour two hours later. Once
/// someone acknowledged it, the steps not yet taken are dropped.
public struct EscalationRule: DeadlineRule {
    public init() {}

    /// Keys are `told:` and the responder's ID.
    public static let prefix = "told:"
    /// Stands for every responder in marks from before escalation, when one
    /// milestone told them all.
    public static let everyone = "told:*"

    public static func key(_ responder: EntityID) -> String { prefix + responder.rawValue }

    public func milestones(for subject: DeadlineSubject) -> [Milestone] {
        guard let due = subject.due, let ends = subject.graceEnds else { return [] }
        let account = subject.account
        let acknowledged = subject.marks.acknowledgedBy != nil
        let fired = acknowledged ? FiredKeys(subject.marks) : nil
        return subject.responders.compactMap { link in
            let key = Self.key(link.contactID)
            if let fired, !fired.contains(key, subject.marks) { return nil }
            return Milestone(key: key, at: ends.addingTimeInterval(Double(link.responderDelay)), event: .notify) { _ in
                [Notice(link.contactID, Self.missed(account, due: due))]
            }
        }
    }

    static func missed(_ account: Account, due: Date) -> FeedDraft {
        var message = "\(account.fullName) missed their check-in, due at \(ISO8601.format(due))."
        message += tripNote(account)
        if !account.emergencyNote.isEmpty { message += " Emergency note: \(account.emergencyNote)" }
        return FeedDraft(type: .checkIn, title: "\(account.fullName) missed a check-in",
                         message: message, relatedContactID: account.id, isCritical: true)
            .zoned([due, account.tripInProgress?.startedAt], of: account)
    }

    /// What a missed deadline that ended a trip adds: that they were on one, and its note.
    static func tripNote(_ account: Account) -> String {
        guard let trip = account.tripInProgress else { return "" }
        return " They were on a trip since \(ISO8601.format(trip.startedAt))" + (trip.note.map { ": \($0)" } ?? "") + "."
    }
}

/// While a missed check-in stays unresolved (no check-in, nobody
/// acknowledged it), each responder already told is told again every
/// `repeatInterval`, counted from when they were told; however long
/// nothing ran, once per interval at most.
public struct RepeatRule: DeadlineRule {
    public init() {}

    public static let prefix = "repeat:"

    public static func key(_ responder: EntityID) -> String { prefix + responder.rawValue }

    public static func title(_ account: Account) -> String { "\(account.fullName) still has not checked in" }

    public func milestones(for subject: DeadlineSubject) -> [Milestone] {
        guard let period = subject.account.repeatInterval, let due = subject.due, let ends = subject.graceEnds,
              subject.marks.acknowledgedBy == nil else { return [] }
        let account = subject.account
        let firedTimes = FiredTimes(subject.marks)
        return subject.responders.map { link in
            let told = EscalationRule.key(link.contactID)
            // Counted from the moment they were told; until then, from when they will be.
            let start = firedTimes.firedAt(told, subject.marks) ?? ends.addingTimeInterval(Double(link.responderDelay))
            return Milestone(key: Self.key(link.contactID), at: start.addingTimeInterval(Double(period)),
                             event: .repeat, period: period) { _ in
                [Notice(link.contactID, Self.draft(account, due: due, period: period))]
            }
        }
    }

    static func draft(_ account: Account, due: Date, period: Int) -> FeedDraft {
        let name = account.firstName.isEmpty ? account.phoneNumber : account.firstName
        var message = "\(account.fullName) missed their check-in, due at \(ISO8601.format(due)), and has not checked in since. "
            + "You are told again every \(DurationText.format(seconds: period)) until they check in or a responder "
            + "says they are handling it ('lifesignal ack \(name)')."
        message += EscalationRule.tripNote(account)
        if !account.emergencyNote.isEmpty { message += " Emergency note: \(account.emergencyNote)" }
        return FeedDraft(type: .checkIn, title: title(account), message: message, relatedContactID: account.id,
                         isCritical: true).zoned([due, account.tripInProgress?.startedAt], of: account)
    }
}
