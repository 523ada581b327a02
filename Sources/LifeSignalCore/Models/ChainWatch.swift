import FoundationEssentials

/// What an account knows of the conditions that would keep an alarm from
/// reaching someone on time, so that it is told of each once, before an
/// emergency needs the chain, and told when it works again
/// (`ChainWatchRules`).
public struct ChainWatch: Codable, Sendable, Equatable {
    /// As a dependent: none of the account's responders has a working
    /// delivery, set up or not (`ChainWatchRules.isUnreached`), so an
    /// alarm would wait in their feeds until each next runs lifesignal.
    public var unreached: WatchedCondition?
    /// As a responder: the account's own notify command fails at every try,
    /// so the alarms of the people it watches over wait in its feed.
    public var notifyFailing: WatchedCondition?

    public init(unreached: WatchedCondition? = nil, notifyFailing: WatchedCondition? = nil) {
        self.unreached = unreached
        self.notifyFailing = notifyFailing
    }

    /// Nothing to keep: the account holds none (`Account.chainWatch` nil).
    public var isEmpty: Bool { unreached == nil && notifyFailing == nil }
}

/// One watched condition: since when it holds, and when its owner was last
/// told (the notices are spaced at least `ChainWatchRules.spacing` apart).
public struct WatchedCondition: Codable, Sendable, Equatable {
    /// Since when it holds; nil once it ended (the record stays a while,
    /// for the spacing of the next notice).
    public var since: Date?
    /// When its owner was last told it began.
    public var toldAt: Date?
    /// Whether the owner was told of the spell that holds now (so that its
    /// end is told too); a flag, since a spell may end and another begin
    /// at the instant of a notice.
    public var spellTold: Bool
    /// When the owner's terminal last showed it (`notifyFailing`).
    public var shownAt: Date?

    public init(since: Date? = nil, toldAt: Date? = nil, spellTold: Bool = false, shownAt: Date? = nil) {
        self.since = since
        self.toldAt = toldAt
        self.spellTold = spellTold
        self.shownAt = shownAt
    }

    /// It holds and the terminal has not shown it since it began.
    public var awaitsTerminal: Bool {
        guard let since else { return false }
        return shownAt.map { $0 < since } ?? true
    }
}
