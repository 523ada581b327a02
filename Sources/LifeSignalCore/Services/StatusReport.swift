import FoundationEssentials

/// The signed-in account at a glance, as `status` shows it.
public struct StatusReport: Sendable {
    public var account: Account
    public var overdue: Bool
    public var pendingPings: Int
    public var unreadNotifications: Int

    public init(account: Account, store: any StoreReading, now: Date) throws {
        self.account = account
        self.overdue = account.isOverdue(at: now)
        self.pendingPings = try store.pings(of: account.id)
            .filter { $0.recipientID == account.id && $0.status == .pending }.count
        self.unreadNotifications = try store.feedSummary(of: account.id).unread
    }

    /// Whether someone should look: overdue, or an alert is raised.
    public var needsAttention: Bool { overdue || account.isAlertActive }
}
