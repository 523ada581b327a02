/// Opens byte streams to `host:port`: resolves the host without NSS, tries
/// each of its addresses in turn, each within the connect timeout, and
/// adds TLS (verified against `host`) when given a context.
public struct Connector {
    public var resolver: HostResolver
    public var tls: TLSContext?
    /// How long one address may take to accept the connection (and, with
    /// TLS, to finish the handshake).
    public var connectTimeout: Duration

    public init(resolver: HostResolver = HostResolver(), tls: TLSContext? = nil, connectTimeout: Duration = .seconds(1)) {
        self.resolver = resolver
        self.tls = tls
        self.connectTimeout = connectTimeout
    }

    /// A stream to `host` (a name, or an IP address without brackets) on
    /// `port`, opened before `deadline`.
    public func open(host: String, port: UInt16, deadline: Deadline) throws(NetworkError) -> any ByteStream {
        let addresses = try resolver.resolve(host, deadline: deadline)
        var lastError = NetworkError(.timedOut, "\(host):\(port): no time left to connect")
        for address in addresses {
            guard !deadline.hasPassed else { break }
            let connectDeadline = min(deadline, .after(connectTimeout))
            do {
                let socket = try Socket.connectTCP(to: SocketAddress(address, port: port), deadline: connectDeadline)
                guard let tls else { return socket }
                return try TLSStream(socket: socket, host: host, context: tls, deadline: connectDeadline)
            } catch {
                lastError = error
                // A certificate problem is the same on every address of the host.
                if error.kind == .tlsVerification || error.kind == .tlsConfiguration { throw error }
            }
        }
        throw lastError
    }
}
