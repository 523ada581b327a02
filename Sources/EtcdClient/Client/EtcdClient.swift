import HTTPClient
import NetworkIO
import StrictJSON

/// A client of etcd v3's JSON gateway (etcd 3.4: `/v3/…`) over our own
/// HTTP/1.1: one kept-alive connection per member, `Grpc-Metadata-hasleader`
/// on every request (a member without a leader answers at once instead of
/// after 7 s), fail-over across members, token authentication, and errors
/// that say whether a request may have been carried out.
///
/// A client stays with the member that last answered, so a snapshot read at
/// a revision that member served finds it. Its calls may come from several
/// threads: they take turns (one connection per member, one call at a time),
/// so it is `Sendable` by its own lock.
public final class EtcdClient: @unchecked Sendable {
    public let configuration: EtcdConfiguration
    let connector: Connector
    private var httpClients: [HTTPClient?]
    /// The member to ask first: the one that last answered (or, when a
    /// watch found it silent, another), under a lock of its own.
    var preferredMember: Int {
        get { preferred.withLock { preferredIndex } }
        set { preferred.withLock { preferredIndex = newValue } }
    }
    private let preferred = StateLock()
    private var preferredIndex = 0
    /// The sign-in token, under a lock of its own: a watch reads it while a
    /// call holds the client's lock.
    private let tokens = TokenState()
    /// Guards every stored property below `configuration` and `connector`
    /// but `tokens` and `watchTraffic`.
    private let state = StateLock()
    private var latestServerTime: Int64?
    /// What watches sent on their own connections.
    let watchTraffic = WatchTraffic()

    /// The serving member's clock at the last response (seconds since 1970).
    public var lastServerTime: Int64? { state.withLock { latestServerTime } }

    /// What the client has sent so far: requests (each one round trip; a
    /// watch counts once, when opened) and connections opened (each a TCP
    /// connect, with TLS a handshake), over every member.
    public var traffic: Traffic {
        state.withLock {
            httpClients.compactMap { $0 }.reduce(into: watchTraffic.total) { total, client in
                total.roundTrips += client.requestsSent
                total.connections += client.connectionsOpened
            }
        }
    }

    public struct Traffic: Equatable, Sendable {
        public var roundTrips = 0
        public var connections = 0

        public init(roundTrips: Int = 0, connections: Int = 0) {
            self.roundTrips = roundTrips
            self.connections = connections
        }
    }

