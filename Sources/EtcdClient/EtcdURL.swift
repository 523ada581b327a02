import NetworkIO

/// Where a store lives in etcd, as a user writes it:
/// `etcd://HOST[:PORT][,HOST[:PORT]...]/PREFIX` (plain HTTP) or `etcds://…`
/// (TLS), with an optional user before the hosts (`etcds://alice@host:2379/family`).
///
/// A HOST is a name, an IPv4 address or a bracketed IPv6 address; the port
/// defaults to 2379, etcd's client port. The PREFIX names the store inside
/// the cluster: segments of letters, digits, `-`, `_` and `.` joined by `/`.
/// The password never goes in the URL.
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
        public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    }

    public var endpoints: [Endpoint]
    public var usesTLS: Bool
    public var user: String?
    public var prefix: String

    public static let defaultPort: UInt16 = 2379

    public init(endpoints: [Endpoint], usesTLS: Bool, user: String? = nil, prefix: String) {
        self.endpoints = endpoints
        self.usesTLS = usesTLS
        self.user = user
        self.prefix = prefix
    }

    /// The URL in its normal form (ports written out).
    public var description: String {
        (usesTLS ? "etcds://" : "etcd://") + (user.map { $0 + "@" } ?? "")
            + endpoints.map(\.description).joined(separator: ",") + "/" + prefix
    }

    /// Parses `text`, or says in one line what is wrong with it.
    public init(parsing text: String) throws(EtcdURLError) {
        let lowered = text.lowercased()
        let rest: Substring
        if lowered.hasPrefix("etcd://") {
            usesTLS = false
            rest = text.dropFirst(7)
        } else if lowered.hasPrefix("etcds://") {
            usesTLS = true
            rest = text.dropFirst(8)
        } else {
            throw EtcdURLError("an etcd URL starts with etcd:// or etcds://")
        }
        if let bad = rest.first(where: { $0 == "?" || $0 == "#" || $0 == "%" || $0 == " " || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7f } ?? false }) {
            throw EtcdURLError("\(Self.describe(bad)) has no place in an etcd URL")
        }
        guard let slash = rest.firstIndex(of: "/") else {
            throw EtcdURLError("the URL names no store: add /NAME after the hosts (etcd://host:2379/NAME)")
        }
        var authority = rest[..<slash]
        prefix = String(rest[rest.index(after: slash)...])
        user = nil
        if let at = authority.lastIndex(of: "@") {
            let name = authority[..<at]
            guard !name.contains(":") else {
                throw EtcdURLError("a password does not go in the URL: give it in LIFESIGNAL_ETCD_PASSWORD")
            }
            guard !name.isEmpty, !name.contains("@"), name.allSatisfy(Self.isUserCharacter) else {
                throw EtcdURLError("the user name before @ may have only letters, digits, '-', '_', '.' and '~'")
            }
            user = String(name)
            authority = authority[authority.index(after: at)...]
        }
        guard !authority.isEmpty else { throw EtcdURLError("the URL names no host") }
        endpoints = []
        for piece in authority.split(separator: ",", omittingEmptySubsequences: false) {
            let endpoint = try Self.endpoint(piece)
            guard !endpoints.contains(endpoint) else { throw EtcdURLError("\(endpoint) is listed twice") }
            endpoints.append(endpoint)
        }
        try Self.checkPrefix(prefix)
    }

    /// A URL from parts already split (a store location the CLI parsed),
    /// held to the same rules as `init(parsing:)` without reading text
    /// again: every etcd command opens one, and the text parse cost ~0.16M
    /// instructions of Character handling.
    public init(validating endpoints: [Endpoint], usesTLS: Bool, user: String?, prefix: String) throws(EtcdURLError) {
        if let user {
            guard !user.isEmpty, user.utf8.allSatisfy(Self.isUserByte) else {
                throw EtcdURLError("the user name before @ may have only letters, digits, '-', '_', '.' and '~'")
            }
        }
        guard !endpoints.isEmpty else { throw EtcdURLError("the URL names no host") }
        for (index, endpoint) in endpoints.enumerated() {
            guard endpoint.port > 0 else { throw EtcdURLError("\(endpoint): the port must be a number from 1 to 65535") }
            if endpoint.host.utf8.contains(UInt8(ascii: ":")) {
                guard let address = IPAddress(endpoint.host), address.isIPv6 else {
                    throw EtcdURLError("\(Self.quoted(endpoint.description)): brackets hold an IPv6 address")
                }
            } else if IPAddress(endpoint.host) == nil, let problem = HostName.problem(with: endpoint.host) {
                throw EtcdURLError("\(Self.quoted(endpoint.host)) is not a host: \(problem)")
            }
            guard !endpoints[..<index].contains(endpoint) else { throw EtcdURLError("\(endpoint) is listed twice") }
        }
        try Self.checkPrefix(prefix)
        self.init(endpoints: endpoints, usesTLS: usesTLS, user: user, prefix: prefix)
    }

    private static func endpoint(_ piece: Substring) throws(EtcdURLError) -> Endpoint {
        guard !piece.isEmpty else { throw EtcdURLError("an empty host in the list (two commas, or a comma at an end)") }
        let host: Substring
        var portText: Substring?
        if piece.hasPrefix("[") {
            guard let close = piece.firstIndex(of: "]") else { throw EtcdURLError("\(quoted(piece)): a '[' without its ']'") }
            host = piece[piece.index(after: piece.startIndex)..<close]
            let after = piece[piece.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw EtcdURLError("\(quoted(piece)): only :PORT may follow ']'") }
                portText = after.dropFirst()
            }
            guard let address = IPAddress(String(host)), address.isIPv6 else {
                throw EtcdURLError("\(quoted(piece)): brackets hold an IPv6 address")
            }
        } else {
            let parts = piece.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else {
                throw EtcdURLError("\(quoted(piece)): an IPv6 address goes in brackets, as in [::1]:2379")
            }
            host = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
            if IPAddress(String(host)) == nil, let problem = HostName.problem(with: String(host)) {
                throw EtcdURLError("\(quoted(host)) is not a host: \(problem)")
            }
        }
        var port = defaultPort
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit),
                  let number = Int(portText), (1...65_535).contains(number) else {
                throw EtcdURLError("\(quoted(piece)): the port must be a number from 1 to 65535")
            }
            port = UInt16(number)
        }
        return Endpoint(host: String(host), port: port)
    }

    private static func checkPrefix(_ prefix: String) throws(EtcdURLError) {
        guard !prefix.isEmpty else {
            throw EtcdURLError("the URL names no store: add a NAME after the last / (etcd://host:2379/NAME)")
        }
        guard prefix.utf8.count <= 200 else { throw EtcdURLError("the store name is longer than 200 characters") }
        for segment in prefix.split(separator: "/", omittingEmptySubsequences: false) {
            guard !segment.isEmpty else { throw EtcdURLError("the store name \(quoted(prefix)) has an empty part (// or a / at an end)") }
            guard segment != ".", segment != ".." else { throw EtcdURLError("the store name may not have . or .. parts") }
            guard segment.allSatisfy(isNameCharacter) else {
                throw EtcdURLError("the store name \(quoted(prefix)) may have only letters, digits, '-', '_', '.' and '/'")
            }
        }
    }

    private static func isUserCharacter(_ character: Character) -> Bool {
        character.isASCIILetterOrDigit || "-_.~".contains(character)
    }

    private static func isUserByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte) || "-_.~".utf8.contains(byte)
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCIILetterOrDigit || "-_.".contains(character)
    }

    private static func describe(_ character: Character) -> String {
        character.asciiValue.map { $0 < 0x20 || $0 == 0x7f } ?? false ? "a control character" : "'\(character)'"
    }

    private static func quoted(_ text: some StringProtocol) -> String { "\"\(text)\"" }
}

/// Why text is not an etcd URL.
public struct EtcdURLError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { asciiValue.map { (0x30...0x39).contains($0) } ?? false }
    fileprivate var isASCIILetterOrDigit: Bool {
        asciiValue.map { (0x30...0x39).contains($0) || (0x41...0x5a).contains($0) || (0x61...0x7a).contains($0) } ?? false
    }
}
