import FoundationEssentials

/// The account's check-in code and duress code, kept only as salted,
/// slow hashes (`CheckInCodeRules`), with the count of wrong codes that
/// rate-limits guessing.
public struct CheckInCodes: Codable, Sendable, Equatable {
    /// Random bytes in hex, shared by both hashes.
    public var salt: String
    /// PBKDF2 rounds the hashes were made with.
    public var iterations: Int
    /// PBKDF2-HMAC-SHA256 of the check-in code, in hex.
    public var codeHash: String
    /// The same of the duress code.
    public var duressHash: String
    /// Wrong codes in a row since the last right one.
    public var failures: Int
    /// No code is accepted before this moment, after too many wrong ones.
    public var lockedUntil: Date?

    public init(salt: String, iterations: Int, codeHash: String, duressHash: String) {
        self.salt = salt
        self.iterations = iterations
        self.codeHash = codeHash
        self.duressHash = duressHash
        self.failures = 0
    }
}

/// What a code typed for a check-in turned out to be.
public enum CodeMatch: Sendable, Equatable {
    case real
    case duress
    case wrong
}

/// The rules for check-in codes: what a code may be, how it is hashed and
/// compared, and how wrong codes are rate-limited.
public enum CheckInCodeRules {
    /// PBKDF2 rounds for new codes: a few tens of milliseconds per check-in
    /// in a release build, and that per guess for anyone who reads the store.
    public static let iterations = 60_000
    /// Bytes of random salt.
    public static let saltBytes = 16
    /// Accepted lengths, in bytes.
    public static let length = 4...64
    /// Wrong codes in a row allowed before a wait is imposed.
    public static let freeAttempts = 5
    /// The first wait; it doubles with each further wrong code, up to `maxLockout`.
    public static let firstLockout = 60
    public static let maxLockout = 3600

    /// A validated code: printable, one line, 4 to 64 bytes (not trimmed:
    /// every character typed counts).
    public static func validate(_ code: String, what: String = "check-in code") throws(LifeSignalError) -> String {
        guard length.contains(code.utf8.count) else {
            throw .invalid("the \(what) must be \(length.lowerBound) to \(length.upperBound) bytes long")
        }
        guard !code.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || ProfileRules.isLineBreak($0) }) else {
            throw .invalid("the \(what) must not contain control characters or line breaks")
        }
        guard !code.trimmingWhitespace().isEmpty else { throw .invalid("the \(what) must not be only spaces") }
        return code
    }

    /// New codes, hashed under a fresh salt. They must differ: the duress
    /// code has to be told apart from the real one.
    public static func make(code: String, duress: String, random: RandomSource) throws(LifeSignalError) -> CheckInCodes {
        let code = try validate(code)
        let duress = try validate(duress, what: "duress code")
        guard code != duress else { throw .invalid("the duress code must differ from the check-in code") }
        let salt = random.bytes(saltBytes)
        return CheckInCodes(salt: Hex.encode(salt), iterations: iterations,
                            codeHash: hash(code, salt: salt, iterations: iterations),
                            duressHash: hash(duress, salt: salt, iterations: iterations))
    }

    /// Which code `typed` is. One derivation and both comparisons always
    /// run, in constant time, so the answer does not show in the timing.
    public static func match(_ typed: String, against codes: CheckInCodes) -> CodeMatch {
        guard let salt = Hex.decode(codes.salt) else { return .wrong }
        let typedHash = hash(typed, salt: salt, iterations: codes.iterations)
        let real = ConstantTime.equals(typedHash, codes.codeHash)
        let duress = ConstantTime.equals(typedHash, codes.duressHash)
        return real ? .real : duress ? .duress : .wrong
    }

    /// How long to wait after `failures` wrong codes in a row (0: none).
    public static func lockout(afterFailures failures: Int) -> Int {
        guard failures >= freeAttempts else { return 0 }
        return min(maxLockout, firstLockout << min(failures - freeAttempts, 16))
    }

    static func hash(_ code: String, salt: [UInt8], iterations: Int) -> String {
        Hex.encode(PBKDF2.deriveKey(password: Array(code.utf8), salt: salt, iterations: iterations))
    }
}
