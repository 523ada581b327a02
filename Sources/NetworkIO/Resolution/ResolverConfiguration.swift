/// How to ask DNS, as /etc/resolv.conf (resolv.conf(5)) and the C library's
/// `LOCALDOMAIN` and `RES_OPTIONS` variables say.
public struct ResolverConfiguration: Equatable, Sendable {
    /// Where to send queries, in order (at most three, as the C library uses).
    public var nameservers: [SocketAddress]
    /// Domains tried after (or before) a name, by the `ndots` rule.
    public var searchDomains: [String]
    /// A name with at least this many dots is tried as it is first.
    public var ndots: Int
    /// How long to wait for one server's answer.
    public var timeout: Duration
    /// How many rounds through the servers.
    public var attempts: Int
    /// Start each lookup at the next server instead of the first.
    public var rotate: Bool

    public init(nameservers: [SocketAddress], searchDomains: [String] = [], ndots: Int = 1,
                timeout: Duration = .seconds(5), attempts: Int = 2, rotate: Bool = false) {
        self.nameservers = nameservers
        self.searchDomains = searchDomains
        self.ndots = ndots
        self.timeout = timeout
        self.attempts = attempts
        self.rotate = rotate
    }

    /// The C library's limits.
    static let maximumNameservers = 3
    static let maximumNdots = 15
    static let maximumTimeoutSeconds = 30
    static let maximumAttempts = 5

    /// Parses resolv.conf text, then applies `LOCALDOMAIN` (a search list
    /// replacing the file's) and `RES_OPTIONS` (options after the file's).
    /// Unknown lines and options are ignored, as the C library ignores them;
    /// with no usable nameserver, the local machine's is asked (127.0.0.1).
    public init(parsing text: [UInt8], environment: [String: String] = [:]) {
        self.init(nameservers: [])
        for line in text.split(separator: UInt8(ascii: "\n")) {
            let content = line.prefix { $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: ";") }
            let words = Self.words(String(decoding: content, as: UTF8.self))
            guard let keyword = words.first else { continue }
            let arguments = Array(words.dropFirst())
            switch keyword {
            case "nameserver":
                guard nameservers.count < Self.maximumNameservers, let text = arguments.first,
                      let address = IPAddress(text) else { continue }
                nameservers.append(SocketAddress(address, port: 53))
            case "search":
                searchDomains = arguments.filter { HostName.problem(with: $0) == nil }.map(Self.withoutDot)
            case "domain":
                searchDomains = arguments.prefix(1).filter { HostName.problem(with: $0) == nil }.map(Self.withoutDot)
            case "options":
                apply(options: arguments)
            default:
                continue
            }
        }
        if let local = environment["LOCALDOMAIN"] {
            searchDomains = Self.words(local).filter { HostName.problem(with: $0) == nil }.map(Self.withoutDot)
        }
        if let options = environment["RES_OPTIONS"] { apply(options: Self.words(options)) }
        if nameservers.isEmpty { nameservers = [SocketAddress(.loopbackV4, port: 53)] }
    }

    private mutating func apply(options: [String]) {
        for option in options {
            let parts = option.split(separator: ":", maxSplits: 1).map(String.init)
            let value = parts.count == 2 ? Int(parts[1]) : nil
            switch parts[0] {
            case "ndots": if let value, value >= 0 { ndots = min(value, Self.maximumNdots) }
            case "timeout": if let value, value >= 1 { timeout = .seconds(min(value, Self.maximumTimeoutSeconds)) }
            case "attempts": if let value, value >= 1 { attempts = min(value, Self.maximumAttempts) }
            case "rotate": rotate = true
            default: continue
            }
        }
    }

    /// The names to try for `name`, in order (resolv.conf(5), `ndots`): a name
    /// ending in a dot is tried only as it is; one with at least `ndots` dots
    /// as it is, then with each search domain; one with fewer the other way
    /// round.
    public func candidates(for name: String) -> [String] {
        if name.hasSuffix(".") { return [Self.withoutDot(name)] }
        let searched = searchDomains.map { name + "." + $0 }
        let dots = name.utf8.count { $0 == UInt8(ascii: ".") }
        return dots >= ndots ? [name] + searched : searched + [name]
    }

    private static func words(_ line: String) -> [String] {
        line.split { $0 == " " || $0 == "\t" || $0 == "\r" }.map(String.init)
    }

    private static func withoutDot(_ name: String) -> String {
        name.hasSuffix(".") ? String(name.dropLast()) : name
    }
}
