import Foundation
import NetworkIO
import TestSupport

/// A nameserver on loopback that answers as a test scripts it: over UDP,
/// and over TCP on the same port for truncated answers. Each query is
/// handed to `udp` (or `tcp`), which returns the datagrams to send back
/// (none: the query is dropped).
final class FakeNameserver: @unchecked Sendable {
    let port: UInt16
    private let udpSocket: Int32
    private let tcpSocket: Int32
    private let lock = NSLock()
    private var queries: [[UInt8]] = []

    var address: SocketAddress { SocketAddress(.loopbackV4, port: port) }
    var received: [[UInt8]] { lock.withLock { queries } }

    init(udp: @escaping @Sendable ([UInt8]) -> [[UInt8]], tcp: (@Sendable ([UInt8]) -> [UInt8]?)? = nil) throws {
        var sockets: (udp: Int32, tcp: Int32, port: UInt16)?
        for _ in 0..<50 where sockets == nil {
            let udp = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            let tcp = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            let candidate = UInt16.random(in: 20_000...31_999)
            if Self.bind(udp, candidate), Self.bind(tcp, candidate), listen(tcp, 8) == 0 {
                sockets = (udp, tcp, candidate)
            } else {
                close(udp)
                close(tcp)
            }
        }
        guard let sockets else { throw FixtureError("no port for the fake nameserver") }
        (udpSocket, tcpSocket, port) = sockets
        let udpSocket = udpSocket, tcpSocket = tcpSocket
        Thread { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                var from = sockaddr_storage()
                var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
                let count = withUnsafeMutablePointer(to: &from) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(udpSocket, &buffer, buffer.count, 0, $0, &length) }
                }
                // After `stop`'s shutdown: the thread owns the socket, so it
                // closes it (never while another test could get its number).
                guard count > 0 else {
                    close(udpSocket)
                    return
                }
                let query = Array(buffer[..<count])
                self?.lock.withLock { self?.queries.append(query) }
                for reply in udp(query) {
                    _ = withUnsafePointer(to: &from) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(udpSocket, reply, reply.count, 0, $0, length) }
                    }
                }
            }
        }.start()
        do {
            let tcp = tcp ?? { _ in nil }
            Thread {
                while true {
                    let connection = accept(tcpSocket, nil, nil)
                    guard connection >= 0 else {
                        close(tcpSocket)
                        return
                    }
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    let count = recv(connection, &buffer, buffer.count, 0)
                    if count > 2, let reply = tcp(Array(buffer[2..<count])) {
                        let framed = [UInt8(reply.count >> 8), UInt8(reply.count & 0xff)] + reply
                        _ = send(connection, framed, framed.count, Int32(MSG_NOSIGNAL))
                    }
                    close(connection)
                }
            }.start()
        }
    }

    private static func bind(_ descriptor: Int32, _ port: UInt16) -> Bool {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    private var stopped = false

    /// Stops both servers, once: their threads end on the shutdown and close their sockets.
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(udpSocket, Int32(SHUT_RDWR))
        shutdown(tcpSocket, Int32(SHUT_RDWR))
    }

    deinit { stop() }

    // MARK: Answers

    /// The query's name and type.
    static func question(of query: [UInt8]) -> (name: String, type: UInt16) {
        var labels: [String] = []
        var index = 12
        while index < query.count, query[index] != 0 {
            let length = Int(query[index])
            labels.append(String(decoding: query[(index + 1)..<(index + 1 + length)], as: UTF8.self))
            index += 1 + length
        }
        return (labels.joined(separator: "."), UInt16(query[index + 1]) << 8 | UInt16(query[index + 2]))
    }

    /// A response to `query`: its question echoed, then an answer of the
    /// query's type for each address of that family.
    static func answer(_ query: [UInt8], addresses: [IPAddress] = [], code: UInt8 = 0, truncated: Bool = false,
                       id: UInt16? = nil) -> [UInt8] {
        let (_, type) = question(of: query)
        // The name ends at its root label (queries come from our own resolver, so it is there), then type and class.
        let questionEnd = (query[12...].firstIndex(of: 0) ?? query.count - 5) + 5
        let records = addresses.filter { (type == 28) == $0.isIPv6 }
        let queryID = UInt16(query[0]) << 8 | UInt16(query[1])
        let replyID = id ?? queryID
        var message: [UInt8] = [UInt8(replyID >> 8), UInt8(replyID & 0xff), truncated ? 0x83 : 0x81, 0x80 | code, 0, 1, 0, UInt8(records.count), 0, 0, 0, 0]
        message += query[12..<questionEnd]
        for address in records {
            message += [0xc0, 12, 0, UInt8(type), 0, 1, 0, 0, 0, 60, 0, UInt8(address.bytes.count)] + address.bytes
        }
        return message
    }
}
