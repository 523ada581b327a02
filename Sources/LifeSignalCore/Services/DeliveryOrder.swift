/// The order a delivery run hands items to the notify command in.
///
/// Items that need no command go first (nothing runs for them; quiet hours
/// hold some back, which needs none either). Then the
/// urgent ones (alerts and missed check-ins, their repeats included:
/// `FeedItem.isCritical`), then the rest; within each, the senders take
/// turns (`relatedContactID`; the account's own items are one sender more),
/// each sender's items oldest first. So one account's items, however many
/// and however they fail, never stand before another's: Eve's hundred
/// failing items leave Ann's alert second at worst.
public enum DeliveryOrder {
    public static func arrange(_ steps: [DeliveryPlan.Step]) -> [DeliveryPlan.Step] {
        var skips: [DeliveryPlan.Step] = [], urgent: [FeedItem] = [], other: [FeedItem] = []
        for step in steps {
            switch step {
            case .skip, .hold: skips.append(step)
            case .deliver(let item): if item.isCritical { urgent.append(item) } else { other.append(item) }
            }
        }
        return skips + (takingTurns(urgent) + takingTurns(other)).map(DeliveryPlan.Step.deliver)
    }

    public static func arrange(_ items: [FeedItem]) -> [FeedItem] {
        takingTurns(items.filter(\.isCritical)) + takingTurns(items.filter { !$0.isCritical })
    }

    /// The senders' items in turns: each sender's oldest, then each one's
    /// second, and so on; senders in the order of their oldest item.
    static func takingTurns(_ items: [FeedItem]) -> [FeedItem] {
        var queues: [[FeedItem]] = []
        var position: [EntityID?: Int] = [:]
        for item in items.sorted(by: { $0.index < $1.index }) {
            if let queue = position[item.relatedContactID] {
                queues[queue].append(item)
            } else {
                position[item.relatedContactID] = queues.count
                queues.append([item])
            }
        }
        var turns: [FeedItem] = []
        turns.reserveCapacity(items.count)
        var round = 0
        while turns.count < items.count {
            for queue in queues where round < queue.count { turns.append(queue[round]) }
            round += 1
        }
        return turns
    }
}
