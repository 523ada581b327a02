import FoundationEssentials

/// Where an account is signed in: its sessions, listed, ended, renewed as
/// they are used and expired after 90 days unused; and the sessions that
/// ended in the last 30 days, listed with them.
///
/// Anyone who can write a store can sign in to any account of it (a local
/// store's file system is the boundary, not the code), so the account's
/// owner must be able to see each session, where it came from and when it
/// was last used, and end any of them. Each account keeps the hashes of its
/// sessions beside its data, so listing costs what the account has, never
/// what the store has. A session that ends is listed for `endedRetention`
/// after: whoever signed in as you and then signed out still shows.
public struct SessionService {
    /// A session unused this long is over.
    public static let idleLimit: TimeInterval = 90 * 86_400
    /// How stale `lastUsedAt` may get before a use writes it down again: so
    /// reading commands write at most once a day.
    public static let renewalInterval: TimeInterval = 86_400
    /// How long an ended session is still listed.
    public static let endedRetention: TimeInterval = 30 * 86_400
    /// The most ended sessions kept, so the list stays bounded.
    public static let maxEnded = 100

    let store: any StoreWriting
    let env: CoreEnvironment

    public init(store: any StoreWriting, env: CoreEnvironment) {
        self.store = store
        self.env = env
    }

    /// One session as `sessions` shows it.
    public struct Session: Sendable, Equatable {
        public var id: EntityID
        public var machine: String
        public var createdAt: Date
        public var lastUsedAt: Date
        public var expiresAt: Date
        /// The session this command runs in.
        public var isCurrent: Bool
        /// When it was ended (signed out, or ended from another session);
        /// nil while it lasts.
        public var endedAt: Date?
        let tokenHash: String
    }

    /// Whether `record` is over at `now`.
    public static func isExpired(_ record: SessionRecord, at now: Date) -> Bool {
        now.timeIntervalSince(record.lastUsed) >= idleLimit
    }

    /// Whether using `record` at `now` should write the use down.
    public static func needsRenewal(_ record: SessionRecord, at now: Date) -> Bool {
        record.id == nil || record.lastUsedAt == nil || now.timeIntervalSince(record.lastUsed) >= renewalInterval
    }

    /// Where a session was opened, as it keeps it: at most 200 bytes
    /// (user, host, terminal or client, state directory), "an unnamed
    /// machine" for none.
    public static func machineName(_ name: String?) -> String {
        let trimmed = (name ?? "").trimmingWhitespace()
        guard !trimmed.isEmpty else { return "an unnamed machine" }
        var kept = ""
        for character in trimmed where kept.utf8.count + String(character).utf8.count <= 200 { kept.append(character) }
        return kept
    }

    /// Records a new session of `accountID` and forgets the account's
    /// expired ones.
    func open(accountID: EntityID, tokenHash: String, machine: String?) throws -> SessionRecord {
        let record = SessionRecord(accountID: accountID, createdAt: env.now, id: env.newID(),
                                   machine: Self.machineName(machine), lastUsedAt: env.now)
        try store.setSession(tokenHash: tokenHash, to: record)
        try saveIndex(of: accountID, adding: tokenHash)
        return record
    }

    /// Writes down that the session was used now (and, for a record from
    /// before sessions were listed, gives it an ID and a place in its
    /// account's list).
    public func renew(tokenHash: String) throws {
        guard var record = try store.session(tokenHash: tokenHash), !Self.isExpired(record, at: env.now) else { return }
        record.id = record.id ?? env.newID()
        record.lastUsedAt = env.now
        try store.setSession(tokenHash: tokenHash, to: record)
        try saveIndex(of: record.accountID, adding: tokenHash)
    }

