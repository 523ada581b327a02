import CTLS

/// TLS over a connected TCP socket, verified against the host it was meant for.
public final class TLSStream: ByteStream {
    private let socket: Socket
    private var session: OpaquePointer?
    /// The context must outlive its sessions.
    private let context: TLSContext

    /// Handshakes over `socket` before `deadline`, checking that the server's
    /// certificate names `host` (a DNS name or an IP address, without brackets).
    public init(socket: Socket, host: String, context: TLSContext, deadline: Deadline) throws(NetworkError) {
        self.socket = socket
        self.context = context
        var error = ctls_error()
        guard let session = ctls_session_connect(context.pointer, socket.descriptor, host,
                                                 deadline.pollMilliseconds, &error) else {
            socket.close()
            var failure = TLSContext.networkError(error)
            if failure.kind == .closed {
                // A server that hangs up on a ClientHello does not speak TLS on that port.
                failure = NetworkError(.tlsProtocol, failure.message + " (the port may not speak TLS)")
            }
            throw Self.located(failure, at: socket.peer)
        }
        self.session = session
    }

    deinit { close() }

    public var peer: String { socket.peer }

    /// The protocol agreed, e.g. `TLSv1.3`.
    public var protocolVersion: String {
        guard let session, let name = ctls_session_protocol(session) else { return "" }
        return String(cString: name)
    }

    public func write(_ bytes: UnsafeRawBufferPointer, deadline: Deadline) throws(NetworkError) {
        guard let session else { throw NetworkError(.closed, "\(peer): the TLS session is closed") }
        var error = ctls_error()
        guard ctls_session_write(session, bytes.baseAddress, bytes.count, deadline.pollMilliseconds, &error) == 0 else {
            let failure = Self.located(TLSContext.networkError(error), at: peer)
            // With TLS 1.3 a server that refuses our certificate does so after
            // our handshake ends: its alert waits unread while the write meets
            // the reset. The alert is the real reason.
            if failure.kind == .reset || failure.kind == .closed, let alert = pendingAlert() { throw alert }
            throw failure
        }
    }

    /// A fatal alert the server sent before closing, if one is waiting.
    private func pendingAlert() -> NetworkError? {
        var scratch = [UInt8](repeating: 0, count: 512)
        do {
            _ = try scratch.withMutableRawBytes { (raw) throws(NetworkError) in try read(into: raw, deadline: .now) }
        } catch where error.kind == .tlsRefused {
            return error
        } catch {}
        return nil
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Deadline) throws(NetworkError) -> Int {
        guard let session else { throw NetworkError(.closed, "\(peer): the TLS session is closed") }
        var error = ctls_error()
        let count = ctls_session_read(session, buffer.baseAddress, buffer.count, deadline.pollMilliseconds, &error)
        guard count >= 0 else { throw Self.located(TLSContext.networkError(error), at: peer) }
        return count
    }

    /// Readable while idle is not enough to call it stale: TLS 1.3 servers
    /// send session tickets after the handshake. A read that may not wait
    /// tells: nothing but handshake messages (a timeout) means still good.
    public var isStale: Bool {
        guard session != nil else { return true }
        guard socket.hasInputOrHangup else { return false }
        var scratch = [UInt8](repeating: 0, count: 512)
        do {
            let count = try scratch.withMutableRawBytes { (raw) throws(NetworkError) in
                try read(into: raw, deadline: .now)
            }
            return count >= 0
        } catch {
            return error.kind != .timedOut
        }
    }

    public func close() {
        if let session {
            ctls_session_free(session)
            self.session = nil
        }
        socket.close()
    }

    private static func located(_ error: NetworkError, at peer: String) -> NetworkError {
        NetworkError(error.kind, "\(peer): \(error.message)")
    }
}
