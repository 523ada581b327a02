/// Which feed items a listing wants (`notifications --unread --type`),
/// judged on an item's type and read state, so a store can skip what does
/// not match before it builds an item, and skip segments that hold none.
public struct FeedQuery: Sendable, Equatable {
    public var unreadOnly: Bool
    public var filter: NotificationFilter?

    public init(unreadOnly: Bool = false, filter: NotificationFilter? = nil) {
        self.unreadOnly = unreadOnly
        self.filter = filter
    }

    /// Whether an item of `type`, read or not, is wanted.
    public func admits(type: NotificationType, isRead: Bool) -> Bool {
        if unreadOnly, isRead { return false }
        if let filter, !filter.matches(type) { return false }
        return true
    }
}
