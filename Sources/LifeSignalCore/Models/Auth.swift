import FoundationEssentials

/// A verification code waiting to be entered, kept only as a salted hash.
public struct PendingLogin: Codable, Sendable, Equatable {
    public var phoneNumber: String
    public var salt: String
    public var codeHash: String
    public var sentAt: Date
    public var expiresAt: Date
    public var failedAttempts: Int
    /// Codes sent in the current rate-limit window, and when it began.
    public var sendsInWindow: Int
    public var windowStart: Date

    public init(phoneNumber: String, salt: String, codeHash: String, sentAt: Date, expiresAt: Date,
                sendsInWindow: Int, windowStart: Date) {
        self.phoneNumber = phoneNumber
        self.salt = salt
        self.codeHash = codeHash
        self.sentAt = sentAt
        self.expiresAt = expiresAt
        self.failedAttempts = 0
        self.sendsInWindow = sendsInWindow
        self.windowStart = windowStart
    }
}

/// A signed-in session as the store records it, under the hash of its token.
public struct SessionRecord: Codable, Sendable, Equatable {
    public var accountID: EntityID
    public var createdAt: Date

    public init(accountID: EntityID, createdAt: Date) {
        self.accountID = accountID
        self.createdAt = createdAt
    }
}
