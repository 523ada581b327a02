import LifeSignalCore

/// A store in an etcd cluster: `etcd://HOST:PORT[,HOST:PORT...]/PREFIX`
/// over plain HTTP, `etcds://` over TLS, optionally with a user before the
/// first host (`etcds://alice@host:2379/family`; the password never goes in
/// the URL). Every key of the store is under the prefix.
public struct EtcdLocation: Sendable, Equatable, CustomStringConvertible {
    /// One member to try, in the order given.
    public struct Endpoint: Sendable, Equatable {
        public var host: String
        public var port: Int

        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    public static let defaultPort = 2379

    public var usesTLS: Bool
    public var user: String?
    public var endpoints: [Endpoint]
    /// The key prefix, without slashes at either end (`family`, `home/ada`).
    public var prefix: String

    /// Written piece by piece: `joined` and interpolation cost every etcd
    /// command ~50,000 instructions a call, and the location is written
    /// out several times (the store's name, its hint file's name).
    public var description: String {
        var text = usesTLS ? "etcds://" : "etcd://"
        if let user {
            text += user
            text += "@"
        }
        for (index, endpoint) in endpoints.enumerated() {
            if index > 0 { text += "," }
            if endpoint.host.utf8.contains(UInt8(ascii: ":")) {
                text += "["
                text += endpoint.host
                text += "]"
            } else {
                text += endpoint.host
            }
            text += ":"
            text += String(endpoint.port)
        }
        text += "/"
        text += prefix
        return text
    }

    static func parse(_ text: String) throws -> EtcdLocation {
        func bad(_ reason: String) -> StoreError { .badLocation(text, reason: reason) }
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else {
            throw bad("an etcd store is written etcd://HOST:PORT/PREFIX")
        }
        let scheme = text[..<colon].lowercased()
        var rest = text[text.index(colon, offsetBy: 3)...]
        if rest.contains("?") || rest.contains("#") { throw bad("an etcd store's URL takes no query or fragment") }
        guard let slash = rest.firstIndex(of: "/") else { throw bad("the URL names no key prefix (etcd://HOST:PORT/PREFIX)") }
        var authority = rest[..<slash]
        rest = rest[rest.index(after: slash)...]
        var user: String?
        if let at = authority.lastIndex(of: "@") {
            let name = authority[..<at]
            if name.contains(":") { throw bad("put the password in LIFESIGNAL_ETCD_PASSWORD, not in the URL") }
            guard !name.isEmpty, name.utf8.allSatisfy({ URLBytes.isNameByte($0, also: "._-") }) else {
                throw bad("\(quoted(String(name))) is not an etcd user name")
            }
            user = String(name)
            authority = authority[authority.index(after: at)...]
        }
        var endpoints: [Endpoint] = []
        while let comma = authority.firstIndex(of: ",") {
            endpoints.append(try endpoint(authority[..<comma], bad))
            authority = authority[authority.index(after: comma)...]
        }
        endpoints.append(try endpoint(authority, bad))
        var prefix = rest
        while prefix.utf8.last == UInt8(ascii: "/") { prefix = prefix.dropLast() }
        guard !prefix.isEmpty else { throw bad("the URL names no key prefix (etcd://HOST:PORT/PREFIX)") }
        guard isValidPrefix(prefix.utf8) else {
            throw bad("the key prefix takes letters, digits, '.', '_', '-' and single slashes")
        }
        return EtcdLocation(usesTLS: scheme == "etcds", user: user, endpoints: endpoints, prefix: String(prefix))
    }

    /// Whether `bytes` are components of letters, digits, '.', '_' and '-'
    /// between single slashes, none of them `.` or `..`: checked on bytes,
    /// as splitting and joining Substrings cost every etcd command ~0.2M
    /// instructions of generic set-up.
    private static func isValidPrefix(_ bytes: Substring.UTF8View) -> Bool {
        // The current component's length, and how many of its bytes are dots.
        var length = 0
        var dots = 0
        func isBad() -> Bool { length == 0 || (length == dots && dots <= 2) }
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if isBad() { return false }
                length = 0
                dots = 0
                continue
            }
            guard URLBytes.isNameByte(byte, also: "._-") else { return false }
            length += 1
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        return !isBad()
    }

    /// `host`, `host:port`, `[v6]` or `[v6]:port`.
    private static func endpoint(_ text: Substring, _ bad: (String) -> StoreError) throws -> Endpoint {
        var host: Substring
        var port: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw bad("\(quoted(String(text))) is not a host") }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw bad("\(quoted(String(text))) is not a host") }
                port = after.dropFirst()
            }
            guard !host.isEmpty, host.utf8.allSatisfy({ URLBytes.isHexDigit($0) || ":.".utf8.contains($0) }) else {
                throw bad("\(quoted(String(text))) is not a host")
            }
        } else {
            if let colon = text.firstIndex(of: ":") {
                host = text[..<colon]
                port = text[text.index(after: colon)...]
            } else {
                host = text
            }
            guard !host.isEmpty, host.utf8.allSatisfy({ URLBytes.isNameByte($0, also: ".-") }) else {
                throw bad(host.isEmpty ? "a host is missing" : "\(quoted(String(host))) is not a host")
            }
        }
        guard let port else { return Endpoint(host: String(host), port: defaultPort) }
        guard let number = Int(port), (1...65_535).contains(number), port.utf8.allSatisfy(URLBytes.isDigit) else {
            throw bad("\(quoted(String(port))) is not a port (1 to 65535)")
        }
        return Endpoint(host: String(host), port: number)
    }
}
