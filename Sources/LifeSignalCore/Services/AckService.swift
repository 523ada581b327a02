import FoundationEssentials

/// A responder says they are handling a dependent's missed check-in, alert
/// or missed jobs (`ack`): the dependent and every other responder are told
/// who, and the later escalation steps and repeats of what was missed stop.
///
/// An alert raised by the duress code is acknowledged to the other
/// responders only (telling the dependent would show whoever forced them
/// that the alarm went off), and the acknowledgement ends it.
public struct AckService {
    let store: any StoreWriting
    let env: CoreEnvironment
    let deadlines: DeadlineService

    public init(store: any StoreWriting, env: CoreEnvironment, engine: DeadlineEngine = DeadlineEngine()) {
        self.store = store
        self.env = env
        self.deadlines = DeadlineService(store: store, env: env, engine: engine)
    }

    /// What can be acknowledged.
    public enum Event: String, Sendable, Equatable {
        case missedCheckIn, alert
        /// One of the dependent's jobs missed its deadline (`Outcome.jobs` names them).
        case missedJob
        /// A drill's test notice: the answer shows in the drill's report.
        case drill
    }

    /// What an acknowledgement did.
    public struct Outcome: Sendable {
        /// Events acknowledged now.
        public var acknowledged: [Event] = []
        /// The jobs whose missed deadline was acknowledged now.
        public var jobs: [String] = []
        /// Events someone had acknowledged already: by whom, when, and
        /// (a missed job) which job.
        public var earlier: [(event: Event, by: EntityID, at: Date, job: String?)] = []
        /// The other responders told (of any event acknowledged now).
        public var others = Reach()
        /// Whether the dependent was told.
        public var toldDependent = false
        /// The fan-outs to the other responders still being handed out,
        /// kept on the dependent's account (`FanOut`): `others` counts what
        /// this transaction told, and each key's outcome says the rest.
        public var pending: [String] = []
    }

