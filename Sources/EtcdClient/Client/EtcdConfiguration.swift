import Glibc
import NetworkIO

/// Everything an `EtcdClient` needs: where the members are, how to reach
/// them, who to be, and how long to wait.
public struct EtcdConfiguration: Sendable {
    public var endpoints: [EtcdURL.Endpoint]
    /// nil speaks plain HTTP; else TLS with these files (`etcds://`).
    public var tls: TLSConfiguration?
    /// etcd's user/password authentication, when the cluster has it on.
    public var credentials: Credentials?
    /// Keeps the token between processes (signing in costs ~80 ms of bcrypt on the server).
    public var tokenCache: TokenCache?
    public var timeouts: Timeouts
    public var limits: RequestLimits
    public var resolver: HostResolver
    /// This machine's clock (seconds since 1970), which certificates are
    /// judged by: compared with the cluster's when they look out of date.
    public var localClock: @Sendable () -> Int64 = { Int64(time(nil)) }
    /// The member to ask first, when it is one of `endpoints` (else the
    /// first of them): the one that answered last time, which a caller
    /// keeps between processes (`EtcdClient.answeringMember`), so that a
    /// hung first-listed member costs one process its read timeout, not
    /// every process.
    public var firstMember: EtcdURL.Endpoint?

    public init(endpoints: [EtcdURL.Endpoint], tls: TLSConfiguration? = nil, credentials: Credentials? = nil,
                tokenCache: TokenCache? = nil, timeouts: Timeouts = Timeouts(), limits: RequestLimits = RequestLimits(),
                resolver: HostResolver = HostResolver()) {
        self.endpoints = endpoints
        self.tls = tls
        self.credentials = credentials
        self.tokenCache = tokenCache
        self.timeouts = timeouts
        self.limits = limits
        self.resolver = resolver
    }

    /// The configuration a URL describes: its members, TLS for `etcds://`
    /// (with `tls`, or the platform's trust store), its user with `password`.
    public init(url: EtcdURL, password: String? = nil, tls: TLSConfiguration? = nil, tokenCache: TokenCache? = nil) {
        self.init(endpoints: url.endpoints, tls: url.usesTLS ? (tls ?? TLSConfiguration()) : nil,
                  credentials: url.user.map { Credentials(user: $0, password: password) }, tokenCache: tokenCache)
    }

    public struct Credentials: Equatable, Sendable {
        public var user: String
        /// nil: only a cached token can be used.
        public var password: String?

        public init(user: String, password: String?) {
            self.user = user
            self.password = password
        }
    }

    /// Where a token is kept between processes: `load` at the first call,
    /// `save` after signing in (nil: forget the one that failed).
    public struct TokenCache: Sendable {
        public var load: @Sendable () -> String?
        public var save: @Sendable (String?) -> Void

        public init(load: @escaping @Sendable () -> String?, save: @escaping @Sendable (String?) -> Void) {
            self.load = load
            self.save = save
        }
    }

    /// The bounds on waiting (EtcdStore.docc/EtcdStoreDesign.md:
    /// "Failures and the bounds on waiting").
    public struct Timeouts: Equatable, Sendable {
        /// For one member to accept a connection (and finish the TLS handshake).
        public var connect: Duration
        /// For each read or write to make progress; then the next member is tried.
        public var read: Duration
        /// For a whole call, fail-over and retries included.
        public var operation: Duration
        /// For how long no member may be able to serve (no leader, down, hung)
        /// before a call gives up: long enough for an election after a
        /// leader dies (1–2.5 s), short enough to report a lost quorum promptly.
        public var unavailable: Duration

        public init(connect: Duration = .seconds(1), read: Duration = .seconds(2), operation: Duration = .seconds(8),
                    unavailable: Duration = .seconds(4)) {
            self.connect = connect
            self.read = read
            self.operation = operation
            self.unavailable = unavailable
        }
    }
}
