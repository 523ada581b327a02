import FoundationEssentials

/// Sign-in with a phone number and a one-time code; sessions; sign-out.
public struct AuthService {
    public static let codeLifetime = 600.0
    public static let maxAttempts = 5
    public static let resendDelay = 30.0
    public static let maxSendsPerHour = 5
    /// PBKDF2 rounds a sign-in code is hashed with: ~66 ms a hash on this
    /// project's machine, once when the code is sent and once when it is
    /// entered, and so ~18 hours of one core to try the million codes
    /// against a hash read from the store (one SHA-256 took 0.3 s), where
    /// a code lives 10 minutes.
    public static let codeIterations = 100_000

    let store: any StoreWriting
    let env: CoreEnvironment
    /// How many accounts (and codes for new numbers) the store takes a day.
    public var signUpLimits = SignUpLimits.standard
    /// PBKDF2 rounds the codes this service issues are hashed with:
    /// `codeIterations`, always, for a person's sign-in. Only stores seeded
    /// in bulk (the benchmark's, tests' crowds) lower it, for codes entered
    /// within the same seeding: `verify` hashes with the rounds the pending
    /// code names and then deletes it, so the account, session and sign-up
    /// window it leaves are the same, and 100,000 sign-ups cost seconds, not
    /// the 130 ms of two full hashes each.
    public var issuedCodeIterations = AuthService.codeIterations

    public init(store: any StoreWriting, env: CoreEnvironment) {
        self.store = store
        self.env = env
    }

    /// A freshly issued code, to be handed to the SMS command or shown locally.
    public struct IssuedCode: Sendable {
        public var phoneNumber: String
        public var code: String
        public var expiresAt: Date
        public var isNewNumber: Bool
    }

    /// Issues a new code for `phoneNumber` (already normalised), replacing
    /// any earlier one, within the resend limits.
    public func requestCode(phoneNumber: String) throws -> IssuedCode {
        let now = env.now
        var sends = 1
        var windowStart = now
        if let previous = try store.pendingLogin(phoneNumber: phoneNumber) {
            let since = now.timeIntervalSince(previous.sentAt)
            if since >= 0, since < Self.resendDelay {
                throw LifeSignalError.refused(
                    "a code was sent \(Int(since))s ago; wait \(Int((Self.resendDelay - since).rounded(.up)))s before asking for another",
                    hint: "lifesignal login --phone \(phoneNumber) --code CODE")
            }
            if now.timeIntervalSince(previous.windowStart) < 3600 {
                guard previous.sendsInWindow < Self.maxSendsPerHour else {
                    throw LifeSignalError.refused("too many codes requested for \(phoneNumber); try again within the hour")
                }
                sends = previous.sendsInWindow + 1
                windowStart = previous.windowStart
            }
        }
        let isNew = try store.accountID(phoneNumber: phoneNumber) == nil
        if isNew, try store.pendingLogin(phoneNumber: phoneNumber) == nil {
            // A code for a number without an account leaves a file in the store.
            var window = SignUpLimits.current(try store.signUpWindow(), at: now)
            guard window.codes < signUpLimits.newNumberCodesPerDay else {
                throw SignUpLimits.refusal("codes for \(window.codes) numbers without an account", window)
            }
            window.codes += 1
            try store.saveSignUpWindow(window)
        }
        let code = ISO8601.pad(Int(env.random.uniform(below: 1_000_000)), 6)
        let salt = Hex.encode(env.random.bytes(16))
        let login = PendingLogin(phoneNumber: phoneNumber, salt: salt,
                                 codeHash: Self.hash(code: code, salt: salt, phoneNumber: phoneNumber,
                                                     iterations: issuedCodeIterations),
                                 iterations: issuedCodeIterations, sentAt: now, expiresAt: now.addingTimeInterval(Self.codeLifetime),
                                 sendsInWindow: sends, windowStart: windowStart)
        try store.setPendingLogin(login, phoneNumber: phoneNumber)
        return IssuedCode(phoneNumber: phoneNumber, code: code, expiresAt: login.expiresAt, isNewNumber: isNew)
    }

    /// The outcome of checking a code. A wrong code is an outcome, not a
    /// thrown error, so that the failed attempt is committed.
    public enum Verification: Sendable {
        case signedIn(account: Account, token: String, isNewAccount: Bool)
        case rejected(LifeSignalError)
    }

