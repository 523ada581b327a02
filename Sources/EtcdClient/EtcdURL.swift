import NetworkIO

/// Where a store lives in etcd, as a user writes it: lifesignal's one
/// grammar of etcd URLs (`--store`, `LIFESIGNAL_STORE`, `store copy`, the
/// bench and `etcd-floor` all read them here).
///
///     etcd[s]://[USER@]HOST[:PORT][,HOST[:PORT]...]/PREFIX
///
/// - `etcd://` is plain HTTP, `etcds://` TLS; the scheme in any case.
/// - USER: letters, digits, `-`, `_`, `.` and `~` (RFC 3986's unreserved
///   characters). The password never goes in the URL (`USER:PASSWORD@` is
///   refused): it comes from `LIFESIGNAL_ETCD_PASSWORD`.
/// - HOST: a DNS name (`HostName`'s rules), an IPv4 address, or an IPv6
///   address in brackets (`[::1]`) without a zone. Each member once (names
///   compared without regard to ASCII case, addresses by value).
/// - PORT: 1 to 65535 in ASCII digits; 2379, etcd's client port, when left out.
/// - PREFIX names the store inside the cluster: segments of letters,
///   digits, `-`, `_` and `.` between single slashes, none of them `.` or
///   `..`, at most 200 bytes. Slashes at its end are dropped (`/family/`
///   is `/family`), as a directory's are.
/// - Nothing else: no query or fragment (the TLS files and the password
///   have variables and settings of their own), no percent-encoding (every
///   character a part may hold is written as itself), no spaces, no
///   control characters, ASCII only.
///
/// Parsed on UTF-8 bytes: every etcd command reads its store's URL, and
/// Character handling costs far more than the parse itself.
public struct EtcdURL: Equatable, Sendable, CustomStringConvertible {
    /// One member's client address.
    public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
        /// A name or an IP address, without brackets.
        public var host: String
        public var port: UInt16

        public init(host: String, port: UInt16) {
            self.host = host
            self.port = port
        }

        /// `host:port`, `[::1]:port`.
        public var description: String {
            var text = ""
            write(to: &text)
            return text
        }

