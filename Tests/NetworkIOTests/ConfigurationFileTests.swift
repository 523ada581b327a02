import NetworkIO
import Testing

/// /etc/resolv.conf, /etc/hosts and host names, as the C library reads them.
struct ConfigurationFileTests {
    static func conf(_ text: String, _ environment: [String: String] = [:]) -> ResolverConfiguration {
        ResolverConfiguration(parsing: Array(text.utf8), environment: environment)
    }

    static func server(_ text: String) -> SocketAddress { SocketAddress(ip(text), port: 53) }

    @Test func readsNameserversSearchAndOptions() {
        let configuration = Self.conf("""
            # a comment
            ; another
            nameserver 10.0.0.53
            nameserver 2001:db8::53   # trailing comment
            nameserver not-an-address
            nameserver 10.0.0.54
            nameserver 10.0.0.55
            domain old.example
            search corp.example. example.net
            options ndots:2 timeout:3 attempts:4 rotate edns0
            """)
        #expect(configuration.nameservers == [Self.server("10.0.0.53"), Self.server("2001:db8::53"), Self.server("10.0.0.54")])
        #expect(configuration.searchDomains == ["corp.example", "example.net"])
        #expect(configuration.ndots == 2 && configuration.timeout == .seconds(3) && configuration.attempts == 4 && configuration.rotate)
    }

    @Test(arguments: [
        ("defaults", "", 1, 5, 2),
        ("clamped", "options ndots:99 timeout:99 attempts:99", 15, 30, 5),
        ("nonsense ignored", "options ndots:x timeout:0 attempts:-1", 1, 5, 2),
    ])
    func clampsOptions(id: String, text: String, ndots: Int, timeout: Int64, attempts: Int) {
        let configuration = Self.conf(text)
        #expect(configuration.ndots == ndots && configuration.timeout == .seconds(timeout) && configuration.attempts == attempts, "\(id)")
    }

    @Test func asksTheLocalServerWhenNoneIsNamed() {
        #expect(Self.conf("search x").nameservers == [Self.server("127.0.0.1")])
    }

    @Test func environmentOverridesTheFile() {
        let configuration = Self.conf("search a.example\noptions ndots:1", ["LOCALDOMAIN": "b.example c.example", "RES_OPTIONS": "ndots:3"])
        #expect(configuration.searchDomains == ["b.example", "c.example"] && configuration.ndots == 3)
    }

    /// resolv.conf(5): names with fewer than `ndots` dots go through the
    /// search list first; others are tried as they are first; a final dot
    /// means exactly that name.
    @Test(arguments: [
        ("etcd1", 1, ["etcd1.a.example", "etcd1.b.example", "etcd1"]),
        ("etcd1.lan", 1, ["etcd1.lan", "etcd1.lan.a.example", "etcd1.lan.b.example"]),
        ("etcd1.lan", 2, ["etcd1.lan.a.example", "etcd1.lan.b.example", "etcd1.lan"]),
        ("etcd1.lan.", 5, ["etcd1.lan"]),
    ])
    func ordersCandidates(name: String, ndots: Int, expected: [String]) {
        var configuration = Self.conf("search a.example b.example")
        configuration.ndots = ndots
        #expect(configuration.candidates(for: name) == expected)
    }

    @Test func readsHostsFiles() {
        let hosts = HostsFile(Array("""
            127.0.0.1\tlocalhost
            ::1 localhost ip6-localhost
            10.1.2.3 Etcd1.Example etcd1   # the first member
            10.1.2.4 etcd1
            bogus etcd9
            # 10.9.9.9 etcd1
            """.utf8))
        #expect(hosts.addresses(for: "etcd1") == [ip("10.1.2.3"), ip("10.1.2.4")])
        #expect(hosts.addresses(for: "ETCD1.example.") == [ip("10.1.2.3")])
        #expect(hosts.addresses(for: "localhost") == [ip("127.0.0.1"), ip("::1")])
        #expect(hosts.addresses(for: "etcd9").isEmpty)
    }

    @Test(arguments: [
        ("etcd-1.example.com", nil as String?),
        ("a_b.local", nil),
        ("trailing.dot.", nil),
        ("", "the host name is empty"),
        ("two..dots", "the host name has an empty label (two dots in a row)"),
        ("-lead.example", "a label of the host name starts or ends with a hyphen"),
        ("sp ace", "a host name has only letters, digits, hyphens and dots"),
        ("bad/slash", "a host name has only letters, digits, hyphens and dots"),
        (String(repeating: "a", count: 64) + ".com", "a label of the host name is longer than 63 characters"),
        (Array(repeating: String(repeating: "a", count: 60), count: 5).joined(separator: "."), "the host name is longer than 253 characters"),
    ])
    func checksHostNames(name: String, problem: String?) {
        #expect(HostName.problem(with: name) == problem)
    }
}
