import Glibc

/// A non-blocking socket this process owns, closed by `close()` or when
/// released. Every wait is bounded by a deadline; sends never raise SIGPIPE.
public final class Socket {
    public let descriptor: Int32
    /// Who is at the other end, for messages (`127.0.0.1:2379`).
    public let peer: String
    private var isOpen = true

    init(descriptor: Int32, peer: String) {
        self.descriptor = descriptor
        self.peer = peer
    }

    deinit { close() }

    public func close() {
        guard isOpen else { return }
        isOpen = false
        _ = Glibc.close(descriptor)
    }

    // MARK: Opening

    /// A TCP connection to `address`, established before `deadline`.
    public static func connectTCP(to address: SocketAddress, deadline: Deadline) throws(NetworkError) -> Socket {
        let socket = try open(family: address.family, type: Int32(SOCK_STREAM.rawValue), peer: address.description)
        // Requests are written whole; Nagle's algorithm would only delay them.
        var one: Int32 = 1
        _ = setsockopt(socket.descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        try socket.connect(to: address, deadline: deadline)
        return socket
    }

    /// A UDP socket connected to `address`, so that only its datagrams are received.
    public static func connectUDP(to address: SocketAddress) throws(NetworkError) -> Socket {
        let socket = try open(family: address.family, type: Int32(SOCK_DGRAM.rawValue), peer: address.description)
        try socket.connect(to: address, deadline: .after(.seconds(1)))
        return socket
    }

    private static func open(family: Int32, type: Int32, peer: String) throws(NetworkError) -> Socket {
        let flags = Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let descriptor = Glibc.socket(family, type | flags, 0)
        guard descriptor >= 0 else { throw .system("opening a socket", errno: errno, peer: peer) }
        return Socket(descriptor: descriptor, peer: peer)
    }

    private func connect(to address: SocketAddress, deadline: Deadline) throws(NetworkError) {
        let result = address.withSockaddr { Glibc.connect(descriptor, $0, $1) }
        guard result != 0 else { return }
        let code = errno
        guard code == EINPROGRESS || code == EINTR else { throw .system("connecting", errno: code, peer: peer) }
        guard try wait(for: Int16(POLLOUT), until: deadline) else {
            throw NetworkError(.timedOut, "\(peer): no connection within the time allowed")
        }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else {
            throw .system("connecting", errno: errno, peer: peer)
        }
        if failure != 0 { throw .system("connecting", errno: failure, peer: peer) }
    }

    // MARK: Moving bytes

    /// Sends every byte before `deadline`.
    public func send(_ bytes: UnsafeRawBufferPointer, deadline: Deadline) throws(NetworkError) {
        var offset = 0
        while offset < bytes.count {
            // count > offset >= 0, so the buffer has a base address.
            let sent = Glibc.send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if sent >= 0 {
                offset += sent
                continue
            }
            let code = errno
            if code == EINTR { continue }
            guard code == EAGAIN || code == EWOULDBLOCK else { throw .system("writing", errno: code, peer: peer) }
            guard try wait(for: Int16(POLLOUT), until: deadline) else {
                throw NetworkError(.timedOut, "\(peer): timed out while writing")
            }
        }
    }

    public func send(_ bytes: [UInt8], deadline: Deadline) throws(NetworkError) {
        try bytes.withRawBytes { (raw) throws(NetworkError) in try send(raw, deadline: deadline) }
    }

    /// Receives what is there, waiting for at least one byte until
    /// `deadline`: the count, or 0 when the peer has closed the connection.
    public func receive(into buffer: UnsafeMutableRawBufferPointer, deadline: Deadline) throws(NetworkError) -> Int {
        while true {
            let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            if count >= 0 { return count }
            let code = errno
            if code == EINTR { continue }
            guard code == EAGAIN || code == EWOULDBLOCK else { throw .system("reading", errno: code, peer: peer) }
            guard try wait(for: Int16(POLLIN), until: deadline) else {
                throw NetworkError(.timedOut, "\(peer): timed out while reading")
            }
        }
    }

    /// Whether an idle connection has input or a hang-up waiting: the peer
    /// closed it (or sent something unasked), so it is not fit for another request.
    public var hasInputOrHangup: Bool {
        var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) != 0
    }

    /// Waits until the socket is ready for `events`: false if `deadline` came first.
    func wait(for events: Int16, until deadline: Deadline) throws(NetworkError) -> Bool {
        while true {
            let milliseconds = deadline.pollMilliseconds
            if milliseconds == 0 { return false }
            var descriptor = pollfd(fd: self.descriptor, events: events, revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { throw .system("waiting", errno: errno, peer: peer) }
        }
    }
}
