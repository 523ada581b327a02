import Glibc

/// An IPv4 or IPv6 address, parsed and printed by the C library's
/// inet_pton/inet_ntop (which need no name service).
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// Four bytes in network order.
    case v4(UInt8, UInt8, UInt8, UInt8)
    /// Sixteen bytes in network order.
    case v6([UInt8])

    /// The address written as `text` (`127.0.0.1`, `::1`; no brackets, no zone), if it is one.
    public init?(_ text: String) {
        var four = in_addr()
        if inet_pton(AF_INET, text, &four) == 1 {
            self.init(bytes: withUnsafeBytes(of: four) { Array($0) })
            return
        }
        var sixteen = in6_addr()
        if inet_pton(AF_INET6, text, &sixteen) == 1 {
            self.init(bytes: withUnsafeBytes(of: sixteen) { Array($0) })
            return
        }
        return nil
    }

    /// The address with these bytes: 4 for IPv4, 16 for IPv6.
    public init?(bytes: [UInt8]) {
        switch bytes.count {
        case 4: self = .v4(bytes[0], bytes[1], bytes[2], bytes[3])
        case 16: self = .v6(bytes)
        default: return nil
        }
    }

    public var bytes: [UInt8] {
        switch self {
        case let .v4(a, b, c, d): [a, b, c, d]
        case let .v6(bytes): bytes
        }
    }

    public var isIPv6: Bool {
        if case .v6 = self { return true }
        return false
    }

    public static let loopbackV4 = IPAddress.v4(127, 0, 0, 1)
    public static let loopbackV6 = IPAddress.v6([UInt8](repeating: 0, count: 15) + [1])

    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = isIPv6 ? AF_INET6 : AF_INET
        let printed = bytes.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) }
        guard printed != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// An address and a port: where to connect or send.
public struct SocketAddress: Hashable, Sendable, CustomStringConvertible {
    public var ip: IPAddress
    public var port: UInt16

    public init(_ ip: IPAddress, port: UInt16) {
        self.ip = ip
        self.port = port
    }

    /// `127.0.0.1:2379`, `[::1]:2379`.
    public var description: String { ip.isIPv6 ? "[\(ip)]:\(port)" : "\(ip):\(port)" }

    var family: Int32 { ip.isIPv6 ? AF_INET6 : AF_INET }

    /// Calls `body` with the address as a `sockaddr` and its length.
    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        switch ip {
        case .v4:
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &address.sin_addr) { $0.copyBytes(from: ip.bytes) }
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case .v6:
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: ip.bytes) }
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
    }

    /// The address in a `sockaddr_storage` filled by the kernel, if it is IPv4 or IPv6.
    init?(storage: sockaddr_storage) {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            let address = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in.self) }
            let bytes = withUnsafeBytes(of: address.sin_addr) { Array($0) }
            guard let ip = IPAddress(bytes: bytes) else { return nil }
            self.init(ip, port: UInt16(bigEndian: address.sin_port))
        case AF_INET6:
            let address = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in6.self) }
            let bytes = withUnsafeBytes(of: address.sin6_addr) { Array($0) }
            guard let ip = IPAddress(bytes: bytes) else { return nil }
            self.init(ip, port: UInt16(bigEndian: address.sin6_port))
        default:
            return nil
        }
    }
}
