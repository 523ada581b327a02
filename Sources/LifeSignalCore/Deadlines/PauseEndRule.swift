import FoundationEssentials

/// The end of a pause (`checkin pause`, or `checkin resume` ending it
/// early): the account and its responders are told that deadlines are
/// watched again. The cycle starts there, so this is its first milestone.
public struct PauseEndRule: DeadlineRule {
    public init() {}

    public static let key = "pauseEnds"

    /// The pause ended once, whatever deadline follows it.
    public var cycleKeys: [String] { [Self.key] }

    public func milestones(for subject: DeadlineSubject) -> [Milestone] {
        let account = subject.account
        guard let pause = account.pause, let start = account.cycleStart, start == pause.until,
              let due = subject.due else { return [] }
        let responders = subject.responders.map(\.contactID)
        let how = pause.endedEarly == true ? "ended their pause early" : "is back from their pause"
        let own = FeedDraft(type: .checkIn, title: "Your pause has ended",
                            message: "Deadlines are watched again: your next check-in is due at \(ISO8601.format(due)).")
        let others = FeedDraft(type: .checkIn, title: "\(account.fullName)'s pause has ended",
                               message: "\(account.fullName) \(how) (paused since \(ISO8601.format(pause.startedAt))). "
                                   + "Their check-ins are watched again; the next is due at \(ISO8601.format(due)).",
                               relatedContactID: account.id).zoned([pause.startedAt, due], of: account)
        return [Milestone(key: Self.key, at: pause.until, event: .pauseEnds) { _ in
            [Notice(account.id, own)] + responders.map { Notice($0, others) }
        }]
    }
}
