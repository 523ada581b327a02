import ByteKeyed
import FoundationEssentials
import LifeSignalCore
import StoreBackends
import StoreCodecKit
import StrictJSON

/// lifesignal's data laid out as files on any backend: per-account JSON
/// files, index files, a segmented feed, a check-in history and a deadline
/// schedule (`StorePaths` says where each lives). The services see it as
/// `StoreWriting`.
///
/// One instance lives for one transaction (or one snapshot) and caches what
/// it decoded, so a command reads each file at most once.
public final class LayoutStore: StoreWriting {
    /// What reads go through: the snapshot, or the transaction.
    let files: any StoreSnapshot
    /// What writes go through; nil on a read-only snapshot.
    private let transaction: (any StoreTransaction)?
    let codec: StoreCodec
    /// Decoded files by path. Not a Dictionary: the first String-keyed
    /// hash table a process builds costs a scan of every conformance record.
    private var cache = ByteKeyedTable<Any>()
    /// The feed segment read or written last (one only, so a whole-feed
    /// visit stays flat in memory): finding an item and then changing it
    /// decodes its segment once.
    var recentSegment: (path: String, segment: FeedSegment)?
    /// The feed item found last through the ID index and its segment, so
    /// changing it right after finding it needs no second index lookup.
    var recentFind: (owner: EntityID, item: EntityID, segment: Int)?
    /// Feed items kept per account before retention drops the oldest.
    public var retentionLimit = FeedRetention.maxItems
    /// Items about one other account a feed keeps (see `FeedRetention`).
    public var senderItemLimit = FeedRetention.perSenderItems
    /// Unread critical items about one other account a feed protects.
    public var senderCriticalLimit = FeedRetention.perSenderUnreadCritical
    /// The notices this transaction may still carry, shared with its savepoints.
    private let allowance: NoticeAllowance

    /// The layout over one transaction of a backend named `name`, which
    /// carries at most `notices` notices (`reserveNotice`; nil: any number).
    public init(_ transaction: any StoreTransaction, name: String, notices: Int? = nil) {
        files = transaction
        self.transaction = transaction
        codec = StoreCodec(root: name)
        allowance = NoticeAllowance(notices)
    }

    /// The layout over one read-only snapshot of a backend named `name`.
    public init(snapshot: any StoreSnapshot, name: String) {
        files = snapshot
        transaction = nil
        codec = StoreCodec(root: name)
        allowance = NoticeAllowance(0)
    }

    /// The layout over a savepoint inside a transaction (`isolated`).
    private init(savepoint: OverlayFiles, codec: StoreCodec, allowance: NoticeAllowance) {
        files = savepoint
        transaction = savepoint
        self.codec = codec
        self.allowance = allowance
    }

    // MARK: Generic file helpers

    func load<T: StoreFileData>(_ type: T.Type, _ path: String) throws -> T? {
        if let cached = cache[path] { return cached as? T }
        guard let bytes = try files.read(path) else { return nil }
        let value = try codec.decode(type, from: bytes, path: path)
        cache[path] = value
        return value
    }

    func store<T: StoreFileData>(_ value: T, _ path: String) throws {
        try writeFile(path, codec.encode(value))
        cache[path] = value
    }

    /// `store` with a seal (`FeedSeal`), for files a command reads in part.
    func storeSealed<T: StoreFileData>(_ value: T, _ path: String) throws {
        try writeFile(path, FeedSeal.seal(codec.encode(value)))
        cache[path] = value
    }

    /// Forgets every decoded file of a read-only look, so one that visits
    /// the whole store (`doctor`) holds one account's files at a time.
    func forgetDecoded() {
        precondition(transaction == nil, "a transaction's decoded files are its pending writes")
        cache = ByteKeyedTable()
    }

    /// The value `load` cached for `path`, if any.
    func cached<T>(_ type: T.Type, _ path: String) -> T? {
        cache[path] as? T
    }

