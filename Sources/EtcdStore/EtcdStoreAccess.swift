import LifeSignalCore

/// What opening an etcd store takes beyond its URL: the TLS files for
/// `etcds://`, the user's password, where the sign-in token is kept between
/// commands, and how long to wait.
public struct EtcdStoreAccess: Sendable {
    /// PEM files: the CA that signed the members' certificates (nil: the
    /// system's trust store), this client's certificate and key.
    public var caFile: String?
    public var certificateFile: String?
    public var keyFile: String?
    /// For a URL that names a user (`LIFESIGNAL_ETCD_PASSWORD`).
    public var password: String?
    /// Loads the cached token (nil when none) and saves a new one (nil: forget it).
    public var loadToken: (@Sendable () -> String?)?
    public var saveToken: (@Sendable (String?) -> Void)?
    /// How long one read or transaction may take, fail-over and retries
    /// included, before the store counts as unavailable: every command
    /// ends within about this, never hangs.
    public var operationTimeout: Duration
    /// How long a transaction may keep meeting others' changes before
    /// "store is busy".
    public var busyTimeout: Duration
    /// The member (`host:port`, as the URL names it) that answered the last
    /// command: asked first (`EtcdBackend.answeringMember`).
    public var firstMember: String?
    /// Whether a read's snapshot serves the next call within
    /// `EtcdBackend.reuseWindow` (one round trip fewer): for one short
    /// command, whose reads need be no newer than its own writes (a write
    /// never keeps one). Off for a caller that reads, learns of another
    /// process's change (a child that exited), and reads again.
    public var keepsSnapshots = false
    /// Where the backend's random choices come from (the ID-index file a
    /// group's read picks): the application's source, so that a test can
    /// fix it.
    public var random = RandomSource { count in
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    public init(caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil, password: String? = nil,
                loadToken: (@Sendable () -> String?)? = nil, saveToken: (@Sendable (String?) -> Void)? = nil,
                operationTimeout: Duration = .seconds(8), busyTimeout: Duration = .seconds(5)) {
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.password = password
        self.loadToken = loadToken
        self.saveToken = saveToken
        self.operationTimeout = operationTimeout
        self.busyTimeout = busyTimeout
    }
}
