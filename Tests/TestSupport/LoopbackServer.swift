import Foundation

/// A TCP server on 127.0.0.1 whose every connection a test scripts: it can
/// answer well, slowly, in odd pieces, wrongly, not at all, or close midway.
/// Each accepted connection runs `handler` on a thread of its own.
public final class LoopbackServer: @unchecked Sendable {
    public let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var accepted = 0
    private var stopped = false
    private var open: [LoopbackConnection] = []

    public init(_ handler: @escaping @Sendable (LoopbackConnection) -> Void) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.listener = listener
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            stopped = true
            throw FixtureError("cannot listen on loopback")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        // The accept thread owns the listener: it closes it when accept fails
        // after `shutdown`, so the number is never closed while in use.
        Thread { [weak self] in
            while true {
                let descriptor = accept(listener, nil, nil)
                guard descriptor >= 0 else {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    close(listener)
                    return
                }
                guard let self else {
                    close(descriptor)
                    close(listener)
                    return
                }
                let connection = LoopbackConnection(descriptor: descriptor)
                self.lock.withLock {
                    self.accepted += 1
                    self.open.append(connection)
                }
                Thread { handler(connection) }.start()
            }
        }.start()
    }

    /// How many connections the server has accepted.
    public var acceptedCount: Int { lock.withLock { accepted } }

    /// Stops accepting and closes every connection (once; the descriptor
    /// numbers may belong to someone else afterwards).
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        for connection in lock.withLock({ open }) { connection.close() }
    }

    /// Resets (RST) every connection accepted so far, as a peer whose
    /// connections are cut does; the server goes on accepting.
    public func resetAll() {
        for connection in lock.withLock({ open }) { connection.reset() }
    }

    /// Closes every connection accepted so far in order (FIN), as a peer
    /// that restarts does; the server goes on accepting.
    public func closeAll() {
        for connection in lock.withLock({ open }) { connection.close() }
    }

    /// Released (which ARC may do right after a test's last mention of the
    /// server), it only stops accepting: connections being served finish.
    deinit {
        let running = lock.withLock { !stopped }
        if running { shutdown(listener, Int32(SHUT_RDWR)) }
    }
}

/// One accepted connection, for the server's script.
public final class LoopbackConnection: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var closed = false
    private var pending: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
        // A script that waits for a client that never writes must not wait forever.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads one request (head and Content-Length body): nil when the client
    /// closed first. `head` keeps the raw header lines.
    public func readRequest() -> (head: String, body: [UInt8])? {
        while true {
            if let end = find(Array("\r\n\r\n".utf8)) {
                let head = String(decoding: pending[..<end], as: UTF8.self)
                let lengthLine = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                let length = lengthLine.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                while pending.count < end + 4 + length {
                    guard receive() else { return nil }
                }
                let body = Array(pending[(end + 4)..<(end + 4 + length)])
                pending.removeSubrange(0..<(end + 4 + length))
                return (head, body)
            }
            guard receive() else { return nil }
        }
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard pending.count >= pattern.count else { return nil }
        return (0...(pending.count - pattern.count)).first { pending[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    private func receive() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return false }
        pending += buffer[..<count]
        return true
    }

    public func write(_ text: String) { write(Array(text.utf8)) }

    public func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Writes `bytes` in pieces of `size`, pausing `delay` seconds between them.
    public func trickle(_ bytes: [UInt8], size: Int, delay: TimeInterval) {
        var offset = 0
        while offset < bytes.count {
            write(Array(bytes[offset..<min(bytes.count, offset + size)]))
            offset += size
            Thread.sleep(forTimeInterval: delay)
        }
    }

    /// Waits until the client closes its side (or a minute passes): a
    /// server that hangs, however slowly the client under test gets the CPU.
    public func waitForClose() {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { return }
        }
    }

    /// Ends the connection (an orderly close). The socket is closed by
    /// putting /dev/null in its place, so its descriptor number stays this
    /// connection's until deinit: a script still running never reads another
    /// test's socket that happened to get the number.
    public func close() {
        lock.withLock { release(reset: false) }
    }

    /// Ends the connection with a reset (RST) instead of an orderly close.
    public func reset() {
        lock.withLock { release(reset: true) }
    }

    private func release(reset: Bool) {
        guard !closed else { return }
        closed = true
        if reset {
            // SO_LINGER with a zero timeout: closing sends RST.
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        } else {
            shutdown(descriptor, Int32(SHUT_RDWR))
        }
        let null = Glibc.open("/dev/null", O_RDWR | O_CLOEXEC)
        dup2(null, descriptor)
        Glibc.close(null)
    }

    deinit { Glibc.close(descriptor) }
}
