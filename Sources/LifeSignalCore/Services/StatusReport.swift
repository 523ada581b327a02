import FoundationEssentials

/// The signed-in account at a glance, as `status` shows it: its own state,
/// who watches over it, and the dependents who need it now.
public struct StatusReport: Sendable {
    public var account: Account
    public var overdue: Bool
    public var pendingPings: Int
    public var unreadNotifications: Int
    /// How many people watch over the account; none means a missed check-in reaches nobody.
    public var responderCount: Int
    /// How many people the account watches over.
    public var dependentCount: Int
    /// Dependents with an alert, an overdue check-in, a missed job nobody
    /// said they handle, or an account that cannot be read: alerts first,
    /// then the longest overdue, then missed jobs.
    public var dependentsNeedingAttention: [DependentAttention]
    /// The end of the pause in force; nil when not paused.
    public var pausedUntil: Date?
    /// The responder handling the account's missed check-in or alert (as
    /// its contacts list them; nil when nobody said so). An alert of the
    /// duress code is never shown here: its own views show nothing of it.
    public var acknowledgedBy: ContactView?
    /// The acknowledger when their account cannot be listed (no longer a contact).
    public var acknowledgedByID: EntityID?
    /// The responder handling each missed job, by the job's name (as its
    /// contacts list them; a job nobody said so of, or whose handler cannot
    /// be listed, is absent).
    public var jobHandlers: [String: ContactView] = [:]
    /// The alert, or the missed check-in the responders were told of.
    public var alarm: CurrentAlarm?
    /// Each responder: whether notifications reach them beyond their feed,
    /// and the current alarm's receipt. Empty unless asked for (`detailed`).
    public var responders: [ResponderReach] = []
    /// The last time an agent or `tick` looked at the store.
    public var lastLook: LastLook?
    /// Why the note of that look cannot be read, when it cannot.
    public var lastLookProblem: String?
    /// Someone who watches over others and has no check-ins of their own
    /// (none made, nobody watching): their own timer is not a matter.
    public var onlyWatches: Bool {
        account.lastCheckIn == nil && responderCount == 0 && dependentCount > 0
    }

    /// The shortest reminder among the account's own deadline and its
    /// dependents' (seconds): the longest a deadline may wait for a look.
    public var shortestReminder: Int?
    /// The dependent whose reminder `shortestReminder` is; nil when it is
    /// the account's own.
    public var shortestReminderOf: Account?
    /// Invitations to the account still waiting for its answer (read only
    /// for a detailed report).
    public var invitationsWaiting = 0
    /// Who sent the pending pings, oldest first (read only for a detailed report).
    public var pendingPingSenders: [Account] = []

