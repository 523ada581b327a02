import FoundationEssentials

/// Which feed items still have to go to the notify command.
///
/// Delivery is at least once and in order: the store keeps a cursor below
/// which every item is delivered (or skipped because its type is turned off
/// in the preferences); an item moves the cursor only after the command
/// succeeded for it.
public struct DeliveryPlan {
    public enum Step: Sendable {
        /// Hand this item to the notify command; on success, move the cursor past it.
        case deliver(FeedItem)
        /// Its type is turned off: move the cursor past it without running anything.
        case skip(FeedItem)
    }

    public var steps: [Step]

    /// At most `limit` steps from the cursor on, oldest first.
    public init(store: any StoreReading, owner: Account, limit: Int = 500) throws {
        let start = try store.feedSummary(of: owner.id).deliveredThrough
        var steps: [Step] = []
        try store.visitFeed(of: owner.id, from: start) { item in
            steps.append(owner.preferences.allows(item.type) ? .deliver(item) : .skip(item))
            return steps.count < limit
        }
        self.steps = steps
    }
}
