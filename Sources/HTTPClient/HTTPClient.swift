import NetworkIO

/// An HTTP/1.1 client for one origin (a host and port, plain or TLS) that
/// keeps one connection alive between requests.
///
/// Every exchange is bounded: connecting by the connector's timeout, each
/// read and write by `ioTimeout`, the whole by the caller's deadline. An
/// idle connection the server has closed is noticed before it is reused, so
/// a failure after sending means the server may really have the request.
public final class HTTPClient {
    /// A name or an IP address (without brackets).
    public let host: String
    public let port: UInt16
    public let connector: Connector
    public var ioTimeout: Duration
    /// Responses with larger bodies are refused.
    public var maximumBodySize: Int
    private var idle: HTTPConnection?
    /// Connections opened so far (each a TCP connect, and a TLS handshake with TLS).
    public private(set) var connectionsOpened = 0
    /// Requests sent so far, each a round trip (or the start of a stream).
    public private(set) var requestsSent = 0

    public init(host: String, port: UInt16, connector: Connector, ioTimeout: Duration = .seconds(2),
                maximumBodySize: Int = 256 << 20) {
        self.host = host
        self.port = port
        self.connector = connector
        self.ioTimeout = ioTimeout
        self.maximumBodySize = maximumBodySize
    }

    deinit { idle?.close() }

    /// `host:port` as the Host header writes it (`[::1]:2379` for IPv6).
    public var authority: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Sends `request` and reads the whole response before `deadline`.
    public func send(_ request: HTTPRequest, deadline: Deadline) throws(HTTPError) -> HTTPResponse {
        let connection = try takeConnection(deadline: deadline)
        let deadlines = ExchangeDeadlines(overall: deadline, io: ioTimeout)
        requestsSent += 1
        try connection.send(request, deadlines: deadlines)
        let head = try connection.readHead(deadlines: deadlines)
        let framing = try connection.framing(of: head, method: request.method)
        let body = try connection.readBody(framing, deadlines: deadlines, limit: maximumBodySize)
        if connection.isReusable {
            idle = connection
        } else {
            connection.close()
        }
        return HTTPResponse(status: head.status, reason: head.reason, headers: head.headers, body: body)
    }

    /// Sends `request` on a connection of its own and returns once the
    /// response head has arrived (before `deadline`); the body is then read
    /// piece by piece as the server sends it.
    public func openStream(_ request: HTTPRequest, deadline: Deadline) throws(HTTPError) -> HTTPStream {
        let connection = try newConnection(deadline: deadline)
        let deadlines = ExchangeDeadlines(overall: deadline, io: ioTimeout)
        requestsSent += 1
        try connection.send(request, deadlines: deadlines)
        let head = try connection.readHead(deadlines: deadlines)
        let framing = try connection.framing(of: head, method: request.method)
        return HTTPStream(connection: connection, head: head, framing: framing)
    }

    /// Closes the kept-alive connection, if any.
    public func closeIdleConnection() {
        idle?.close()
        idle = nil
    }

    /// Closes the kept-alive connection if the server has closed its end (or
    /// sent what no request asked for): a socket that would otherwise stay
    /// in CLOSE-WAIT until the next request.
    public func closeIdleConnectionIfStale() {
        guard let connection = idle, !connection.isReusable || connection.stream.isStale else { return }
        connection.close()
        idle = nil
    }

    /// The kept-alive connection if the server has not closed it, else a new one.
    private func takeConnection(deadline: Deadline) throws(HTTPError) -> HTTPConnection {
        if let connection = idle {
            idle = nil
            if connection.isReusable, !connection.stream.isStale { return connection }
            connection.close()
        }
        return try newConnection(deadline: deadline)
    }

    private func newConnection(deadline: Deadline) throws(HTTPError) -> HTTPConnection {
        connectionsOpened += 1
        do {
            return HTTPConnection(stream: try connector.open(host: host, port: port, deadline: deadline), authority: authority)
        } catch {
            throw HTTPError(stage: .connecting, error)
        }
    }
}
