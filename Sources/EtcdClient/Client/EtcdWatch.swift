import HTTPClient
import NetworkIO
import StrictJSON

/// A watch that outlives its member: changes to a key or range, in revision
/// order, from a start revision, resumed at once on another member (from the
/// first revision not yet reported) when its stream breaks, its member loses
/// the leader (`hasleader` ends such streams), or its member stops answering.
///
/// A failing member is never a reason to wait: the next member is asked
/// straight away, and only when every member failed in turn does the watch
/// pause (briefly, growing to a second) before the next round. It keeps
/// trying for as long as its caller waits, so it is back as soon as the
/// store is.
///
/// A quiet stream cannot tell a hung member (or a connection that silently
/// drops everything) from a quiet range, so after `probeInterval` without a
/// message the member is asked a cheap read; one that does not answer
/// within `probeTimeout` is left.
///
/// Its streams and probes go over connections of its own, and never wait
/// for the client's lock: a call of the client stuck on a dying member
/// does not hold the watch up.
public final class EtcdWatch {
    private let client: EtcdClient
    private let request: WatchRequest
    private var stream: HTTPStream?
    private var member: Int
    /// The first revision not yet reported: where a resumed stream starts.
    public private(set) var nextRevision: Int64
    /// How long a stream may be quiet before its member is probed.
    public var probeInterval: Duration = .seconds(1)
    /// How long a probed member has to answer.
    public var probeTimeout: Duration = .milliseconds(500)
    private var quietSince = Deadline.now
    /// One HTTP client per member, for this watch's streams and probes.
    private var connections: [HTTPClient?]
    /// The pause after a round in which every member failed.
    private var roundPause = EtcdWatch.firstRoundPause
    static let firstRoundPause = Duration.milliseconds(50)
    static let longestRoundPause = Duration.seconds(1)

    init(client: EtcdClient, request: WatchRequest) {
        self.client = client
        self.request = request
        member = client.preferredMember
        nextRevision = request.startRevision
        connections = Array(repeating: nil, count: client.configuration.endpoints.count)
    }

    deinit { close() }

    /// Ends the stream and closes the watch's connections.
    public func close() {
        stream?.close()
        stream = nil
        for connection in connections { connection?.closeIdleConnection() }
    }

    /// The next changes, waiting at most `timeout` for them, through
    /// whatever members fail meanwhile (`.idle` when none could carry the
    /// watch in that time; the next call goes on trying). Throws
    /// `.compacted` when history the watch needs is gone (read again, and
    /// watch from the new read's revision + 1), and the error every member
    /// would give (a permission refused, certificates no member accepts).
    public func next(timeout: Duration) throws(EtcdError) -> WatchUpdate {
        let deadline = Deadline.after(timeout)
        while true {
            guard let stream = try currentStream(until: deadline) else { return .idle }
            let event: HTTPStream.Event
            do {
                event = try stream.nextLine(until: min(deadline, quietSince.advanced(by: probeInterval)))
            } catch {
                leave()
                continue
            }
            switch event {
            case .data(let line):
                quietSince = .now
                if let update = try handle(line) { return update }
            case .end:
                leave()
            case .idle:
                if deadline.hasPassed { return .idle }
                // A quiet moment: sockets members closed are let go.
                client.closeStaleConnections()
                if memberAnswers() {
                    quietSince = .now
                } else {
                    let silent = member
                    leave()
                    client.avoid(silent, askingFirst: member)
                }
            }
        }
    }

    /// What one line of the stream means: an update to report, or nil.
    private func handle(_ line: [UInt8]) throws(EtcdError) -> WatchUpdate? {
        let message: WatchMessage
        switch try? WatchDecoding.line(line) {
        case .none:
            leave()
            return nil
        case .error(let code, _):
            if code == 16 { try client.renewToken(refused: client.tokenInHand, deadline: .after(client.configuration.timeouts.operation)) }
            leave()
            return nil
        case .result(let result):
            message = result
        }
        if message.canceled {
            close()
            if message.compactRevision > 0 {
                throw EtcdError(.compacted, "the watch needs revision \(nextRevision), which has been compacted (history starts at \(message.compactRevision)): read again, and watch from there")
            }
            let reason = message.cancelReason.isEmpty ? "no reason given" : message.cancelReason
            throw EtcdError(reason.contains("ermission") ? .permissionDenied : .invalidRequest, "etcd canceled the watch: \(reason)")
        }
        if message.created { return nil }
        if let last = message.events.map(\.kv.modRevision).max() {
            nextRevision = max(nextRevision, last + 1)
            return .events(message.events)
        }
        nextRevision = max(nextRevision, message.header.revision + 1)
        return .progress(revision: message.header.revision)
    }