    /// Reads the account's contacts and each dependent's account; a
    /// dependent whose account cannot be read is listed as such, never
    /// a failure of the whole status. `detailed` also reads each
    /// responder's delivery set-up and the alarm's receipts in their feeds,
    /// and the store's last look (for people, not for `status --check`).
    /// `zones` is asked for only when a dependent has jobs (a daily job's
    /// deadline is read in its zone).
    ///
    /// Each dependent's and responder's account is read whole, from its own
    /// file, not from a summary of the circle kept up to date on write: a
    /// file damaged after it was written must show here as "cannot be
    /// checked", which a summary written before the damage cannot know.
    public init(account: Account, store: any StoreReading, now: Date, detailed: Bool = true,
                zones: @autoclosure () throws -> ZoneCatalog = ZoneCatalog.utcOnly) throws {
        self.account = account
        self.overdue = account.isOverdue(at: now)
        let pending = try store.pings(of: account.id).filter { $0.recipientID == account.id && $0.status == .pending }
        self.pendingPings = pending.count
        self.unreadNotifications = try store.feedSummary(of: account.id).unread
        let links = try store.contacts(of: account.id)
        // Each dependent's account is read below (and, for people, each
        // responder's and each sender's, with the responders' delivery):
        // fetched together first, so many contacts cost few round trips.
        var ahead: [EntityID] = [], watchers: [EntityID] = []
        for link in links where detailed || link.isDependent {
            ahead.append(link.contactID)
            if detailed, link.isResponder { watchers.append(link.contactID) }
        }
        if detailed { for ping in pending { ahead.append(ping.senderID) } }
        try store.prefetch(accounts: ahead, deliverySetups: watchers)
        responderCount = links.filter(\.isResponder).count
        dependentCount = links.filter(\.isDependent).count
        pausedUntil = account.isPaused(at: now) ? account.pause?.until : nil
        let marks = DeadlineEngine.standard.aligned(account).deadlines
        acknowledgedByID = (marks.heldDue != nil ? marks.acknowledgedBy : nil) ?? account.alert?.acknowledgedBy
        if let id = acknowledgedByID, let link = links.first(where: { $0.contactID == id }),
           let responder = try? store.account(id) {
            acknowledgedBy = ContactView(link: link, account: responder)
        }
        // A job's marks are brought up to date by every write that moves
        // them (its check-ins), so the stored ones say whether it stands missed.
        for job in account.jobs where job.deadlines.heldDue != nil {
            if let id = job.deadlines.acknowledgedBy, let link = links.first(where: { $0.contactID == id }),
               let responder = try? store.account(id) {
                jobHandlers[job.name] = ContactView(link: link, account: responder)
            }
        }
        var attention: [DependentAttention] = []
        // Each readable dependent's account as read here, for the shortest
        // reminder and the senders below: read and copied out once.
        var dependents: [Account] = []
        for link in links where link.isDependent {
            let (dependent, account) = try DependentAttention.read(link, store: store, now: now, zones: zones)
            if let dependent { attention.append(dependent) }
            if detailed, let account { dependents.append(account) }
        }
        dependentsNeedingAttention = attention.sorted(by: DependentAttention.comesFirst)
        alarm = CurrentAlarm.of(account)
        guard detailed else { return }
        let alarm = alarm
        responders = try links.filter(\.isResponder).map {
            try ResponderReach($0, of: account.id, alarm: alarm, store: store, now: now)
        }
        // Pings come from responders, whose accounts were read just above:
        // each sender is found among them by position (no account copied
        // into a table), and only anyone else is looked up in the store.
        // A table only for many: its type costs a command its metadata.
        let responderAt = Self.positions(of: responders, when: pending.count * responders.count > 64)
        // A set, not a search of the list: a care home's responder may have
        // a ping pending from each of hundreds of dependents.
        var named = Set<EntityID>()
        for sender in pending.map(\.senderID) where named.insert(sender).inserted {
            let position = responderAt.map { $0[sender] } ?? responders.firstIndex { $0.id == sender }
            let known = position.flatMap { responders[$0].account }
            // A sender whose account cannot be read is counted, not named.
            if let account = known ?? (try? store.account(sender)) { pendingPingSenders.append(account) }
        }
        // A damaged invitations file is `contacts invitations`' to report, not a reason to hide the status.
        invitationsWaiting = (try? store.invitations(of: account.id).received.filter { $0.isPending && $0.expiresAt > now }.count) ?? 0
        do {
            lastLook = try store.lastLook()
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            // The store's note of its keepers is no reason to hide the rest.
            lastLookProblem = failure.message
        }
        shortestReminder = account.lastCheckIn == nil ? nil : account.reminderInterval
        // Whether each dependent's account can be read was told above.
        for dependent in dependents {
            if dependent.lastCheckIn != nil, dependent.reminderInterval < shortestReminder ?? .max {
                shortestReminder = dependent.reminderInterval
                shortestReminderOf = dependent
            }
        }
    }