    /// Acknowledges whatever `dependent` has: a missed check-in (after its
    /// grace period), an alert, jobs whose responders were told they missed
    /// their deadline, or several of these.
    public func acknowledge(_ dependent: ContactView, by responder: Account) throws -> Outcome {
        try requireName(responder)
        guard dependent.link.isDependent else {
            throw LifeSignalError.refused("you do not watch over \(dependent.name): only their responders can acknowledge",
                                          hint: "lifesignal contacts --dependents")
        }
        guard var account = try store.account(dependent.id) else {
            throw LifeSignalError.notFound("\(dependent.name)'s account no longer exists")
        }
        account = deadlines.engine.aligned(account)
        let missed = deadlines.engine.isMissedNotified(account)
        let drill = account.drill?.awaitsAcknowledgement(by: responder.id, at: env.now) == true
        let jobs = account.jobs.map(JobDeadline.init).map { ($0, $0.current(of: account, zones: env.zones)) }
            .filter { $0.1.deadlines.heldDue != nil }
        guard missed || account.alertSeenByResponders != nil || drill || !jobs.isEmpty else {
            throw LifeSignalError.refused("\(dependent.name) is not overdue, has no alert, no missed job and no drill "
                                          + "for you to answer: there is nothing to acknowledge")
        }
        var outcome = Outcome()
        if drill, try DrillService(store: store, env: env).acknowledge(&account, by: responder) {
            outcome.acknowledged.append(.drill)
        }
        let notifier = Notifier(store: store, env: env)
        let others = try store.contacts(of: account.id).filter { $0.isResponder && $0.contactID != responder.id }.map(\.contactID)
        var told = Set<EntityID>(), unreachable = Set<EntityID>()
        // The other responders are told as an alert tells them: as many as
        // this transaction carries, the rest owed on the dependent's account.
        func tell(_ drafts: (own: FeedDraft?, others: FeedDraft)) throws {
            if let own = drafts.own { outcome.toldDependent = try notifier.deliver(account.id, own) || outcome.toldDependent }
            let reach = try notifier.fanOut(from: &account, key: "ack:" + env.newID().rawValue, to: others, drafts.others)
            told.formUnion(reach.told)
            unreachable.formUnion(reach.unreachable)
            if let key = reach.pending { outcome.pending.append(key) }
        }
        if missed {
            if let by = account.deadlines.acknowledgedBy {
                outcome.earlier.append((.missedCheckIn, by, account.deadlines.acknowledgedAt ?? env.now, nil))
            } else {
                account.deadlines.acknowledgedBy = responder.id
                account.deadlines.acknowledgedAt = env.now
                outcome.acknowledged.append(.missedCheckIn)
                try tell(Self.missedDrafts(account, by: responder))
            }
        }
        for duress in [false, true] {
            guard var alert = duress ? account.duressAlert : account.alert else { continue }
            if let by = alert.acknowledgedBy {
                outcome.earlier.append((.alert, by, alert.acknowledgedAt ?? env.now, nil))
                continue
            }
            alert.acknowledgedBy = responder.id
            alert.acknowledgedAt = env.now
            // The dependent cannot end a duress alert without giving it
            // away: the acknowledgement ends it.
            if duress { account.duressAlert = nil } else { account.alert = alert }
            if !outcome.acknowledged.contains(.alert) { outcome.acknowledged.append(.alert) }
            var drafts = Self.alertDrafts(account, alert: alert, by: responder)
            if duress { drafts.own = nil }
            try tell(drafts)
        }
        for (deadline, current) in jobs {
            var view = current
            let name = deadline.job.name
            if let by = view.deadlines.acknowledgedBy {
                outcome.earlier.append((.missedJob, by, view.deadlines.acknowledgedAt ?? env.now, name))
                continue
            }
            view.deadlines.acknowledgedBy = responder.id
            view.deadlines.acknowledgedAt = env.now
            if let index = account.jobs.firstIndex(where: { $0.name == name }) {
                account.jobs[index] = deadline.updated(from: view)
            }
            if !outcome.acknowledged.contains(.missedJob) { outcome.acknowledged.append(.missedJob) }
            outcome.jobs.append(name)
            try tell(JobNotices.handling(account, job: name, by: responder))
        }
        outcome.others.told = others.filter(told.contains)
        outcome.others.unreachable = others.filter { unreachable.contains($0) && !told.contains($0) }
        // The steps still to come are dropped; the schedule follows (and
        // the account is saved, with the fan-outs it owes).
        try deadlines.reschedule(&account)
        return outcome
    }

    static func missedDrafts(_ account: Account, by responder: Account) -> (own: FeedDraft?, others: FeedDraft) {
        let due = account.nextCheckInDue.map { ", due at \(ISO8601.format($0))" } ?? ""
        let own = FeedDraft(
            type: .checkIn, title: "\(responder.fullName) is handling your missed check-in",
            message: "\(responder.fullName) said they are handling your missed check-in\(due); your other responders "
                + "were told, and the reminders stop. Run 'lifesignal checkin' when you can.",
            relatedContactID: responder.id, acknowledgedBy: responder.id)
        let others = FeedDraft(
            type: .checkIn, title: "\(responder.fullName) is handling \(account.fullName)'s missed check-in",
            message: "\(responder.fullName) said they are handling \(account.fullName)'s missed check-in\(due); "
                + "you will not be reminded of it again.",
            relatedContactID: account.id, acknowledgedBy: responder.id).zoned([account.nextCheckInDue], of: account)
        return (own, others)
    }

    static func alertDrafts(_ account: Account, alert: ActiveAlert, by responder: Account) -> (own: FeedDraft?, others: FeedDraft) {
        let raised = ISO8601.format(alert.activatedAt)
        let own = FeedDraft(
            type: .alert, title: "\(responder.fullName) is handling your alert",
            message: "\(responder.fullName) said they are handling the alert you raised at \(raised).",
            relatedContactID: responder.id, relatedAlertID: alert.id, acknowledgedBy: responder.id)
        let others = FeedDraft(
            type: .alert, title: "\(responder.fullName) is handling \(account.fullName)'s alert",
            message: "\(responder.fullName) said they are handling the alert \(account.fullName) raised at \(raised).",
            relatedContactID: account.id, relatedAlertID: alert.id, acknowledgedBy: responder.id)
        return (own, others)
    }
}
