import FoundationEssentials

/// A verification code waiting to be entered, kept only as a salted, slow
/// hash (`AuthService.hash`).
public struct PendingLogin: Codable, Sendable, Equatable {
    public var phoneNumber: String
    public var salt: String
    public var codeHash: String
    /// PBKDF2 rounds the hash was made with; nil for a code issued before
    /// codes were hashed slowly (one SHA-256), which no longer signs in.
    public var iterations: Int?
    public var sentAt: Date
    public var expiresAt: Date
    public var failedAttempts: Int
    /// Codes sent in the current rate-limit window, and when it began.
    public var sendsInWindow: Int
    public var windowStart: Date

    public init(phoneNumber: String, salt: String, codeHash: String, iterations: Int? = nil, sentAt: Date, expiresAt: Date,
                sendsInWindow: Int, windowStart: Date) {
        self.phoneNumber = phoneNumber
        self.salt = salt
        self.codeHash = codeHash
        self.iterations = iterations
        self.sentAt = sentAt
        self.expiresAt = expiresAt
        self.failedAttempts = 0
        self.sendsInWindow = sendsInWindow
        self.windowStart = windowStart
    }
}

/// How many sign-ups a store has taken in its current day: a store takes
/// only so many (`SignUpLimits`), so nobody can fill it with accounts or
/// pending codes.
public struct SignUpWindow: Codable, Sendable, Equatable {
    /// When the current day began (it lasts 24 hours).
    public var start: Date
    /// Accounts created since.
    public var accounts: Int
    /// Codes sent since to numbers that had no account.
    public var codes: Int

    public init(start: Date, accounts: Int = 0, codes: Int = 0) {
        self.start = start
        self.accounts = accounts
        self.codes = codes
    }
}

/// A signed-in session as the store records it, under the hash of its token.
///
/// Records written before sessions could be listed have only the account
/// and the time; the first use of such a session fills in the rest.
public struct SessionRecord: Codable, Sendable, Equatable {
    public var accountID: EntityID
    public var createdAt: Date
    /// Names the session for `sessions end`.
    public var id: EntityID?
    /// The host name of the machine signed in from, as that machine gave it.
    public var machine: String?
    /// When the session was last used (renewed at most once a day).
    public var lastUsedAt: Date?

    public init(accountID: EntityID, createdAt: Date, id: EntityID? = nil, machine: String? = nil,
                lastUsedAt: Date? = nil) {
        self.accountID = accountID
        self.createdAt = createdAt
        self.id = id
        self.machine = machine
        self.lastUsedAt = lastUsedAt
    }

    /// When it was last known to be used.
    public var lastUsed: Date { lastUsedAt ?? createdAt }
}

/// A session that was ended (signed out, or ended from another session),
/// kept in its account's list for a while after (`SessionService`), so that
/// whoever signed in as you cannot leave without a trace by signing out.
public struct EndedSession: Codable, Sendable, Equatable {
    public var id: EntityID
    public var machine: String
    public var createdAt: Date
    public var lastUsedAt: Date
    public var endedAt: Date

    public init(id: EntityID, machine: String, createdAt: Date, lastUsedAt: Date, endedAt: Date) {
        self.id = id
        self.machine = machine
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.endedAt = endedAt
    }
}