    /// Each responder's position by ID, when `wanted`.
    private static func positions(of responders: [ResponderReach], when wanted: Bool) -> [EntityID: Int]? {
        guard wanted else { return nil }
        var positions: [EntityID: Int] = [:]
        positions.reserveCapacity(responders.count)
        for (position, reach) in responders.enumerated() { positions[reach.id] = position }
        return positions
    }

    /// Whether nothing may fire on time: there are deadlines to keep, and no
    /// agent or `tick` has looked at the store for longer than the shortest
    /// reminder (or ever).
    public func isUnattended(at now: Date) -> Bool {
        guard let shortestReminder, lastLookProblem == nil else { return false }
        guard let lastLook else { return true }
        return now.timeIntervalSince(lastLook.at) > Double(shortestReminder)
    }

    /// Whether someone should look: overdue, or an alert is raised.
    public var needsAttention: Bool { overdue || account.isAlertActive }
}

/// A dependent who needs the person watching over them.
public struct DependentAttention: Sendable {
    public var link: ContactLink
    /// Nil when the account cannot be read.
    public var account: Account?
    public var alert: ActiveAlert?
    /// The deadline missed, when overdue.
    public var overdueSince: Date?
    /// The dependent's jobs past their grace period that nobody said they
    /// handle (`ack`), in the order the account lists them.
    public var missedJobs: [MissedJob] = []
    /// Why the account cannot be read (the store's message), when it cannot.
    public var unreadable: String?
    /// The dependent as a contact, with whoever said they handle it.
    public var contact: ContactView?

    public var id: EntityID { link.contactID }

    /// A job that missed its deadline: its name, and the deadline (missed since then).
    public struct MissedJob: Sendable, Equatable {
        public var name: String
        public var due: Date

        public init(name: String, due: Date) {
            self.name = name
            self.due = due
        }
    }

    /// The dependent's attention (nil when they are fine) and their account
    /// (nil when it is missing or cannot be read).
    static func read(_ link: ContactLink, store: any StoreReading, now: Date,
                     zones: () throws -> ZoneCatalog) throws -> (attention: DependentAttention?, account: Account?) {
        var attention = DependentAttention(link: link)
        do {
            guard let account = try store.account(link.contactID) else { return (nil, nil) }
            attention.alert = account.alertSeenByResponders
            // Responders are told once the grace period ends: overdue for them from then.
            attention.overdueSince = account.isPastGrace(at: now) ? account.nextCheckInDue : nil
            if !account.jobs.isEmpty { attention.missedJobs = try Self.missedJobs(of: account, now: now, zones: zones()) }
            if attention.alert == nil, attention.overdueSince == nil, attention.missedJobs.isEmpty { return (nil, account) }
            var contact = ContactView(link: link, account: account)
            contact.lookUpHandler(in: store)
            attention.contact = contact
            attention.account = account
            return (attention, account)
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            attention.unreadable = failure.message
            return (attention, nil)
        }
    }

    private init(link: ContactLink) {
        self.link = link
    }

    /// `account`'s jobs past their grace period at `now` (their responders
    /// are told then) whose spell nobody acknowledged: a job that checks in
    /// or is acknowledged leaves the list.
    static func missedJobs(of account: Account, now: Date, zones: ZoneCatalog) -> [MissedJob] {
        account.jobs.compactMap { job in
            let view = JobDeadline(job).current(of: account, zones: zones)
            guard view.isPastGrace(at: now), view.deadlines.acknowledgedBy == nil, let due = view.nextCheckInDue else { return nil }
            return MissedJob(name: job.name, due: due)
        }
    }

    static func comesFirst(_ a: DependentAttention, _ b: DependentAttention) -> Bool {
        func rank(_ d: DependentAttention) -> (Int, Date, EntityID) {
            if let alert = d.alert { return (0, alert.activatedAt, d.id) }
            if let since = d.overdueSince { return (1, since, d.id) }
            if let since = d.missedJobs.map(\.due).min() { return (2, since, d.id) }
            return (3, .distantPast, d.id)
        }
        return rank(a) < rank(b)
    }
}