    func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        guard let transaction else { throw StoreError.io("internal error: write to \(path) during a read") }
        if recentSegment?.path == path { recentSegment = nil }
        try transaction.write(path, bytes)
    }

    func remove(_ path: String) throws {
        guard let transaction else { throw StoreError.io("internal error: delete of \(path) during a read") }
        if try files.read(path) != nil || cache[path] != nil {
            try transaction.delete(path)
        }
        cache[path] = nil
        if recentSegment?.path == path { recentSegment = nil }
    }

    /// Removes `path` without reading it first (removing a missing file is
    /// no error): for a file another one says is there.
    func removeUnread(_ path: String) throws {
        guard let transaction else { throw StoreError.io("internal error: delete of \(path) during a read") }
        try transaction.delete(path)
        cache[path] = nil
    }

    // MARK: The store's identity

    /// Checks the store's schema version (the first thing read), and that
    /// the store accepts `clock`: simulated time only in a simulation store,
    /// so nobody can fire someone else's deadline by setting a clock.
    func checkMeta(clock: StoreClock = .real) throws {
        guard let meta = try load(StoreMeta.self, StorePaths.meta) else {
            // No store yet: nothing, or something that no command may take for one.
            return try StoreShape(topLevel: try files.list("")).require(at: codec.root)
        }
        if clock == .simulated, meta.simulatedTime != true {
            throw LifeSignalError.refused(
                "LIFESIGNAL_NOW is set, but this store runs on the real clock (created \(meta.createdAt) without it); "
                    + "simulated time works only in a store created under LIFESIGNAL_NOW",
                hint: "unset LIFESIGNAL_NOW, or point LIFESIGNAL_STORE at a new store for simulations")
        }
    }

    /// Creates the store's identity file on the first write, and gives a
    /// store from before identities its own (once, so it never changes). A
    /// store created on a simulated clock is a simulation store for good.
    func ensureMeta(_ env: CoreEnvironment, clock: StoreClock = .real) throws {
        if var meta = try load(StoreMeta.self, StorePaths.meta) {
            guard meta.id == nil else { return }
            meta.id = StoreMeta.newIdentity(env.random)
            try store(meta, StorePaths.meta)
        } else {
            // Made only where nothing is: `checkMeta`, first, found the location empty.
            var meta = StoreMeta(createdAt: ISO8601.format(env.now), id: StoreMeta.newIdentity(env.random))
            meta.simulatedTime = clock == .simulated ? true : nil
            meta.codeKey = StoreMeta.newCodeKey(env.random)
            try store(meta, StorePaths.meta)
        }
    }

    /// The store's identity: a random ID made when it was created, which a
    /// copy keeps. Nil for an empty store (and for one from before
    /// identities that has not been written to since).
    public func identity() throws -> String? {
        try load(StoreMeta.self, StorePaths.meta)?.id
    }

    /// The key that names the code index's files (`CodeIndexName`); nil
    /// for a store made before keyed names that has not been written since.
    public func codeKey() throws -> String? {
        try load(StoreMeta.self, StorePaths.meta)?.codeKey
    }

    // MARK: StoreReading

    public func account(_ id: EntityID) throws -> Account? {
        try load(Account.self, StorePaths.account(id))
    }

    /// The names and number of an account, nil when it does not exist.
    ///
    /// For lists that show only who someone is (`ping list`): it reads the
    /// account file but decodes only these members, and keeps nothing in
    /// the cache (which holds whole files). A file that is not JSON, or
    /// lacks a name, throws as `account` would; damage in other members
    /// does not hide a name: what the account is owed (its alarms) is
    /// checked where it is read whole.
    public func accountName(_ id: EntityID) throws -> AccountName? {
        let path = StorePaths.account(id)
        if let account = cached(Account.self, path) { return AccountName(account) }
        guard let bytes = try files.read(path) else { return nil }
        return try codec.decodeChecked(from: bytes, path: path) { reader throws(JSONReadError) in
            try AccountName.read(from: &reader)
        }
    }

    public func prefetch(accounts: [EntityID], deliverySetups: [EntityID]) throws {
        guard files.prefetches else { return }
        let paths = accounts.map(StorePaths.account) + deliverySetups.map(StorePaths.deliverySetup)
        try files.prefetch(PrefetchPlan(files: paths.filter { cache[$0] == nil }))
    }

    /// Names the account's schedule entry (as its `wake.json` says) for the
    /// next request to bring: a change to its responders reschedules it,
    /// which looks at the entry. The wake file is looked at outside the
    /// transaction's read set: the reschedule reads it, if it comes. A
    /// wake file that cannot be read is left to the reschedule to meet.
    public func prefetchScheduleEntry(of id: EntityID) {
        guard files.prefetches, let bytes = try? files.readOutsideReadSet(StorePaths.wake(id)),
              let wake = try? codec.decode(AccountWake.self, from: bytes, path: StorePaths.wake(id)) else { return }
        try? files.prefetch(PrefetchPlan(files: [ScheduleName.path(at: ScheduleName.normalized(wake.at), id)]))
    }

    public func expectNotices(to recipients: some Sequence<EntityID>) {
        guard files.prefetches else { return }
        try? files.prefetch(.nextGroups(recipients.map(StorePaths.accountDirectory)))
    }

    /// An account's links; the others' accounts are what a command most
    /// often reads next (a status's dependents and responders).
    public func contacts(of id: EntityID) throws -> [ContactLink] {
        let links = try load([ContactLink].self, StorePaths.contacts(id)) ?? []
        if !links.isEmpty, files.prefetches {
            try files.prefetch(PrefetchPlan(groups: links.map { StorePaths.accountDirectory($0.contactID) }))
        }
        return links
    }

    public func pings(of id: EntityID) throws -> [Ping] {
        try load([Ping].self, StorePaths.pings(id)) ?? []
    }

    public func accountID(phoneNumber: String) throws -> EntityID? {
        guard PhoneNumber.normalize(phoneNumber) == phoneNumber else { return nil }
        return try load(IndexEntry.self, StorePaths.phone(phoneNumber))?.accountID
    }

    public func session(tokenHash: String) throws -> SessionRecord? {
        try load(SessionRecord.self, StorePaths.session(tokenHash))
    }

    public func signUpWindow() throws -> SignUpWindow? {
        try load(SignUpWindow.self, StorePaths.signUps)
    }

    public func saveSignUpWindow(_ window: SignUpWindow) throws {
        try store(window, StorePaths.signUps)
    }

    public func sessionIndex(of id: EntityID) throws -> [String] {
        try load([String].self, StorePaths.sessionIndex(id)) ?? []
    }

    public func endedSessions(of id: EntityID) throws -> [EndedSession] {
        try load([EndedSession].self, StorePaths.endedSessions(id)) ?? []
    }

    public func pendingLogin(phoneNumber: String) throws -> PendingLogin? {
        try load(PendingLogin.self, StorePaths.pendingLogin(phoneNumber))
    }

    public func linksFromOthers(to id: EntityID) throws -> [ContactLink] {
        var links: [ContactLink] = []
        for name in try files.list("accounts") {
            guard let other = EntityID(validating: name), other != id else { continue }
            let theirs: [ContactLink]
            do {
                theirs = try contacts(of: other)
            } catch let failure as StoreError where failure.isUnreadableFile {
                continue
            }
            if let link = theirs.first(where: { $0.contactID == id }) { links.append(link.mirrored(owner: other)) }
        }
        return links.sorted { ($0.addedAt, $0.contactID) < ($1.addedAt, $1.contactID) }
    }

    // MARK: StoreWriting

    public func isolated<T>(_ body: (any StoreWriting) throws -> T) throws -> T {
        guard let transaction else { throw StoreError.io("internal error: a savepoint during a read") }
        let savepoint = OverlayFiles(base: transaction)
        let inner = LayoutStore(savepoint: savepoint, codec: codec, allowance: allowance)
        inner.retentionLimit = retentionLimit
        let result = try body(inner)
        for path in try savepoint.apply() {
            cache[path] = nil
            if recentSegment?.path == path { recentSegment = nil }
        }
        return result
    }

    public func reserveNotice() -> Bool {
        guard let remaining = allowance.remaining else { return true }
        guard remaining > 0 else { return false }
        allowance.remaining = remaining - 1
        return true
    }

    public var remainingNotices: Int? { allowance.remaining.map { max($0, 0) } }

    public func save(_ account: Account) throws {
        try store(account, StorePaths.account(account.id))
    }

    public func saveContacts(_ links: [ContactLink], of id: EntityID) throws {
        try store(links, StorePaths.contacts(id))
    }

    public func savePings(_ pings: [Ping], of id: EntityID) throws {
        try store(pings, StorePaths.pings(id))
    }

    public func setPhoneIndex(_ phoneNumber: String, to id: EntityID) throws {
        try store(IndexEntry(accountID: id), StorePaths.phone(phoneNumber))
    }

    public func setSession(tokenHash: String, to record: SessionRecord?) throws {
        let path = StorePaths.session(tokenHash)
        if let record { try store(record, path) } else { try remove(path) }
    }

    public func saveSessionIndex(_ tokenHashes: [String], of id: EntityID) throws {
        let path = StorePaths.sessionIndex(id)
        if tokenHashes.isEmpty { try remove(path) } else { try store(tokenHashes, path) }
    }

    public func saveEndedSessions(_ sessions: [EndedSession], of id: EntityID) throws {
        let path = StorePaths.endedSessions(id)
        if sessions.isEmpty { try remove(path) } else { try store(sessions, path) }
    }

    public func setPendingLogin(_ login: PendingLogin?, phoneNumber: String) throws {
        let path = StorePaths.pendingLogin(phoneNumber)
        if let login { try store(login, path) } else { try remove(path) }
    }
}

/// How many more notices one transaction may carry (nil: any number): one
/// count for the transaction and every savepoint in it.
private final class NoticeAllowance {
    var remaining: Int?
    init(_ remaining: Int?) { self.remaining = remaining }
}