    /// Leaves the current member (its stream and kept-alive probe
    /// connection) for the next one.
    private func leave() {
        stream?.close()
        stream = nil
        connections[member]?.closeIdleConnection()
        member = (member + 1) % connections.count
    }

    /// The open stream, opening one (from `nextRevision`) on the first
    /// member that takes it; nil when none did before `deadline`.
    private func currentStream(until deadline: Deadline) throws(EtcdError) -> HTTPStream? {
        if let stream { return stream }
        var resumed = request
        resumed.startRevision = nextRevision
        let body = RequestEncoding.watch(resumed)
        var failures: [EtcdError] = []
        var renewed = false
        while true {
            do throws(AttemptFailure) {
                let opened = try open(body, on: member)
                stream = opened
                quietSince = .now
                roundPause = Self.firstRoundPause
                return opened
            } catch {
                switch error.next {
                case .stop:
                    throw error.error
                case .signInAgain where !renewed:
                    renewed = true
                    try client.renewToken(refused: client.tokenInHand, deadline: .after(client.configuration.timeouts.operation))
                    continue
                case .signInAgain, .otherMember:
                    failures.append(error.error)
                }
            }
            member = (member + 1) % connections.count
            if failures.count >= connections.count {
                // Certificates no member accepts are not mended by waiting.
                if failures.allSatisfy({ $0.code == .tls }), let first = failures.first { throw first }
                failures.removeAll()
                guard deadline.remaining > roundPause else { return nil }
                EtcdClient.pause(roundPause)
                roundPause = min(roundPause * 2, Self.longestRoundPause)
            }
            if deadline.hasPassed { return nil }
        }
    }

    /// Opens a stream on `member`, which must answer its head within the read timeout.
    private func open(_ body: [UInt8], on member: Int) throws(AttemptFailure) -> HTTPStream {
        let name = client.configuration.endpoints[member].description
        let deadline = Deadline.after(client.configuration.timeouts.read)
        let request = HTTPRequest(target: "/v3/watch", headers: try headers(deadline: deadline), body: body)
        let http = connection(member)
        let opened = http.connectionsOpened
        let stream: HTTPStream
        do throws(HTTPError) {
            defer { client.watchTraffic.add(roundTrips: 1, connections: http.connectionsOpened - opened) }
            stream = try http.openStream(request, deadline: deadline)
        } catch {
            throw FailureClassifier.transport(error, member: name)
        }
        guard stream.head.status == 200 else {
            let body = Self.errorBody(of: stream, deadline: deadline)
            stream.close()
            throw FailureClassifier.response(status: stream.head.status, body: body, member: name)
        }
        return stream
    }

    /// `hasleader` (a member without a leader ends the stream) and the token.
    private func headers(deadline: Deadline) throws(AttemptFailure) -> HTTPHeaders {
        var headers = HTTPHeaders([("Grpc-Metadata-hasleader", "true")])
        do throws(EtcdError) {
            if let token = try client.tokenForWatch(deadline: deadline) { headers.add("Authorization", token) }
        } catch {
            throw AttemptFailure(error: error, next: error.code == .unavailable ? .otherMember : .stop)
        }
        return headers
    }

    private func connection(_ member: Int) -> HTTPClient {
        if let connection = connections[member] { return connection }
        let endpoint = client.configuration.endpoints[member]
        let connection = HTTPClient(host: endpoint.host, port: endpoint.port, connector: client.connector,
                                    ioTimeout: client.configuration.timeouts.read)
        connections[member] = connection
        return connection
    }

    /// Asks the member a cheap read that needs its leader (`hasleader`):
    /// whether it answers within `probeTimeout`.
    private func memberAnswers() -> Bool {
        let deadline = Deadline.after(probeTimeout)
        guard let headers = try? headers(deadline: deadline) else { return false }
        let http = connection(member)
        let opened = http.connectionsOpened
        defer { client.watchTraffic.add(roundTrips: 1, connections: http.connectionsOpened - opened) }
        let response = try? http.send(HTTPRequest(target: "/v3/kv/range", headers: headers, body: probeBody), deadline: deadline)
        return response?.status == 200
    }

    /// The probe's body, encoded once: a serializable count of the watched key.
    private lazy var probeBody = RequestEncoding.range(RangeRequest(key: request.key, serializable: true, countOnly: true))

    /// An error response's body (at most 64 KiB of it).
    private static func errorBody(of stream: HTTPStream, deadline: Deadline) -> [UInt8] {
        var body: [UInt8] = []
        while body.count < 65_536, case .data(let bytes)? = try? stream.nextBytes(until: deadline) {
            body += bytes
        }
        return body
    }
}
