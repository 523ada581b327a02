import Glibc

/// A TCP forwarder on loopback that holds every byte for `delay` in each
/// direction before passing it on: an etcd member as a person far from the
/// cluster sees it (25 ms each way is a 50 ms round trip). The benchmark
/// runs it as a process of its own (`lifesignal-bench --delay-proxy`), one
/// thread and `poll`, so nothing in it is shared between threads.
struct DelayProxy {
    /// Where the upstream member listens.
    let upstreamPort: UInt16
    let delayNanoseconds: UInt64

    /// Bytes read from one side, due on the other at `due`.
    private struct Held {
        var due: UInt64
        var bytes: [UInt8]
    }

    /// One side of a forwarded connection: what it still has to send on.
    private final class Side {
        let fd: Int32
        var held: [Held] = []
        var closedAfterHeld = false
        init(_ fd: Int32) { self.fd = fd }
    }

    /// A client and its upstream connection.
    private final class Pair {
        let client: Side
        let upstream: Side
        init(client: Int32, upstream: Int32) {
            self.client = Side(client)
            self.upstream = Side(upstream)
        }
    }

    /// Listens on an ephemeral loopback port, writes its number to
    /// `portFile`, and forwards until killed.
    func run(portFile: String) -> Int32 {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { return fail("socket") }
        var address = Self.loopback(port: 0)
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard withUnsafePointer(to: &address, { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }) == 0, listen(listener, 64) == 0 else { return fail("bind/listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        // Written whole, then renamed: the benchmark waits for the file to appear.
        guard (try? TextFile.write("\(UInt16(bigEndian: address.sin_port))\n", to: portFile + ".new")) != nil,
              rename(portFile + ".new", portFile) == 0 else { return fail("writing \(portFile)") }
        var pairs: [Pair] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            for pair in pairs {
                fds.append(pollfd(fd: pair.client.fd, events: Int16(POLLIN), revents: 0))
                fds.append(pollfd(fd: pair.upstream.fd, events: Int16(POLLIN), revents: 0))
            }
            let now = ProcessProbe.monotonicNanoseconds()
            let next = pairs.flatMap { [$0.client.held.first?.due, $0.upstream.held.first?.due] }.compactMap { $0 }.min()
            let timeout = next.map { $0 <= now ? 0 : Int32(min(($0 - now) / 1_000_000 + 1, 1000)) } ?? 1000
            guard poll(&fds, nfds_t(fds.count), timeout) >= 0 || errno == EINTR else { return fail("poll") }
            let arrived = ProcessProbe.monotonicNanoseconds()
            for (index, pair) in pairs.enumerated() {
                // Bytes from the client are held for the upstream, and back.
                for (from, to, slot) in [(pair.client, pair.upstream, 1 + 2 * index), (pair.upstream, pair.client, 2 + 2 * index)]
                where fds[slot].revents != 0 && !to.closedAfterHeld {
                    let count = read(from.fd, &buffer, buffer.count)
                    if count > 0 {
                        to.held.append(Held(due: arrived + delayNanoseconds, bytes: Array(buffer[0..<count])))
                    } else if count == 0 || errno != EINTR {
                        to.closedAfterHeld = true
                    }
                }
            }
            // Accepted only now: the descriptors polled were those of the pairs before it.
            if fds[0].revents & Int16(POLLIN) != 0, let pair = accept(listener) { pairs.append(pair) }
            let sending = ProcessProbe.monotonicNanoseconds()
            pairs.removeAll { pair in
                for side in [pair.client, pair.upstream] {
                    while let first = side.held.first, first.due <= sending {
                        guard Self.writeAll(side.fd, first.bytes) else {
                            side.held.removeAll()
                            side.closedAfterHeld = true
                            break
                        }
                        side.held.removeFirst()
                    }
                }
                let done = [pair.client, pair.upstream].contains { $0.closedAfterHeld && $0.held.isEmpty }
                if done {
                    close(pair.client.fd)
                    close(pair.upstream.fd)
                }
                return done
            }
        }
    }

    /// A new client and its connection to the upstream member.
    private func accept(_ listener: Int32) -> Pair? {
        let client = Glibc.accept(listener, nil, nil)
        guard client >= 0 else { return nil }
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard upstream >= 0, connected == 0 else {
            close(client)
            if upstream >= 0 { close(upstream) }
            return nil
        }
        var one: Int32 = 1
        for fd in [client, upstream] { setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size)) }
        return Pair(client: client, upstream: upstream)
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { chunk in Glibc.write(fd, chunk.baseAddress, chunk.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return address
    }

    private func fail(_ call: String) -> Int32 {
        StandardError.write("lifesignal-bench --delay-proxy: \(call) failed (errno \(errno))\n")
        return 1
    }
}
