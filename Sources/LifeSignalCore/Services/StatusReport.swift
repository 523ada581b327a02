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
    /// Dependents with an alert, an overdue check-in, or an account that
    /// cannot be read: alerts first, then the longest overdue.
    public var dependentsNeedingAttention: [DependentAttention]
    /// The end of the pause in force; nil when not paused.
    public var pausedUntil: Date?
    /// The responder handling the account's missed check-in or alert (as
    /// its contacts list them; nil when nobody said so). An alert of the
    /// duress code is never shown here: its own views show nothing of it.
    public var acknowledgedBy: ContactView?
    /// The acknowledger when their account cannot be listed (no longer a contact).
    public var acknowledgedByID: EntityID?

    /// Reads the account's contacts and each dependent's account; a
    /// dependent whose account cannot be read is listed as such, never
    /// a failure of the whole status.
    public init(account: Account, store: any StoreReading, now: Date) throws {
        self.account = account
        self.overdue = account.isOverdue(at: now)
        self.pendingPings = try store.pings(of: account.id)
            .filter { $0.recipientID == account.id && $0.status == .pending }.count
        self.unreadNotifications = try store.feedSummary(of: account.id).unread
        let links = try store.contacts(of: account.id)
        responderCount = links.filter(\.isResponder).count
        pausedUntil = account.isPaused(at: now) ? account.pause?.until : nil
        let marks = DeadlineEngine.standard.aligned(account).deadlines
        acknowledgedByID = (marks.heldDue != nil ? marks.acknowledgedBy : nil) ?? account.alert?.acknowledgedBy
        if let id = acknowledgedByID, let link = links.first(where: { $0.contactID == id }),
           let responder = try? store.account(id) {
            acknowledgedBy = ContactView(link: link, account: responder)
        }
        var attention: [DependentAttention] = []
        for link in links where link.isDependent {
            if let dependent = try DependentAttention(link, store: store, now: now) { attention.append(dependent) }
        }
        dependentsNeedingAttention = attention.sorted(by: DependentAttention.comesFirst)
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
    /// Why the account cannot be read (the store's message), when it cannot.
    public var unreadable: String?

    public var id: EntityID { link.contactID }

    /// Nil when the dependent is fine.
    init?(_ link: ContactLink, store: any StoreReading, now: Date) throws {
        self.link = link
        do {
            guard let account = try store.account(link.contactID) else { return nil }
            self.account = account
            alert = account.alertSeenByResponders
            // Responders are told once the grace period ends: overdue for them from then.
            overdueSince = account.isPastGrace(at: now) ? account.nextCheckInDue : nil
            if alert == nil, overdueSince == nil { return nil }
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            unreadable = failure.message
        }
    }

    static func comesFirst(_ a: DependentAttention, _ b: DependentAttention) -> Bool {
        func rank(_ d: DependentAttention) -> (Int, Date, EntityID) {
            if let alert = d.alert { return (0, alert.activatedAt, d.id) }
            if let since = d.overdueSince { return (1, since, d.id) }
            return (2, .distantPast, d.id)
        }
        return rank(a) < rank(b)
    }
}
