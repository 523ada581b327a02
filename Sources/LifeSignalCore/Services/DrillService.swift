import FoundationEssentials

/// `lifesignal drill`: proves the alarm chain before it is needed.
///
/// Each responder gets a test notice through the path a missed check-in
/// takes: into their feed as a notice about someone they watch, which
/// their preferences cannot hold back and their notify command or agent
/// hands on at once (delays do not apply). It touches no deadline, so it
/// never counts as an alert, never escalates and never repeats.
public struct DrillService {
    let store: any StoreWriting
    let env: CoreEnvironment

    public init(store: any StoreWriting, env: CoreEnvironment) {
        self.store = store
        self.env = env
    }

    /// What sending a drill did.
    public struct Sent: Sendable {
        /// Nil when there was nobody to send it to (nothing is recorded).
        public var record: DrillRecord?
        public var reach: Reach
    }

    /// Sends a drill from `account` to every responder who can be found,
    /// records it on the account and saves it: as many notices as this
    /// transaction carries, the rest in transactions of their own (`FanOut`;
    /// the reach is then pending, and the record gains each notice as it goes). Refused while the last
    /// drill is more recent than `DrillRecord.minimumSpacing`.
    public func send(_ account: inout Account) throws -> Sent {
        try requireName(account)
        if let last = account.drill, env.now < last.nextAllowed {
            throw LifeSignalError.refused(
                "a drill was sent at \(ISO8601.format(last.sentAt)); drills are at most one every "
                    + "\(DurationText.format(seconds: Int(DrillRecord.minimumSpacing))): the next may be sent at \(ISO8601.format(last.nextAllowed))")
        }
        let found = try store.responders(of: account.id)
        var reach = Reach()
        reach.contactsProblem = found.problem
        guard !found.links.isEmpty else { return Sent(record: nil, reach: reach) }
        let record = DrillRecord(id: env.newID(), sentAt: env.now)
        account.drill = record
        let told = try Notifier(store: store, env: env).fanOut(from: &account, key: Self.fanOutKey(record.id),
                                                               to: found.links.map(\.contactID), Self.notice(account),
                                                               tracked: true)
        reach.told = told.told
        reach.unreachable = told.unreachable
        reach.pending = told.pending
        try store.save(account)
        return Sent(record: account.drill, reach: reach)
    }

    /// The key of the drill `id`'s fan-out (`FanOut`): each responder's
    /// notice is noted on the record as it is handed out, in this
    /// transaction or in those after it.
    static func fanOutKey(_ id: EntityID) -> String { "drill:" + id.rawValue }

    /// The test notice, labelled as one in its title and its first words.
    static func notice(_ account: Account) -> FeedDraft {
        let name = account.fullName
        return FeedDraft(
            type: .test, title: "TEST: \(name) is testing their lifesignal alarm; nothing is wrong",
            message: "TEST: \(name) is testing their lifesignal alarm; nothing is wrong. This notice came the way a missed "
                + "check-in of theirs would. Run 'lifesignal ack \(name)' to show them it reached you.",
            relatedContactID: account.id)
    }

    /// Records that `responder` answered `account`'s drill, and tells
    /// `account` (a test notice too). False when there is no drill they may
    /// still answer.
    func acknowledge(_ account: inout Account, by responder: Account) throws -> Bool {
        guard var record = account.drill, record.awaitsAcknowledgement(by: responder.id, at: env.now) else { return false }
        record.acknowledgements.append(DrillAcknowledgement(by: responder.id, at: env.now))
        account.drill = record
        _ = try Notifier(store: store, env: env).deliver(account.id, FeedDraft(
            type: .test, title: "TEST: \(responder.fullName) answered your drill",
            message: "\(responder.fullName) acknowledged the test notice of your drill of \(ISO8601.format(record.sentAt)): "
                + "your alarm reaches them.",
            relatedContactID: responder.id, acknowledgedBy: responder.id))
        return true
    }
}
