import LifeSignalCore

/// One feed segment as a command holds it: as read (every item checked in
/// full, each built as a value only when it is visited) or as values (once
/// a change needs them all, or after a write).
struct FeedSegment {
    private enum Storage {
        case checked([CheckedFeedItem])
        case values([FeedItem])
    }

    private let storage: Storage

    init(checked items: [CheckedFeedItem]) { storage = .checked(items) }

    init(values items: [FeedItem]) { storage = .values(items) }

    var count: Int {
        switch storage {
        case .checked(let items): items.count
        case .values(let items): items.count
        }
    }

    /// Whether its items are values already (building them again costs nothing).
    var isBuilt: Bool {
        if case .values = storage { return true }
        return false
    }

    func type(at position: Int) -> NotificationType {
        switch storage {
        case .checked(let items): items[position].type
        case .values(let items): items[position].type
        }
    }

    func isRead(at position: Int) -> Bool {
        switch storage {
        case .checked(let items): items[position].isRead
        case .values(let items): items[position].isRead
        }
    }

    /// The item's position in its feed.
    func feedIndex(at position: Int) -> Int {
        switch storage {
        case .checked(let items): items[position].index
        case .values(let items): items[position].index
        }
    }

    func hasID(_ id: EntityID, at position: Int) -> Bool {
        switch storage {
        case .checked(let items): items[position].id.elementsEqual(id.rawValue.utf8)
        case .values(let items): items[position].id == id
        }
    }

    func item(at position: Int) -> FeedItem {
        switch storage {
        case .checked(let items): items[position].item
        case .values(let items): items[position]
        }
    }

    /// Every item as a value, oldest first.
    var items: [FeedItem] {
        switch storage {
        case .checked(let items): items.map(\.item)
        case .values(let items): items
        }
    }
}
