import FoundationEssentials

/// Who is told what about an account's deadline, and when: what already
/// happened in the current cycle (with whether each notice reached its
/// recipient and was read) and every step still to come.
///
/// The steps to come are the deadline engine's own milestones, the ones it
/// will fire (`DeadlineEngine.milestones`), and the past is the record of
/// what it fired: no second copy of the rules.
public struct Timeline: Sendable {
    /// One person a step tells.
    public struct Recipient: Sendable, Equatable {
        public var id: EntityID
        /// When the notice was put in their feed (past steps; nil while owed).
        public var toldAt: Date?
        /// When their notify command took it.
        public var deliveredAt: Date?
        /// When they marked it read.
        public var readAt: Date?
    }

    /// One step: a moment, what happens, and whom it tells besides the account.
    public struct Entry: Sendable, Equatable {
        public var at: Date
        public var event: TimelineEvent
        /// Responders told (the account itself is never listed).
        public var recipients: [Recipient]
        /// Whether it already happened.
        public var happened: Bool
        /// When it happened (at `at`, or later when nothing ran then).
        public var firedAt: Date?
        /// For repeats: it happens again every so many seconds.
        public var every: Int?
        /// The job whose deadline it belongs to; nil for the account's own.
        public var job: String?
    }

    /// The account, its marks fitted to its current cycle.
    public var account: Account
    public var entries: [Entry]
}

/// Builds timelines from the deadline engine and the store's feeds.
public struct TimelineService {
    let store: any StoreReading
    let engine: DeadlineEngine

    public init(store: any StoreReading, engine: DeadlineEngine = DeadlineEngine()) {
        self.store = store
        self.engine = engine
    }

    /// The timeline of `account` (yourself or a dependent), in time order:
    /// its own deadline's steps and its jobs' (`Timeline.Entry.job`).
    public func timeline(for account: Account) throws -> Timeline {
        let aligned = engine.aligned(account)
        let responders = try store.contacts(of: account.id).filter(\.isResponder)
        var entries = self.entries(aligned, engine: engine, responders: responders)
        for job in account.jobs {
            let deadline = JobDeadline(job)
            let view = deadline.engine.aligned(deadline.view(of: account))
            entries += self.entries(view, engine: deadline.engine, responders: responders).map { entry in
                var entry = entry
                entry.job = job.name
                return entry
            }
        }
        let order = Dictionary(uniqueKeysWithValues: TimelineEvent.allCases.enumerated().map { ($0.element, $0.offset) })
        entries.sort { a, b in
            (a.at, order[a.event] ?? 0, a.happened ? 0 : 1) < (b.at, order[b.event] ?? 0, b.happened ? 0 : 1)
        }
        return Timeline(account: aligned, entries: entries)
    }

    /// One deadline's steps: what fired of it, then what `engine` will fire.
    private func entries(_ account: Account, engine: DeadlineEngine, responders: [ContactLink]) -> [Timeline.Entry] {
        var entries = past(account)
        for milestone in engine.milestones(for: account, responders: responders) {
            guard let event = milestone.event, let at = engine.nextMoment(milestone, account.deadlines) else { continue }
            var ids: [EntityID] = []
            for notice in milestone.notices(at) where notice.recipient != account.id && !ids.contains(notice.recipient) {
                ids.append(notice.recipient)
            }
            let recipients = ids.map { Timeline.Recipient(id: $0) }
            if let index = entries.firstIndex(where: { !$0.happened && $0.at == at && $0.event == event }) {
                entries[index].recipients += recipients.filter { new in !entries[index].recipients.contains { $0.id == new.id } }
            } else {
                entries.append(Timeline.Entry(at: at, event: event, recipients: recipients, happened: false,
                                              firedAt: nil, every: milestone.period))
            }
        }
        return entries
    }

    /// What fired in the current cycle, a step per moment and kind.
    private func past(_ account: Account) -> [Timeline.Entry] {
        var entries: [Timeline.Entry] = []
        for step in account.deadlines.log {
            let recipients = step.notices.filter { $0.recipient != account.id }.map(receipt)
            if let index = entries.firstIndex(where: { $0.at == step.at && $0.event == step.event }) {
                entries[index].recipients += recipients
                entries[index].firedAt = max(entries[index].firedAt ?? step.firedAt, step.firedAt)
            } else {
                entries.append(Timeline.Entry(at: step.at, event: step.event, recipients: recipients, happened: true,
                                              firedAt: step.firedAt, every: nil))
            }
        }
        return entries
    }

    /// A notice's receipts, read from the recipient's feed item; a feed that
    /// cannot be read, or an item gone since, leaves them unknown.
    private func receipt(_ record: NoticeRecord) -> Timeline.Recipient {
        var recipient = Timeline.Recipient(id: record.recipient, toldAt: record.toldAt)
        if let index = record.item, let item = try? store.feedItem(of: record.recipient, index: index) {
            recipient.deliveredAt = item.deliveredAt
            recipient.readAt = item.readAt
        }
        return recipient
    }
}
