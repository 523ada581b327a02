/// How far a feed may grow: beyond `maxItems`, the oldest items go first,
/// but an unread alert or missed check-in is never dropped.
///
/// No one account can make another's feed grow without bound: a feed keeps
/// at most `perSenderItems` items about any one other account (the oldest
/// go first), and at most `perSenderUnreadCritical` of them stay protected
/// as unread critical items: past that, the oldest unread critical item of
/// that sender becomes an ordinary unread one. The newest is never the one
/// that goes.
public enum FeedRetention {
    public static let maxItems = 100_000
    public static let perSenderItems = 1_000
    public static let perSenderUnreadCritical = 100

    /// Whether `item` stays however full its feed is: it is critical (an
    /// alert, a missed check-in) and nobody has read it yet.
    public static func mustKeep(_ item: FeedItem) -> Bool {
        item.isCritical && !item.isRead
    }
}
