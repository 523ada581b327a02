/// How far a feed may grow: beyond `maxItems`, the oldest items go first,
/// but an unread alert or missed check-in is never dropped.
public enum FeedRetention {
    public static let maxItems = 100_000

    /// Whether `item` stays however full its feed is: it is critical (an
    /// alert, a missed check-in) and nobody has read it yet.
    public static func mustKeep(_ item: FeedItem) -> Bool {
        item.isCritical && !item.isRead
    }
}
