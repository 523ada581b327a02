/// Turns a host as a user writes it into addresses to connect to, without
/// the C library's name service (NSS modules crash a static binary on other
/// distributions): an IP address as it is; then /etc/hosts; then
/// `localhost` names (RFC 6761); then our own DNS stub resolver.
public struct HostResolver: Sendable {
    public var hostsPath: String
    public var resolverConfigurationPath: String
    /// The process environment, for `LOCALDOMAIN` and `RES_OPTIONS`.
    public var environment: [String: String]
    /// Reads a configuration file whole (nil when it cannot be read).
    public var readFile: @Sendable (String) -> [UInt8]?
    /// DNS query IDs.
    public var nextID: @Sendable () -> UInt16
    /// The nameservers' port (53; tests point it at their own server).
    public var nameserverPort: UInt16 = 53

    public init(hostsPath: String = "/etc/hosts", resolverConfigurationPath: String = "/etc/resolv.conf",
                environment: [String: String] = [:],
                readFile: @escaping @Sendable (String) -> [UInt8]? = HostResolver.readSystemFile,
                nextID: @escaping @Sendable () -> UInt16 = { UInt16.random(in: .min ... .max) }) {
        self.hostsPath = hostsPath
        self.resolverConfigurationPath = resolverConfigurationPath
        self.environment = environment
        self.readFile = readFile
        self.nextID = nextID
    }

    /// The addresses for `host` (a name, or an IPv4 or IPv6 address without
    /// brackets), in the order to try them. Never empty.
    public func resolve(_ host: String, deadline: Deadline) throws(NetworkError) -> [IPAddress] {
        if let address = IPAddress(host) { return [address] }
        if let problem = HostName.problem(with: host) {
            throw NetworkError(.badAddress, "\(Self.quoted(host)) is neither an IP address nor a host name: \(problem)")
        }
        if let text = readFile(hostsPath) {
            let listed = HostsFile(text).addresses(for: host)
            if !listed.isEmpty { return listed }
        }
        let lowered = HostName.lowercased(host.hasSuffix(".") ? String(host.dropLast()) : host)
        if lowered == "localhost" || lowered.hasSuffix(".localhost") {
            return [.loopbackV4, .loopbackV6]
        }
        var configuration = ResolverConfiguration(parsing: readFile(resolverConfigurationPath) ?? [], environment: environment)
        for index in configuration.nameservers.indices { configuration.nameservers[index].port = nameserverPort }
        return try DNSStubResolver(configuration: configuration, nextID: nextID).resolve(host, deadline: deadline)
    }

    /// Reads a small system file whole (nil when unreadable or over 1 MiB).
    public static func readSystemFile(_ path: String) -> [UInt8]? {
        SmallFile.read(path)
    }

    static func quoted(_ text: String) -> String {
        "\"" + String(text.unicodeScalars.prefix(60).map { $0.value < 0x20 || $0 == "\u{7f}" ? "?" : Character($0) }) + "\""
    }
}
