import FoundationEssentials

/// One notice to many people that the account's own change committed to,
/// while it is handed out in transactions of its own (a store bounds how
/// many notices one transaction carries: etcd takes 128 operations).
///
/// Kept on the sender's account, so that each notice is its own idempotent
/// piece of some bounded commit: a recipient leaves `owed` in the same
/// transaction that puts the notice in their feed, so a retry, a concurrent
/// command or a crash between two commits never tells anyone twice or
/// leaves anyone out. Whoever comes next (the person's next command, any
/// command's share of a catch-up, `tick`, an agent) hands out the rest:
/// the account is due while anything is owed.
public struct FanOut: Codable, Sendable, Equatable {
    /// What it tells (`alert:` or `alert-off:` and the alert's ID): with a
    /// recipient, the key that makes each notice once.
    public var key: String
    /// When it began: the account is due from then while anything is owed.
    public var since: Date
    public var type: NotificationType
    public var title: String
    public var message: String
    public var relatedContactID: EntityID?
    public var relatedAlertID: EntityID?
    public var isCritical: Bool
    public var duress: Bool
    /// `FeedDraft.job` and `FeedDraft.exitStatus`.
    public var job: String?
    public var exitStatus: Int?
    /// `FeedDraft.allClear`.
    public var allClear: Bool = false
    /// `FeedDraft.zonedDue` (its zone and times): kept, so that everyone
    /// is told the times on their own clock, in whichever transaction.
    public var zone: String?
    public var zonedTimes: [Date]?
    /// Recipients still to be told, in order.
    public var owed: [EntityID]
    /// How many were told so far.
    public var told: Int
    /// Recipients whose files could not be read or written: skipped, as a
    /// notice to several people always skips them, and reported.
    public var unreachable: [EntityID]

    /// `draft` to `owed`, with what the first transaction already did.
    public init(key: String, since: Date, draft: FeedDraft, owed: [EntityID], told: Int = 0, unreachable: [EntityID] = []) {
        self.key = key
        self.since = since
        type = draft.type
        title = draft.title
        message = draft.message
        relatedContactID = draft.relatedContactID
        relatedAlertID = draft.relatedAlertID
        isCritical = draft.isCritical
        duress = draft.duress
        job = draft.job
        exitStatus = draft.exitStatus
        allClear = draft.allClear
        zone = draft.zonedDue?.zone
        zonedTimes = draft.zonedDue?.times
        self.owed = owed
        self.told = told
        self.unreachable = unreachable
    }

    /// The notice each recipient gets.
    public var draft: FeedDraft {
        var draft = FeedDraft(type: type, title: title, message: message, relatedContactID: relatedContactID,
                              relatedAlertID: relatedAlertID, isCritical: isCritical, duress: duress, job: job,
                              exitStatus: exitStatus, allClear: allClear)
        if let zone, let zonedTimes { draft.zonedDue = ZonedDeadline(times: zonedTimes, zone: zone) }
        return draft
    }

    /// Everyone was told or skipped; the record waits for the command that
    /// started it to report it (`Notifier.outcome`), or for the next fan-out.
    public var isDone: Bool { owed.isEmpty }

    /// What it did so far, as the command that started it reports it.
    public var reach: Reach {
        var reach = Reach()
        reach.toldLater = told
        reach.unreachable = unreachable
        reach.pending = isDone ? nil : key
        return reach
    }

    /// Fan-outs an account holds at most (pending and done); more is damage.
    public static let maximumKept = 64
    /// Done fan-outs kept for their commands to report; older ones go when
    /// a new one starts.
    static let doneKept = 4
    /// Recipients one fan-out names at most; more is damage.
    public static let maximumRecipients = 100_000
    /// Times of the schedule one notice names at most; more is damage.
    public static let maximumZonedTimes = 16
}

extension Account {
    /// Whether notices the account committed to are still being handed out.
    public var owesNotices: Bool { fanOuts.contains { !$0.isDone } }
}
