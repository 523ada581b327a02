import Foundation

/// Loopback TCP ports nothing listens on, taken from 20000–31999: below
/// the kernel's ephemeral range, where outgoing connections take their
/// ports and could collide with a member about to listen.
enum FreePort {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var handedOut = Set<UInt16>()

    static func take() throws -> UInt16 {
        lock.lock()
        defer { lock.unlock() }
        for _ in 0..<500 {
            let port = UInt16.random(in: 20_000...31_999)
            if !handedOut.contains(port), isFree(port) {
                handedOut.insert(port)
                return port
            }
        }
        throw FixtureError("no free loopback port found in 20000-31999")
    }

    /// Whether a listening socket can be bound to 127.0.0.1:`port` now.
    private static func isFree(_ port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}
