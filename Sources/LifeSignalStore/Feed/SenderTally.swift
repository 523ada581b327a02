import ByteKeyed
import LifeSignalCore

/// What a feed holds about one other account (the items whose
/// `relatedContactID` names it), so that the per-sender limits of
/// `FeedRetention` cost nothing until one is reached.
struct SenderTally: Equatable {
    /// Items about the account.
    var items = 0
    /// Of those, unread critical ones.
    var unreadCritical = 0
    /// No item about the account has an index below this: where a search
    /// for its oldest item may start (it only ever moves forward).
    var from = 0

    /// Counts `item` in (`sign` 1) or out (-1).
    mutating func count(_ item: FeedItem, _ sign: Int) {
        items += sign
        if FeedRetention.mustKeep(item) { unreadCritical += sign }
    }

    /// The other account an item of `owner`'s feed is about, if any.
    static func sender(of item: FeedItem, owner: EntityID) -> String? {
        guard let related = item.relatedContactID, related != owner else { return nil }
        return related.rawValue
    }
}

/// The tallies of a feed, kept in `accounts/<id>/feed-senders.json`
/// (`FeedSendersFile`) beside the feed rather than in its summary: `status`
/// reads the summary, and only changes to items about other accounts need
/// the tallies.
struct FeedSenders: Equatable {
    /// By the other account's ID (a `ByteKeyedTable`: no conformance scan
    /// on the commands that append items about other accounts).
    var tallies = ByteKeyedTable<SenderTally>()
}

/// A feed's tallies for one change of the feed: read (or, for a feed from
/// before they were kept, counted from its items) only when an item about
/// another account comes or goes, and written back once at the end.
struct SenderBook {
    let owner: EntityID
    private(set) var senders: FeedSenders?
    private var changed = false

    init(owner: EntityID) { self.owner = owner }

    /// The tally of `sender`, loading the book when needed.
    mutating func tally(_ sender: String, _ store: LayoutStore, _ feed: FeedSummaryFile) throws -> SenderTally? {
        try load(store, feed)
        return senders?.tallies[sender]
    }

    /// Counts `item` in or out of its sender's tally.
    mutating func count(_ item: FeedItem, _ sign: Int, _ store: LayoutStore, _ feed: FeedSummaryFile) throws {
        guard let sender = SenderTally.sender(of: item, owner: owner) else { return }
        try load(store, feed)
        var tally = senders?.tallies[sender] ?? SenderTally(from: item.index)
        tally.count(item, sign)
        senders?.tallies[sender] = tally.items > 0 ? tally : nil
        changed = true
    }

    /// Changes a sender's tally in place.
    mutating func update(_ sender: String, _ change: (inout SenderTally) -> Void) {
        guard var tally = senders?.tallies[sender] else { return }
        change(&tally)
        senders?.tallies[sender] = tally
        changed = true
    }

    /// Writes the book back if anything in it changed.
    func save(_ store: LayoutStore) throws {
        guard changed, let senders else { return }
        try store.saveFeedSenders(senders, of: owner)
    }

    /// Reads the book (or counts it from the segments `feed` names): before the feed
    /// changes, so that a count from its items is of the feed as it was.
    mutating func load(_ store: LayoutStore, _ feed: FeedSummaryFile) throws {
        guard senders == nil else { return }
        if let kept = try store.feedSenders(of: owner) {
            senders = kept
        } else {
            senders = try store.countSenders(owner, feed)
            changed = true
        }
    }
}
