import FoundationEssentials

/// What the services read from the store. The store module implements it
/// over files; tests may implement it in memory. Every call may throw the
/// store's own errors (damaged file, I/O).
public protocol StoreReading {
    func account(_ id: EntityID) throws -> Account?
    func contacts(of id: EntityID) throws -> [ContactLink]
    /// Pings the account sent or received, oldest first.
    func pings(of id: EntityID) throws -> [Ping]
    /// The newest `limit` check-ins (all kept, when nil), oldest first.
    func checkIns(of id: EntityID, limit: Int?) throws -> [CheckInRecord]
    func accountID(phoneNumber: String) throws -> EntityID?
    /// `code` must already be normalised by `QRCodeID.normalize`.
    func accountID(qrCodeID code: String) throws -> EntityID?
    func session(tokenHash: String) throws -> SessionRecord?
    /// The token hashes of the account's sessions, oldest first.
    func sessionIndex(of id: EntityID) throws -> [String]
    /// The account's sessions that ended recently, oldest first.
    func endedSessions(of id: EntityID) throws -> [EndedSession]
    func pendingLogin(phoneNumber: String) throws -> PendingLogin?
    /// The store's sign-ups of its current day, nil before the first.
    func signUpWindow() throws -> SignUpWindow?
    /// The account's invitations, sent and received (an empty book when none).
    func invitations(of id: EntityID) throws -> InvitationBook
    /// Invitations waiting for a number that has no account yet (`phoneNumber` normalised).
    func waitingInvitations(for phoneNumber: String) throws -> [Invitation]
    func feedSummary(of id: EntityID) throws -> FeedSummary
    /// Visits feed items newest first until `visit` returns false.
    func visitFeed(of id: EntityID, _ visit: (FeedItem) throws -> Bool) throws
    /// Visits the feed items `query` admits, newest first, until `visit`
    /// returns false, reading only segments that can hold such items (for
    /// unread ones, those the feed's summary lists).
    func visitFeed(of id: EntityID, matching query: FeedQuery, _ visit: (FeedItem) throws -> Bool) throws
    /// The items whose ID starts with `idPrefix` (lowercase, at least 4
    /// characters), at most `limit`, found through the feed's ID index in
    /// a constant number of reads; nil when the feed cannot answer so (no
    /// index yet), and the caller scans the feed instead.
    func feedItems(of id: EntityID, idPrefix: String, limit: Int) throws -> [FeedItem]?
    /// Visits feed items with `index >= start`, oldest first, until `visit` returns false.
    func visitFeed(of id: EntityID, from start: Int, _ visit: (FeedItem) throws -> Bool) throws
    /// The feed item at `index`, nil when it is gone (deleted, or dropped by retention).
    func feedItem(of id: EntityID, index: Int) throws -> FeedItem?
    /// The earliest moment any account's deadline needs attention, exactly
    /// (what a waiting agent sleeps until).
    func nextScheduledWake() throws -> Date?
    /// Whether any account's deadline needs attention at `now`: cheaper than
    /// `nextScheduledWake`, it need not find out when the first one is.
    func isWakeDue(at now: Date) throws -> Bool
    /// The links other accounts hold to `id`, seen from `id`'s side: who
    /// watches over it when its own contacts file cannot be read. Reads
    /// every account's contacts (skipping unreadable ones), so it is only
    /// for that case.
    func linksFromOthers(to id: EntityID) throws -> [ContactLink]
    /// How the account's notifications reach it beyond its feed (an empty
    /// set-up when nothing was recorded).
    func deliverySetup(of id: EntityID) throws -> DeliverySetup
    /// The last time an agent or `tick` looked at the store, as written
    /// down; read without joining a transaction's checks (a stale answer
    /// only means one more write of it).
    func lastLook() throws -> LastLook?
    /// Prefetches the account files of `accounts` and the delivery set-ups
    /// of `deliverySetups`: the store's next requests bring them (a few round
    /// trips on etcd, whatever their number), for a caller about to read
    /// them one by one: a look at many contacts. Changes no answer, and
    /// leaves every problem with a file to the read of it.
    func prefetch(accounts: [EntityID], deliverySetups: [EntityID]) throws
    /// Names the account's schedule entry for the store's next request to
    /// bring, for a caller about to change its responders (which
    /// reschedules it). Changes no answer and reports nothing.
    func prefetchScheduleEntry(of id: EntityID)
    /// Names accounts about to be notified, in order: on etcd the files an
    /// append to their feeds reads come several accounts a request,
    /// instead of a request each (a fan-out's later transactions, which
    /// know their recipients from the owed list, not from a contacts
    /// file). Changes no answer and reports nothing.
    func expectNotices(to recipients: some Sequence<EntityID>)
}