    /// The account's sessions that have not expired, and those that ended
    /// in the last `endedRetention`, oldest first; the current one
    /// (`currentTokenHash`) is marked, and listed even when a store from
    /// before lists none.
    public func list(of owner: EntityID, currentTokenHash: String) throws -> [Session] {
        let ended = try store.endedSessions(of: owner).filter { !isForgotten($0) }.map { session in
            Session(id: session.id, machine: session.machine, createdAt: session.createdAt, lastUsedAt: session.lastUsedAt,
                    expiresAt: session.endedAt, isCurrent: false, endedAt: session.endedAt, tokenHash: "")
        }
        return (try active(of: owner, currentTokenHash: currentTokenHash) + ended)
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// The account's sessions that have not expired or ended, oldest first.
    private func active(of owner: EntityID, currentTokenHash: String) throws -> [Session] {
        var hashes = try store.sessionIndex(of: owner)
        if !hashes.contains(currentTokenHash) { hashes.append(currentTokenHash) }
        var sessions: [Session] = []
        for hash in hashes {
            guard let record = try store.session(tokenHash: hash), record.accountID == owner,
                  !Self.isExpired(record, at: env.now) else { continue }
            sessions.append(Session(
                id: record.id ?? Self.standInID(hash), machine: Self.machineName(record.machine), createdAt: record.createdAt,
                lastUsedAt: record.lastUsed, expiresAt: record.lastUsed.addingTimeInterval(Self.idleLimit),
                isCurrent: hash == currentTokenHash, endedAt: nil, tokenHash: hash))
        }
        return sessions.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// Ends the one session whose ID is `query` or starts with it (at least
    /// 4 characters).
    public func end(_ query: String, of owner: EntityID, currentTokenHash: String) throws -> Session {
        let lower = query.trimmingWhitespace().lowercased()
        let matches = lower.utf8.count >= 4
            ? try active(of: owner, currentTokenHash: currentTokenHash).filter { $0.id.rawValue.hasPrefix(lower) } : []
        guard !matches.isEmpty else {
            throw LifeSignalError.notFound("no session of yours has the ID \(quoted(query))", hint: "lifesignal sessions")
        }
        guard matches.count == 1 else { throw LifeSignalError.ambiguous(query: query, candidates: matches.map(\.id.short)) }
        try close(tokenHash: matches[0].tokenHash)
        return matches[0]
    }

    /// Ends every session of the account but the current one.
    public func endOthers(of owner: EntityID, currentTokenHash: String) throws -> [Session] {
        let others = try active(of: owner, currentTokenHash: currentTokenHash).filter { !$0.isCurrent }
        for session in others { try close(tokenHash: session.tokenHash) }
        return others
    }

    /// Ends a session (signing out, or ending it from elsewhere): its token
    /// works no more, and its account lists it as ended for `endedRetention`.
    func close(tokenHash: String) throws {
        guard let record = try store.session(tokenHash: tokenHash) else { return }
        try store.setSession(tokenHash: tokenHash, to: nil)
        let hashes = try store.sessionIndex(of: record.accountID)
        if hashes.contains(tokenHash) { try store.saveSessionIndex(hashes.filter { $0 != tokenHash }, of: record.accountID) }
        let ended = EndedSession(id: record.id ?? Self.standInID(tokenHash), machine: Self.machineName(record.machine),
                                 createdAt: record.createdAt, lastUsedAt: record.lastUsed, endedAt: env.now)
        let kept = try store.endedSessions(of: record.accountID).filter { !isForgotten($0) }
        try store.saveEndedSessions(Array((kept + [ended]).suffix(Self.maxEnded)), of: record.accountID)
    }

    /// Whether an ended session ended long enough ago to be forgotten.
    private func isForgotten(_ session: EndedSession) -> Bool {
        env.now.timeIntervalSince(session.endedAt) >= Self.endedRetention
    }

    /// The account's list with `tokenHash` in it, and without sessions
    /// that have expired or are gone (their records are removed too), so
    /// the list never grows past the sessions in use.
    private func saveIndex(of accountID: EntityID, adding tokenHash: String) throws {
        let hashes = try store.sessionIndex(of: accountID)
        var kept: [String] = []
        for hash in hashes where hash != tokenHash {
            guard let record = try store.session(tokenHash: hash), record.accountID == accountID else { continue }
            if Self.isExpired(record, at: env.now) {
                try store.setSession(tokenHash: hash, to: nil)
            } else {
                kept.append(hash)
            }
        }
        kept.append(tokenHash)
        if kept != hashes { try store.saveSessionIndex(kept, of: accountID) }
    }

    /// The ID shown for a session recorded before sessions had IDs, until
    /// its next use gives it one: the first 32 digits of its hash.
    static func standInID(_ tokenHash: String) -> EntityID {
        let digits = Array(tokenHash.prefix(32))
        let text = String(digits[0..<8]) + "-" + String(digits[8..<12]) + "-" + String(digits[12..<16]) + "-"
            + String(digits[16..<20]) + "-" + String(digits[20..<32])
        // A SHA-256 hex digest always has 32 lowercase hex digits to give.
        return EntityID(validating: text) ?? EntityID(randomBytes: Array(repeating: 0, count: 16))
    }
}
