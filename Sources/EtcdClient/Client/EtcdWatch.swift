import HTTPClient
import NetworkIO
import StrictJSON

/// A watch that outlives its member: changes to a key or range, in revision
/// order, from a start revision, resumed on another member (from the first
/// revision not yet reported) when its stream breaks, its member loses the
/// leader (`hasleader` ends such streams), or its member stops answering.
///
/// A quiet stream cannot tell a hung member from a quiet range, so after
/// `probeInterval` without a message the member is asked a cheap read; one
/// that does not answer in the read timeout is left.
public final class EtcdWatch {
    private let client: EtcdClient
    private let request: WatchRequest
    private var stream: HTTPStream?
    private var member: Int
    /// The first revision not yet reported: where a resumed stream starts.
    public private(set) var nextRevision: Int64
    public var probeInterval: Duration = .seconds(5)
    private var quietSince = Deadline.now
    /// Since when no stream has worked (nil while one does).
    private var failingSince: Deadline?
    private var lastProblem = ""

    init(client: EtcdClient, request: WatchRequest) {
        self.client = client
        self.request = request
        member = client.preferredMember
        nextRevision = request.startRevision
    }

    deinit { stream?.close() }

    public func close() {
        stream?.close()
        stream = nil
    }

    /// The next changes, waiting at most `timeout` for them (a resumption on
    /// another member may take up to the client's operation timeout more).
    /// Throws `.compacted` when history the watch needs is gone (read again,
    /// and watch from the new read's revision + 1), `.unavailable` when no
    /// member could carry the watch for the client's unavailable timeout.
    public func next(timeout: Duration) throws(EtcdError) -> WatchUpdate {
        let deadline = Deadline.after(timeout)
        while true {
            guard let stream = try currentStream() else { continue }
            let event: HTTPStream.Event
            do {
                event = try stream.nextLine(until: min(deadline, quietSince.advanced(by: probeInterval)))
            } catch {
                try drop(because: error.message)
                continue
            }
            switch event {
            case .data(let line):
                quietSince = .now
                if let update = try handle(line) { return update }
            case .end:
                try drop(because: "\(stream.peer) ended the watch")
            case .idle:
                if deadline.hasPassed { return .idle }
                if memberAnswers() {
                    quietSince = .now
                } else {
                    try drop(because: "\(stream.peer) stopped answering")
                }
            }
        }
    }

    /// What one line of the stream means: an update to report, or nil.
    private func handle(_ line: [UInt8]) throws(EtcdError) -> WatchUpdate? {
        let message: WatchMessage
        switch try? WatchDecoding.line(line) {
        case .none:
            try drop(because: "\(peer) sent a watch message etcd does not send")
            return nil
        case .error(let code, let text):
            if code == 16 {
                try client.synchronized { () throws(EtcdError) in
                    client.forgetToken()
                    try client.signIn(deadline: .after(client.configuration.timeouts.operation))
                }
            }
            try drop(because: "\(peer): \(text)")
            return nil
        case .result(let result):
            message = result
        }
        failingSince = nil
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

    private var peer: String { client.configuration.endpoints[member].description }

    /// Leaves the current stream for another member, unless none has worked
    /// for the unavailable timeout.
    private func drop(because problem: String) throws(EtcdError) {
        close()
        lastProblem = problem
        let since = failingSince ?? .now
        failingSince = since
        member = (member + 1) % client.configuration.endpoints.count
        if since.advanced(by: client.configuration.timeouts.unavailable).hasPassed {
            throw EtcdError(.unavailable, "the watch could not be kept open: \(problem)")
        }
    }

    /// The open stream, opening one (from `nextRevision`) when there is none.
    private func currentStream() throws(EtcdError) -> HTTPStream? {
        if let stream { return stream }
        var resumed = request
        resumed.startRevision = nextRevision
        let body = RequestEncoding.watch(resumed)
        let deadline = Deadline.after(client.configuration.timeouts.operation)
        let start = member
        let (opened, at) = try client.synchronized { () throws(EtcdError) in
            try open(body, startingAt: start, deadline: deadline)
        }
        stream = opened
        member = at
        quietSince = .now
        return opened
    }

    /// Opens a stream on the first member (from `first`) that takes it; under the client's lock.
    private func open(_ body: [UInt8], startingAt first: Int, deadline: Deadline) throws(EtcdError) -> (HTTPStream, Int) {
        try client.withFailover(mayResend: true, deadline: deadline, startingAt: first,
                                rememberMember: false) { (member) throws(AttemptFailure) in
            let name = client.configuration.endpoints[member].description
            let request = HTTPRequest(target: "/v3/watch", headers: try client.headers(authenticated: true, deadline: deadline), body: body)
            let stream: HTTPStream
            do throws(HTTPError) {
                stream = try client.httpClient(member).openStream(request, deadline: deadline)
            } catch {
                throw FailureClassifier.transport(error, member: name)
            }
            guard stream.head.status == 200 else {
                let body = Self.errorBody(of: stream, deadline: deadline)
                stream.close()
                throw FailureClassifier.response(status: stream.head.status, body: body, member: name)
            }
            return (stream, member)
        }
    }

    /// Asks the member a cheap read (one that needs its leader): whether it answers within the read timeout.
    private func memberAnswers() -> Bool {
        let probe = RangeRequest(key: request.key, serializable: true, countOnly: true)
        let deadline = Deadline.after(client.configuration.timeouts.read)
        let member = member
        return client.synchronized {
            (try? client.unary("/v3/kv/range", RequestEncoding.range(probe), mayResend: true, deadline: deadline,
                               pinnedTo: member, decode: ResponseDecoding.range)) != nil
        }
    }

    /// An error response's body (at most 64 KiB of it).
    private static func errorBody(of stream: HTTPStream, deadline: Deadline) -> [UInt8] {
        var body: [UInt8] = []
        while body.count < 65_536, case .data(let bytes)? = try? stream.nextBytes(until: deadline) {
            body += bytes
        }
        return body
    }
}