    /// Checks `code`; when it is right, opens a session from `machine` (its
    /// host name). A sign-in to an account that already existed puts a
    /// `signIn` notification, naming the machine, in its feed: whoever
    /// could sign in as someone else is at least seen doing it. An account
    /// without a time zone (new, or made before accounts had one) takes
    /// `timeZone`, the machine's.
    public func verify(phoneNumber: String, code: String, firstName: String?, lastName: String?,
                       machine: String? = nil, timeZone: String? = nil) throws -> Verification {
        // People copy a code as they see it grouped ("749 850", "749-850")
        // or with the spaces around it that a paste brings.
        let code = code.filter { !$0.isWhitespace && $0 != "-" }
        guard code.utf8.count == 6, code.utf8.allSatisfy({ (48...57).contains($0) }) else {
            return .rejected(.invalid("the verification code is 6 digits"))
        }
        guard var login = try store.pendingLogin(phoneNumber: phoneNumber) else {
            return .rejected(.refused("no code is waiting for \(phoneNumber)",
                                      hint: "lifesignal login --phone \(phoneNumber)"))
        }
        guard env.now < login.expiresAt, let iterations = login.iterations else {
            // A code from before codes were hashed slowly is let go as if it
            // had expired: its quick hash may have been tried already.
            try store.setPendingLogin(nil, phoneNumber: phoneNumber)
            return .rejected(.refused("the code has expired", hint: "lifesignal login --phone \(phoneNumber)"))
        }
        let hash = Self.hash(code: code, salt: login.salt, phoneNumber: phoneNumber, iterations: iterations)
        guard ConstantTime.equals(hash, login.codeHash) else {
            login.failedAttempts += 1
            let left = Self.maxAttempts - login.failedAttempts
            if left <= 0 {
                try store.setPendingLogin(nil, phoneNumber: phoneNumber)
                return .rejected(.refused("wrong code; too many attempts, so that code no longer works",
                                          hint: "lifesignal login --phone \(phoneNumber)"))
            }
            try store.setPendingLogin(login, phoneNumber: phoneNumber)
            return .rejected(.refused("wrong code (\(left) attempt\(left == 1 ? "" : "s") left)"))
        }
        var isNew = false
        var account: Account
        if let id = try store.accountID(phoneNumber: phoneNumber), let existing = try store.account(id) {
            try store.setPendingLogin(nil, phoneNumber: phoneNumber)
            account = existing
        } else {
            // The code stays good until it expires: a new day may take the account.
            var window = SignUpLimits.current(try store.signUpWindow(), at: env.now)
            guard window.accounts < signUpLimits.accountsPerDay else {
                return .rejected(SignUpLimits.refusal("\(window.accounts) new accounts", window))
            }
            window.accounts += 1
            try store.saveSignUpWindow(window)
            try store.setPendingLogin(nil, phoneNumber: phoneNumber)
            account = try createAccount(phoneNumber: phoneNumber)
            isNew = true
        }
        if let firstName { account.firstName = try ProfileRules.name(firstName, field: "first name") }
        if let lastName { account.lastName = try ProfileRules.name(lastName, field: "last name") }
        if account.timeZone == nil { account.timeZone = timeZone }
        try store.save(account)
        if isNew { try InvitationService(store: store, env: env).claimWaiting(for: account) }
        let token = Hex.encode(env.random.bytes(32))
        let session = try SessionService(store: store, env: env)
            .open(accountID: account.id, tokenHash: SHA256.hexDigest(token), machine: machine)
        if !isNew { try noticeSignIn(account, session: session) }
        return .signedIn(account: account, token: token, isNewAccount: isNew)
    }

    /// The notification of a sign-in, in the account's own feed.
    private func noticeSignIn(_ account: Account, session: SessionRecord) throws {
        let machine = SessionService.machineName(session.machine)
        let id = session.id?.short ?? ""
        try Notifier(store: store, env: env).notify(account.id, FeedDraft(
            type: .signIn, title: "New sign-in on \(machine)",
            message: "Someone signed in to your account on \(machine) at \(ISO8601.format(env.now)) (session \(id)). "
                + "If it was not you, end it with 'lifesignal sessions end \(id)'."))
    }

    /// The account a session token belongs to, while the session lasts.
    public static func account(forToken token: String, in store: any StoreReading, now: Date) throws -> Account {
        try session(forToken: token, in: store, now: now).account
    }

    /// The session a token names and its account; a session ended
    /// elsewhere or unused for `SessionService.idleLimit` is over.
    public static func session(forToken token: String, in store: any StoreReading,
                               now: Date) throws -> (record: SessionRecord, account: Account) {
        guard let record = try store.session(tokenHash: SHA256.hexDigest(token)) else {
            throw LifeSignalError.sessionExpired
        }
        guard !SessionService.isExpired(record, at: now) else { throw LifeSignalError.sessionUnused }
        guard let account = try store.account(record.accountID) else { throw LifeSignalError.sessionExpired }
        return (record, account)
    }

    public func signOut(token: String) throws {
        try SessionService(store: store, env: env).close(tokenHash: SHA256.hexDigest(token))
    }

    private func createAccount(phoneNumber: String) throws -> Account {
        var code = QRCodeID.generate(env.random)
        while try store.accountID(qrCodeID: code) != nil { code = QRCodeID.generate(env.random) }
        let account = Account(id: env.newID(), phoneNumber: phoneNumber, qrCodeID: code, createdAt: env.now)
        try store.setPhoneIndex(phoneNumber, to: account.id)
        try store.setQRCodeIndex(code, to: account.id)
        return account
    }

    /// PBKDF2-HMAC-SHA256 of the code, salted with the pending login's
    /// random salt and the number it was sent to, in hex.
    static func hash(code: String, salt: String, phoneNumber: String, iterations: Int) -> String {
        Hex.encode(PBKDF2.deriveKey(password: Array(code.utf8), salt: Array((salt + ":" + phoneNumber).utf8),
                                    iterations: iterations))
    }
}
