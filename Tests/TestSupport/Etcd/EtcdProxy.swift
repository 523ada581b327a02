import Foundation
import HTTPClient
import NetworkIO

/// A loopback HTTP proxy in front of one real etcd member, for tests that
/// must see or disturb what crosses the wire: it counts every request (the
/// round trips a client or a lifesignal process makes), and can carry a
/// request out and lose its answer, exactly as a member dying mid-request
/// does. Watches are relayed as streams. On command it cuts every
/// connection (a reset), refuses everything (a member that is down), or
/// drops everything silently (`Mode.blackhole`: a member or link that
/// vanished without a word).
public final class EtcdProxy: @unchecked Sendable {
    /// What to do with a request.
    public enum Fault: Sendable {
        /// Forward it and relay the answer.
        case none
        /// Forward it (etcd carries it out), then hang up instead of answering.
        case loseAnswer
        /// Hang up without forwarding it.
        case refuse
        /// Forward it (etcd carries it out), run `action` once the answer is
        /// in (kill a member), then hang up instead of answering.
        case loseAnswerAfter(@Sendable () -> Void)
    }

    /// How the proxy treats every request and watch, from now on.
    public enum Mode: Sendable, Equatable {
        /// Relays as usual (each request's `Fault` still applies).
        case pass
        /// Hangs up on every request at once and ends the watches it relays.
        case refuse
        /// Accepts connections and requests but answers nothing, and stops
        /// relaying what its watches bring, without closing anything.
        case blackhole
    }

    public let server: LoopbackServer
    private let lock = NSLock()
    private var mode = Mode.pass
    private var watches = 0
    private var requests: [(path: String, at: Date)] = []
    private var decide: @Sendable (_ path: String, _ body: [UInt8]) -> Fault = { _, _ in .none }
    private var shift: TimeInterval = 0

    /// A proxy to the member listening on `upstreamPort` (plain HTTP).
    public init(upstreamPort: UInt16) throws {
        let box = ProxyBox()
        server = try LoopbackServer { connection in box.proxy?.serve(connection, upstreamPort: upstreamPort) }
        box.proxy = self
    }

    public var port: UInt16 { server.port }
    /// Connections clients opened to the proxy.
    public var connections: Int { server.acceptedCount }
    /// The paths of the requests received so far (`/v3/kv/range`, ...), in order.
    public var requestPaths: [String] { lock.withLock { requests.map(\.path) } }
    /// The paths of the requests received so far, with when each arrived.
    public var requestTimes: [(path: String, at: Date)] { lock.withLock { requests } }

    /// Chooses what happens to each later request.
    public func setFault(_ decide: @escaping @Sendable (_ path: String, _ body: [UInt8]) -> Fault) {
        lock.withLock { self.decide = decide }
    }

    /// Moves the `Date` of every later answer by `seconds`: the cluster's
    /// clock as the client sees it, set apart from this machine's.
    public func shiftDates(by seconds: TimeInterval) { lock.withLock { shift = seconds } }

    /// Sets how every later request, and every watch being relayed, is treated.
    public func setMode(_ mode: Mode) { lock.withLock { self.mode = mode } }

    private var currentMode: Mode { lock.withLock { mode } }

    /// Resets (RST) every connection open now: the client sees its
    /// requests and watches fail with "connection reset".
    public func cut() { server.resetAll() }

    /// Closes every connection open now in order, as a member that
    /// restarts does: the client's idle connections see their peer gone.
    public func hangUp() { server.closeAll() }

    /// Watches being relayed now.
    public var openWatches: Int { lock.withLock { watches } }

    /// Forgets the requests counted so far.
    public func resetCount() { lock.withLock { requests.removeAll() } }

    public func stop() { server.stop() }

    private func serve(_ connection: LoopbackConnection, upstreamPort: UInt16) {
        let upstream = HTTPClient(host: "127.0.0.1", port: upstreamPort, connector: Connector(), ioTimeout: .seconds(10))
        while let request = connection.readRequest() {
            let words = request.head.split(separator: " ")
            guard words.count >= 2 else { return connection.close() }
            let path = String(words[1])
            let fault = lock.withLock { () -> Fault in
                requests.append((path, Date()))
                return decide(path, request.body)
            }
            let headers = HTTPHeaders(request.head.split(separator: "\r\n").dropFirst().compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                let name = String(line[..<colon])
                guard !["host", "content-length", "connection"].contains(name.lowercased()) else { return nil }
                return (name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            })
            let forwarded = HTTPRequest(target: path, headers: headers, body: request.body)
            if case .refuse = fault { return connection.close() }
            switch currentMode {
            case .pass: break
            case .refuse: return connection.close()
            case .blackhole:
                while currentMode == .blackhole { Thread.sleep(forTimeInterval: 0.02) }
                return connection.close()
            }
            if path == "/v3/watch" { return relayStream(forwarded, upstream: upstream, to: connection) }
            guard let response = try? upstream.send(forwarded, deadline: .after(.seconds(30))) else { return connection.close() }
            switch fault {
            case .loseAnswer:
                return connection.close()
            case .loseAnswerAfter(let action):
                action()
                return connection.close()
            case .none, .refuse:
                break
            }
            var head = "HTTP/1.1 \(response.status) \(response.reason)\r\n"
            let shift = lock.withLock { self.shift }
            for (name, value) in response.headers.fields
            where !["content-length", "transfer-encoding", "connection"].contains(name.lowercased()) {
                head += "\(name): \(name.lowercased() == "date" ? Self.shifted(value, by: shift) : value)\r\n"
            }
            head += "Content-Length: \(response.body.count)\r\n\r\n"
            connection.write(Array(head.utf8) + response.body)
        }
    }

    /// An HTTP date (RFC 9110's IMF-fixdate) moved by `seconds`.
    static func shifted(_ value: String, by seconds: TimeInterval) -> String {
        guard seconds != 0 else { return value }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = format.date(from: value) else { return value }
        return format.string(from: date.addingTimeInterval(seconds))
    }

    /// Relays a watch: its head, then each piece as a chunk, until either side ends.
    private func relayStream(_ request: HTTPRequest, upstream: HTTPClient, to connection: LoopbackConnection) {
        guard let stream = try? upstream.openStream(request, deadline: .after(.seconds(10))) else { return connection.close() }
        lock.withLock { watches += 1 }
        defer {
            lock.withLock { watches -= 1 }
            stream.close()
        }
        var head = "HTTP/1.1 \(stream.head.status) \(stream.head.reason)\r\n"
        for (name, value) in stream.head.headers.fields
        where !["content-length", "transfer-encoding", "connection"].contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        connection.write(head + "Transfer-Encoding: chunked\r\n\r\n")
        while true {
            let event = try? stream.nextBytes(until: .after(.milliseconds(50)))
            switch (currentMode, event) {
            case (.refuse, _):
                return connection.close()
            case (.blackhole, .data), (.blackhole, .idle):
                // Nothing reaches the client, and nothing tells it so.
                continue
            case (.blackhole, _):
                while currentMode == .blackhole { Thread.sleep(forTimeInterval: 0.02) }
                return connection.close()
            case (.pass, .data(let bytes)):
                connection.write(Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + Array("\r\n".utf8))
            case (.pass, .idle):
                continue
            case (.pass, .end):
                connection.write("0\r\n\r\n")
                return connection.close()
            case (.pass, .none):
                // The member died mid-stream: so does the relay, without its last chunk.
                return connection.close()
            }
        }
    }
}

/// Lets the server's handler reach the proxy made after it.
private final class ProxyBox: @unchecked Sendable {
    weak var proxy: EtcdProxy?
}