/// What the services change in the store, inside one atomic transaction.
public protocol StoreWriting: StoreReading {
    func save(_ account: Account) throws
    func saveContacts(_ links: [ContactLink], of id: EntityID) throws
    func savePings(_ pings: [Ping], of id: EntityID) throws
    /// Appends to the check-in history, which keeps at least the newest
    /// `keeping` records; the cost does not grow with the history.
    func appendCheckIn(_ record: CheckInRecord, of id: EntityID, keeping: Int) throws
    func setPhoneIndex(_ phoneNumber: String, to id: EntityID) throws
    func setQRCodeIndex(_ code: String, to id: EntityID?) throws
    func setSession(tokenHash: String, to record: SessionRecord?) throws
    func saveSessionIndex(_ tokenHashes: [String], of id: EntityID) throws
    func saveEndedSessions(_ sessions: [EndedSession], of id: EntityID) throws
    func setPendingLogin(_ login: PendingLogin?, phoneNumber: String) throws
    func saveSignUpWindow(_ window: SignUpWindow) throws
    func saveInvitations(_ book: InvitationBook, of id: EntityID) throws
    /// Replaces what waits for a number without an account; an empty list removes it.
    func setWaitingInvitations(_ invitations: [Invitation], for phoneNumber: String) throws
    /// Appends to the feed and returns the stored item.
    func appendFeed(_ draft: FeedDraft, to id: EntityID, id itemID: EntityID, at time: Date) throws -> FeedItem
    /// Applies `change` to every item for which it returns a new value
    /// (nil deletes the item); `scope` limits the items visited.
    func updateFeed(of id: EntityID, scope: FeedScope, _ change: (FeedItem) -> FeedChange) throws -> Int
    /// Deletes the oldest items whose index is below `end`, at most
    /// `limit` of them, segment by segment from the first: a feed of any
    /// size is emptied in steps that each change a bounded number of files.
    /// Items `kept` holds to stay (their IDs are returned, seen again by
    /// each later step). Returns how many went (fewer than `limit`: none
    /// below `end` is left but the kept ones).
    func deleteOldestFeedItems(of id: EntityID, below end: Int, limit: Int,
                               keeping kept: (FeedItem) -> Bool) throws -> (deleted: Int, kept: [EntityID])
    func setDeliveredThrough(_ index: Int, of id: EntityID) throws
    /// Records where delivery stands; the cursor never moves back.
    func setDeliveryState(_ state: DeliveryState, of id: EntityID) throws
    /// Replaces the account's delivery set-up; an empty one removes it.
    func saveDeliverySetup(_ setup: DeliverySetup, of id: EntityID) throws
    /// Writes down a look at the store by an agent or `tick`.
    func setLastLook(_ look: LastLook) throws
    /// Records when the account's deadline next needs attention (nil: never).
    func schedule(_ id: EntityID, at wake: Date?) throws
    /// Schedules an account whose own files cannot all be read: its wake
    /// file, when unreadable, is left as it is (the schedule is searched
    /// instead), and `unreadable` (the file that could not be read) is kept
    /// with the entry, so the damage is reported once, not at every look;
    /// `toldThrough`, the last responder (in ID order) told of it so far
    /// while some are still to be told (nil once everyone was). False when
    /// the wake file itself cannot be used, so neither is kept.
    @discardableResult
    func scheduleDespiteDamage(_ id: EntityID, at wake: Date?, unreadable: String?, toldThrough: EntityID?) throws -> Bool
    /// Wakes at or before `now`, earliest first: all of them, or the
    /// earliest `limit` (the schedule is then read no further than needed).
    func dueWakes(at now: Date, limit: Int?) throws -> [ScheduledWake]
    /// `limit` wakes at or before `now`, taken together from a random place
    /// among the earliest `limit + spread`: processes catching up at once
    /// mostly take different accounts instead of all racing for the first.
    func dueWakes(at now: Date, limit: Int, spread: Int) throws -> [ScheduledWake]
    /// The account's own wake when it is at or before `now`, else nil.
    func dueWake(of id: EntityID, at now: Date) throws -> ScheduledWake?
    /// Takes one notice from what this transaction may still carry; false
    /// when it is spent (a store that bounds its transactions: etcd), and
    /// the notice must wait for a transaction of its own.
    func reserveNotice() -> Bool
    /// How many more notices this transaction can carry; nil: any number.
    var remainingNotices: Int? { get }
    /// Runs `body` all or nothing within the transaction: what it changed
    /// is kept when it returns and dropped when it throws, so one account's
    /// unreadable file cannot leave another's work half done.
    func isolated<T>(_ body: (any StoreWriting) throws -> T) throws -> T
}