        /// Appends `host:port` (brackets around an IPv6 address) piece by
        /// piece: interpolation sets up generic code at each call, and the
        /// URL is written out several times a command.
        func write(to text: inout String) {
            if host.utf8.contains(UInt8(ascii: ":")) {
                text += "["
                text += host
                text += "]"
            } else {
                text += host
            }
            text += ":"
            text += String(port)
        }
    }

    /// The members to try, in the order given.
    public var endpoints: [Endpoint]
    public var usesTLS: Bool
    public var user: String?
    /// The key prefix, without slashes at either end (`family`, `home/ada`).
    public var prefix: String

    public static let defaultPort: UInt16 = 2379

    public init(endpoints: [Endpoint], usesTLS: Bool, user: String? = nil, prefix: String) {
        self.endpoints = endpoints
        self.usesTLS = usesTLS
        self.user = user
        self.prefix = prefix
    }

    /// The URL in its normal form: scheme in lower case, ports written out,
    /// no slash at the end.
    public var description: String {
        var text = usesTLS ? "etcds://" : "etcd://"
        if let user {
            text += user
            text += "@"
        }
        for (index, endpoint) in endpoints.enumerated() {
            if index > 0 { text += "," }
            endpoint.write(to: &text)
        }
        text += "/"
        text += prefix
        return text
    }

    /// Parses `text`, or says in one line what is wrong with it.
    public init(parsing text: String) throws(EtcdURLError) {
        let bytes = Array(text.utf8)
        let start: Int
        if Self.startsCaseless(bytes, with: "etcd://") {
            usesTLS = false
            start = 7
        } else if Self.startsCaseless(bytes, with: "etcds://") {
            usesTLS = true
            start = 8
        } else {
            throw EtcdURLError("an etcd URL starts with etcd:// or etcds://")
        }
        for byte in bytes[start...] { try Self.checkAllowed(byte) }
        guard let slash = bytes[start...].firstIndex(of: UInt8(ascii: "/")) else {
            throw EtcdURLError("the URL names no store: add /NAME after the hosts (etcd://host:2379/NAME)")
        }
        var authority = bytes[start..<slash]
        user = nil
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            let name = authority[..<at]
            guard !name.contains(UInt8(ascii: ":")) else {
                throw EtcdURLError("a password does not go in the URL: give it in LIFESIGNAL_ETCD_PASSWORD")
            }
            guard !name.isEmpty, name.allSatisfy(Self.isUserByte) else {
                throw EtcdURLError("the user name before @ may have only letters, digits, '-', '_', '.' and '~'")
            }
            user = Self.string(name)
            authority = authority[(at + 1)...]
        }
        guard !authority.isEmpty else { throw EtcdURLError("the URL names no host") }
        endpoints = []
        var pieceStart = authority.startIndex
        for index in authority.startIndex...authority.endIndex
        where index == authority.endIndex || authority[index] == UInt8(ascii: ",") {
            let endpoint = try Self.endpoint(authority[pieceStart..<index])
            if let same = endpoints.first(where: { $0.port == endpoint.port && Self.sameHost($0.host, endpoint.host) }) {
                throw EtcdURLError(same == endpoint ? "\(endpoint) is listed twice" : "\(same) and \(endpoint) are one member")
            }
            endpoints.append(endpoint)
            pieceStart = index + 1
        }
        var prefixEnd = bytes.endIndex
        while prefixEnd > slash + 1, bytes[prefixEnd - 1] == UInt8(ascii: "/") { prefixEnd -= 1 }
        let prefixBytes = bytes[(slash + 1)..<prefixEnd]
        try Self.checkPrefix(prefixBytes)
        prefix = Self.string(prefixBytes)
    }

    /// `?`, `#`, `%`, spaces and control characters belong to no part.
    private static func checkAllowed(_ byte: UInt8) throws(EtcdURLError) {
        switch byte {
        case UInt8(ascii: "?"), UInt8(ascii: "#"):
            throw EtcdURLError("an etcd URL takes no query or fragment ('\(Character(Unicode.Scalar(byte)))'): "
                + "TLS files and the password are given in LIFESIGNAL_ETCD_* variables or settings")
        case UInt8(ascii: "%"):
            throw EtcdURLError("'%' has no place in an etcd URL: nothing in it is percent-encoded, and an IPv6 address takes no zone")
        case UInt8(ascii: " "):
            throw EtcdURLError("' ' has no place in an etcd URL")
        case 0..<0x20, 0x7f:
            throw EtcdURLError("a control character has no place in an etcd URL")
        default:
            return
        }
    }

    /// `host`, `host:port`, `[v6]` or `[v6]:port`.
    private static func endpoint(_ piece: ArraySlice<UInt8>) throws(EtcdURLError) -> Endpoint {
        guard !piece.isEmpty else { throw EtcdURLError("an empty host in the list (two commas, or a comma at an end)") }
        let host: String
        var portBytes: ArraySlice<UInt8>?
        if piece.first == UInt8(ascii: "[") {
            guard let close = piece.firstIndex(of: UInt8(ascii: "]")) else {
                throw EtcdURLError("\(quoted(piece)): a '[' without its ']'")
            }
            host = string(piece[(piece.startIndex + 1)..<close])
            let after = piece[(close + 1)...]
            if let colon = after.first {
                guard colon == UInt8(ascii: ":") else { throw EtcdURLError("\(quoted(piece)): only :PORT may follow ']'") }
                portBytes = after.dropFirst()
            }
            guard let address = IPAddress(host), address.isIPv6 else {
                throw EtcdURLError("\(quoted(piece)): brackets hold an IPv6 address")
            }
        } else {
            var hostEnd = piece.endIndex
            if let colon = piece.firstIndex(of: UInt8(ascii: ":")) {
                guard !piece[(colon + 1)...].contains(UInt8(ascii: ":")) else {
                    throw EtcdURLError("\(quoted(piece)): an IPv6 address goes in brackets, as in [::1]:2379")
                }
                hostEnd = colon
                portBytes = piece[(colon + 1)...]
            }
            host = string(piece[..<hostEnd])
            if IPAddress(host) == nil {
                if let problem = HostName.problem(with: host) {
                    throw EtcdURLError("\(quoted(piece[..<hostEnd])) is not a host: \(problem)")
                }
                // No top-level domain is all digits (RFC 3696 §2), so this
                // was meant as an IPv4 address: say so rather than ask DNS.
                guard !endsInDigitsOnly(piece[..<hostEnd]) else {
                    throw EtcdURLError("\(quoted(piece[..<hostEnd])) is not a host: it is no IPv4 address, and no name ends in digits only")
                }
            }
        }
        guard let portBytes else { return Endpoint(host: host, port: defaultPort) }
        var port = 0
        for byte in portBytes where port <= 65_535 {
            guard isDigit(byte) else { port = 0; break }
            port = port * 10 + Int(byte - UInt8(ascii: "0"))
        }
        guard (1...65_535).contains(port) else {
            throw EtcdURLError("\(quoted(piece)): the port must be a number from 1 to 65535")
        }
        return Endpoint(host: host, port: UInt16(port))
    }

    /// Segments of name bytes between single slashes, none `.` or `..`.
    private static func checkPrefix(_ prefix: ArraySlice<UInt8>) throws(EtcdURLError) {
        guard !prefix.isEmpty else {
            throw EtcdURLError("the URL names no store: add a NAME after the last / (etcd://host:2379/NAME)")
        }
        guard prefix.count <= 200 else { throw EtcdURLError("the store name is longer than 200 characters") }
        var segmentStart = prefix.startIndex
        for index in prefix.startIndex...prefix.endIndex where index == prefix.endIndex || prefix[index] == UInt8(ascii: "/") {
            let segment = prefix[segmentStart..<index]
            guard !segment.isEmpty else {
                throw EtcdURLError("the store name \(quoted(prefix)) has an empty part (two slashes in a row, or one at its start)")
            }
            guard segment.contains(where: { $0 != UInt8(ascii: ".") }) || segment.count > 2 else {
                throw EtcdURLError("the store name may not have . or .. parts")
            }
            guard segment.allSatisfy(isNameByte) else {
                throw EtcdURLError("the store name \(quoted(prefix)) may have only letters, digits, '-', '_', '.' and '/'")
            }
            segmentStart = index + 1
        }
    }

    /// Whether two hosts name one machine as written: names alike but for
    /// ASCII case (as DNS compares them), or addresses alike in value
    /// (`::1` and `0:0::1`).
    private static func sameHost(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if let one = IPAddress(a), let other = IPAddress(b) { return one == other }
        return a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lowercased($0) == lowercased($1) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte | 0x20 : byte }

    /// Whether the last label of a host name (before any final dot) is digits only.
    private static func endsInDigitsOnly(_ name: ArraySlice<UInt8>) -> Bool {
        var end = name.endIndex
        if end > name.startIndex, name[end - 1] == UInt8(ascii: ".") { end -= 1 }
        let start = name[..<end].lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 } ?? name.startIndex
        return name[start..<end].allSatisfy(isDigit)
    }

    /// Whether `bytes` start with `scheme`, its letters in any case.
    private static func startsCaseless(_ bytes: [UInt8], with scheme: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: scheme.utf8Start, count: scheme.utf8CodeUnitCount)
        guard bytes.count >= expected.count else { return false }
        for (index, byte) in expected.enumerated() {
            let given = bytes[index]
            guard given == byte || (isLetter(byte) && given | 0x20 == byte) else { return false }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }

    private static func isUserByte(_ byte: UInt8) -> Bool {
        isNameByte(byte) || byte == UInt8(ascii: "~")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func quoted(_ bytes: ArraySlice<UInt8>) -> String { "\"" + string(bytes) + "\"" }
}

/// Why text is not an etcd URL.
public struct EtcdURLError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