    /// Runs `body` holding the client's lock: public calls, and the watches
    /// that share its connections, members and token.
    func synchronized<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try state.withLock(body)
    }

    /// Checks the configuration and loads the TLS files (once per client:
    /// that is the expensive part of TLS).
    public init(_ configuration: EtcdConfiguration) throws(EtcdError) {
        guard !configuration.endpoints.isEmpty else { throw EtcdError(.invalidRequest, "no etcd endpoints given") }
        self.configuration = configuration
        var tls: TLSContext?
        if let files = configuration.tls {
            do {
                tls = try TLSContext(files)
            } catch {
                throw EtcdError(.tls, "TLS: \(error.message)")
            }
        }
        connector = Connector(resolver: configuration.resolver, tls: tls, connectTimeout: configuration.timeouts.connect)
        httpClients = Array(repeating: nil, count: configuration.endpoints.count)
        preferredMember = configuration.firstMember.flatMap { configuration.endpoints.firstIndex(of: $0) } ?? 0
    }

    /// The member asked first now: the one that last answered (or
    /// `EtcdConfiguration.firstMember` before any did).
    public var answeringMember: EtcdURL.Endpoint {
        state.withLock { configuration.endpoints[preferredMember] }
    }

    // MARK: Keys

    /// Reads one key or a range. A serializable read pinned to a revision
    /// that a member has not applied yet (after a fail-over) is asked again
    /// linearizably, which waits for that member to catch up.
    public func range(_ request: RangeRequest, deadline: Deadline? = nil) throws(EtcdError) -> RangeResponse {
        try synchronized { () throws(EtcdError) in
            do throws(EtcdError) {
                return try rangeOnce(request, deadline: deadline)
            } catch where error.code == .futureRevision && request.serializable && request.revision > 0 {
                var linearizable = request
                linearizable.serializable = false
                return try rangeOnce(linearizable, deadline: deadline)
            }
        }
    }

    private func rangeOnce(_ request: RangeRequest, deadline: Deadline?) throws(EtcdError) -> RangeResponse {
        var (response, time) = try unary("/v3/kv/range", RequestEncoding.range(request), mayResend: true,
                                         deadline: deadline, decode: ResponseDecoding.range)
        response.header.serverTime = time
        return response
    }

    /// Runs a transaction. Its size and operation counts are checked first,
    /// so a request the cluster would refuse is never sent. A read-only
    /// transaction is resent to another member when its answer is lost; a
    /// writing one only with `resendIfAmbiguous` (when the caller can tell a
    /// second run from the first, e.g. by a marker key it compares), else a
    /// lost answer is an `.ambiguous` error.
    public func txn(_ request: TxnRequest, resendIfAmbiguous: Bool = false, deadline: Deadline? = nil) throws(EtcdError) -> TxnResponse {
        try synchronized { () throws(EtcdError) in
            if let problem = configuration.limits.problem(with: request, user: configuration.credentials?.user) { throw problem }
            var (response, time) = try unary("/v3/kv/txn", RequestEncoding.txn(request), mayResend: resendIfAmbiguous || request.isReadOnly,
                                             deadline: deadline, decode: ResponseDecoding.txn)
            response.header.serverTime = time
            return response
        }
    }

    /// Discards history before `revision` (keys' older values; watches
    /// cannot start before it any more).
    public func compact(revision: Int64, deadline: Deadline? = nil) throws(EtcdError) -> ResponseHeader {
        try synchronized { () throws(EtcdError) in
            let decode = { (bytes: [UInt8]) throws(JSONReadError) -> ResponseHeader in
                try ResponseDecoding.document(bytes) { (reader) throws(JSONReadError) in
                    var header = ResponseHeader()
                    try reader.readObject(names: JSONNames(["header"])) { (reader, index) throws(JSONReadError) in
                        if index == 0 { header = try ResponseDecoding.header(&reader) } else { try reader.skipValue() }
                    }
                    return header
                }
            }
            var (header, time) = try unary("/v3/kv/compaction", RequestEncoding.compaction(revision: revision), mayResend: false,
                                           deadline: deadline, decodeDocument: decode)
            header.serverTime = time
            return header
        }
    }

    /// Watches a key or a range from `request.startRevision` (see `EtcdWatch`).
    public func watch(_ request: WatchRequest) throws(EtcdError) -> EtcdWatch {
        try synchronized { () throws(EtcdError) in
            guard request.startRevision >= 1 else {
                throw EtcdError(.invalidRequest, "a watch needs a start revision (the revision read + 1); etcd takes 0 as \"from now\"")
            }
            return EtcdWatch(client: self, request: request)
        }
    }

    // MARK: The cluster

    /// A member's status: by default the one the client would ask first.
    public func status(of endpoint: EtcdURL.Endpoint? = nil, deadline: Deadline? = nil) throws(EtcdError) -> MemberStatus {
        try synchronized { () throws(EtcdError) in
            let pinned = endpoint.flatMap { configuration.endpoints.firstIndex(of: $0) }
            if let endpoint, pinned == nil { throw EtcdError(.invalidRequest, "\(endpoint) is not one of the client's endpoints") }
            var (status, time) = try unary("/v3/maintenance/status", RequestEncoding.empty, mayResend: true, deadline: deadline,
                                           pinnedTo: pinned, decode: ClusterDecoding.status)
            status.header.serverTime = time
            return status
        }
    }

    /// The alarms raised in the cluster (NOSPACE: writes are refused).
    public func alarms(deadline: Deadline? = nil) throws(EtcdError) -> [Alarm] {
        try synchronized { () throws(EtcdError) in
            try unary("/v3/maintenance/alarm", RequestEncoding.alarmList, mayResend: true, deadline: deadline,
                      decode: ClusterDecoding.alarms).0
        }
    }

    /// The cluster's members.
    public func members(deadline: Deadline? = nil) throws(EtcdError) -> [Member] {
        try synchronized { () throws(EtcdError) in
            try unary("/v3/cluster/member/list", RequestEncoding.empty, mayResend: true, deadline: deadline,
                      decode: ClusterDecoding.members).0
        }
    }

    /// Closes the kept-alive connections whose member has closed its end (it
    /// restarted, or dropped an idle connection), unless a call is under
    /// way: a long-running process would otherwise keep such sockets in
    /// CLOSE-WAIT until it next asks that member, which may be never. Never waits.
    public func closeStaleConnections() {
        _ = state.withLockIfFree {
            for client in httpClients { client?.closeIdleConnectionIfStale() }
        }
    }

    /// Closes the kept-alive connections (they close anyway when the client goes).
    public func close() {
        state.withLock {
            for client in httpClients { client?.closeIdleConnection() }
        }
    }

    // MARK: Requests

    /// One POST with fail-over: the decoded answer and the serving member's clock.
    func unary<T>(_ path: String, _ body: [UInt8], mayResend: Bool, deadline: Deadline?, pinnedTo pinned: Int? = nil,
                  authenticated: Bool = true,
                  decode: @escaping (inout JSONReader) throws(JSONReadError) -> T) throws(EtcdError) -> (T, Int64?) {
        try unary(path, body, mayResend: mayResend, deadline: deadline, pinnedTo: pinned, authenticated: authenticated,
                  decodeDocument: { (bytes) throws(JSONReadError) in try ResponseDecoding.document(bytes, decode) })
    }

    func unary<T>(_ path: String, _ body: [UInt8], mayResend: Bool, deadline: Deadline?, pinnedTo pinned: Int? = nil,
                  authenticated: Bool = true,
                  decodeDocument: ([UInt8]) throws(JSONReadError) -> T) throws(EtcdError) -> (T, Int64?) {
        let deadline = deadline ?? .after(configuration.timeouts.operation)
        return try withFailover(mayResend: mayResend, deadline: deadline, pinnedTo: pinned) { (member) throws(AttemptFailure) in
            let name = configuration.endpoints[member].description
            let request = HTTPRequest(target: path, headers: try headers(authenticated: authenticated, deadline: deadline), body: body)
            let response: HTTPResponse
            do throws(HTTPError) {
                response = try httpClient(member).send(request, deadline: deadline)
            } catch {
                throw FailureClassifier.transport(error, member: name)
            }
            guard response.status == 200 else {
                throw FailureClassifier.response(status: response.status, body: response.body, member: name)
            }
            let time = response.headers["Date"].flatMap(HTTPDate.secondsSinceEpoch)
            if let time { latestServerTime = time }
            if authenticated { tokens.proven() }
            do throws(JSONReadError) {
                return (try decodeDocument(response.body), time)
            } catch {
                // A 200 means the member carried the request out; what it answered is lost.
                throw AttemptFailure(error: EtcdError(.badResponse, "\(name) sent an answer etcd does not send: \(error.reason)",
                                                      outcome: .ambiguous), next: .stop)
            }
        }
    }

    /// `Grpc-Metadata-hasleader` always; the token when signed in.
    func headers(authenticated: Bool, deadline: Deadline) throws(AttemptFailure) -> HTTPHeaders {
        var headers = HTTPHeaders([("Grpc-Metadata-hasleader", "true")])
        if authenticated, configuration.credentials != nil {
            do {
                headers.add("Authorization", try currentToken(deadline: deadline))
            } catch {
                throw AttemptFailure(error: error, next: .stop)
            }
        }
        return headers
    }

    func httpClient(_ member: Int) -> HTTPClient {
        if let client = httpClients[member] { return client }
        let endpoint = configuration.endpoints[member]
        let client = HTTPClient(host: endpoint.host, port: endpoint.port, connector: connector, ioTimeout: configuration.timeouts.read)
        httpClients[member] = client
        return client
    }

    // MARK: Authentication

    /// Whether the token came from the cache and no call has yet succeeded with it.
    var tokenUnproven: Bool { tokens.unproven }

    /// A watch found `member` silent: the next call starts at `other`
    /// instead of waiting out its read timeout there.
    func avoid(_ member: Int, askingFirst other: Int) {
        preferred.withLock { if preferredIndex == member { preferredIndex = other } }
    }

    /// The token in hand, if any, without signing in.
    var tokenInHand: String? { tokens.current(loadingFrom: nil) }

    /// The token to send: the cached one, or a new one.
    private func currentToken(deadline: Deadline) throws(EtcdError) -> String {
        if let token = tokens.current(loadingFrom: configuration.tokenCache) { return token }
        try signIn(deadline: deadline)
        guard let token = tokens.current(loadingFrom: nil) else { throw EtcdError(.authenticationFailed, "etcd gave no token") }
        return token
    }

    /// The token a watch sends: the one in hand without waiting for the
    /// client's lock, else one got under it (signing in when there is none).
    /// nil when the cluster takes no user.
    func tokenForWatch(deadline: Deadline) throws(EtcdError) -> String? {
        guard configuration.credentials != nil else { return nil }
        if let token = tokens.current(loadingFrom: configuration.tokenCache) { return token }
        return try synchronized { () throws(EtcdError) in try currentToken(deadline: deadline) }
    }

    /// Signs in with the user and password (`/v3/auth/authenticate`) and caches the token.
    func signIn(deadline: Deadline) throws(EtcdError) {
        guard let credentials = configuration.credentials else { return }
        guard let password = credentials.password else {
            throw EtcdError(.authenticationFailed, "etcd user \(credentials.user) needs a password to sign in, and none was given")
        }
        let body = RequestEncoding.authenticate(name: credentials.user, password: password)
        let (fresh, _) = try unary("/v3/auth/authenticate", body, mayResend: true, deadline: deadline, authenticated: false,
                                   decode: ResponseDecoding.token)
        guard !fresh.isEmpty else { throw EtcdError(.authenticationFailed, "etcd gave no token for user \(credentials.user)") }
        tokens.set(fresh)
        configuration.tokenCache?.save(fresh)
    }

    /// Drops a token the cluster refused (it expired, or its member restarted).
    func forgetToken() {
        tokens.forget()
        configuration.tokenCache?.save(nil)
    }

    /// Signs in afresh after a watch's token was refused, unless another
    /// thread already did (the token in hand is no longer `refused`).
    func renewToken(refused: String?, deadline: Deadline) throws(EtcdError) {
        try synchronized { () throws(EtcdError) in
            guard tokens.current(loadingFrom: nil) == refused else { return }
            forgetToken()
            try signIn(deadline: deadline)
        }
    }
}