extension StoreWriting {
    /// Every wake at or before `now`, earliest first.
    public func dueWakes(at now: Date) throws -> [ScheduledWake] { try dueWakes(at: now, limit: nil) }
}

/// An account's place in the deadline schedule.
public struct ScheduledWake: Sendable, Equatable {
    public var accountID: EntityID
    public var at: Date
    /// The account's own file that could not be read when it was last
    /// looked at (its responders were told); nil when all was well.
    public var unreadable: String?
    /// While some responders are still to be told of `unreadable`: the
    /// last one told so far, in the order of their IDs (so a responder
    /// removed meanwhile makes nobody else skipped); nil once all were.
    public var toldThrough: EntityID?
    /// How many responders an older lifesignal had told of `unreadable`,
    /// counted in the order they were found: read, never written.
    public var toldCount: Int?

    public init(accountID: EntityID, at: Date, unreadable: String? = nil, toldThrough: EntityID? = nil, toldCount: Int? = nil) {
        self.accountID = accountID
        self.at = at
        self.unreadable = unreadable
        self.toldThrough = toldThrough
        self.toldCount = toldCount
    }

    /// Whether responders are still being told of `unreadable`.
    public var isTellingUnreadable: Bool { toldThrough != nil || toldCount != nil }
}

/// A failure that names the store file it is about (damaged, written by a
/// newer lifesignal, or refused as planted), so the alarm path can say which
/// file it could not read.
public protocol NamesStoreFile: UserFacingError {
    /// The file's full path (or the directory's, for a refused directory),
    /// when the failure is about one.
    var filePath: String? { get }
    /// Whether the file was refused unread because someone else could have
    /// planted or changed it (kind `io`, not `damaged`, for its exit code).
    var isRefusedFile: Bool { get }
}

extension UserFacingError {
    /// Whether the failure is a store file that cannot be used: damaged, too
    /// new, or refused as planted. The alarm path contains these instead of
    /// stopping everyone: one account's file only costs what needs it.
    public var isUnreadableFile: Bool {
        kind == .damaged || (kind == .io && (self as? any NamesStoreFile)?.isRefusedFile == true)
    }

    /// The unreadable file, or the message when no file is named.
    public var unreadableFile: String { (self as? any NamesStoreFile)?.filePath ?? message }
}

/// Which feed items an update visits.
public enum FeedScope: Sendable, Equatable {
    case all
    case unread
    case item(EntityID)
    /// One item whose position in its feed (`FeedItem.index`) the caller
    /// knows, having read it: its segment is read first, with no lookup of
    /// where it is (on etcd, no read of the ID index).
    case itemAt(EntityID, index: Int)

    /// The one item the scope names, nil for a scope of many.
    public var itemID: EntityID? {
        switch self {
        case .all, .unread: nil
        case .item(let id), .itemAt(let id, _): id
        }
    }
}

/// What an update does to one feed item.
public enum FeedChange: Sendable, Equatable {
    case keep
    case replace(FeedItem)
    case delete
}
