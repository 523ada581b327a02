import NetworkIO
import Testing
import TestSupport

/// The stub resolver against fake nameservers on loopback.
@Suite(.hangGuard)
struct DNSStubResolverTests {
    static let v4 = ip("192.0.2.10")
    static let v6 = ip("2001:db8::10")

    static func resolver(_ servers: [FakeNameserver], search: [String] = [], timeout: Duration = .milliseconds(300),
                         attempts: Int = 1) -> DNSStubResolver {
        DNSStubResolver(configuration: ResolverConfiguration(nameservers: servers.map(\.address), searchDomains: search,
                                                             timeout: timeout, attempts: attempts))
    }

    @Test func resolvesBothFamiliesIPv4First() throws {
        let server = try FakeNameserver { [FakeNameserver.answer($0, addresses: [Self.v6, Self.v4])] }
        #expect(try Self.resolver([server]).resolve("etcd.example", deadline: .after(.seconds(5))) == [Self.v4, Self.v6])
        let asked = server.received.map { FakeNameserver.question(of: $0) }
        #expect(Set(asked.map(\.type)) == [1, 28] && asked.allSatisfy { $0.name == "etcd.example" })
    }

    /// A reply with the wrong ID (a forgery, or a late answer) is ignored; the right one counts.
    @Test func ignoresRepliesWithAnotherID() throws {
        let server = try FakeNameserver { query in
            let id = UInt16(query[0]) << 8 | UInt16(query[1])
            return [FakeNameserver.answer(query, addresses: [ip("203.0.113.66")], id: id &+ 1),
                    FakeNameserver.answer(query, addresses: [Self.v4])]
        }
        #expect(try Self.resolver([server]).resolve("etcd.example", deadline: .after(.seconds(5))) == [Self.v4])
    }

    @Test func ignoresRepliesToAnotherQuestion() throws {
        let server = try FakeNameserver { query in
            var other = FakeNameserver.answer(query, addresses: [ip("203.0.113.66")])
            other[13] = UInt8(ascii: "x")  // the echoed question's first letter changes
            return [other, FakeNameserver.answer(query, addresses: [Self.v4])]
        }
        #expect(try Self.resolver([server]).resolve("etcd.example", deadline: .after(.seconds(5))) == [Self.v4])
    }

    @Test func retriesTruncatedAnswersOverTCP() throws {
        let server = try FakeNameserver(udp: { [FakeNameserver.answer($0, truncated: true)] },
                                        tcp: { FakeNameserver.answer($0, addresses: [Self.v4, Self.v6]) })
        #expect(try Self.resolver([server]).resolve("big.example", deadline: .after(.seconds(5))) == [Self.v4, Self.v6])
    }

    @Test func saysSoWhenTruncationCannotBeHelped() throws {
        let server = try FakeNameserver(udp: { [FakeNameserver.answer($0, truncated: true)] }, tcp: { _ in nil })
        #expect { try Self.resolver([server]).resolve("big.example", deadline: .after(.seconds(5))) } throws: { error in
            (error as? NetworkError)?.message.contains("was truncated, and asking over TCP failed") == true
        }
    }

    /// SERVFAIL from the first server: the second is asked.
    @Test func movesOnFromAFailingServer() throws {
        let failing = try FakeNameserver { [FakeNameserver.answer($0, code: 2)] }
        let working = try FakeNameserver { [FakeNameserver.answer($0, addresses: [Self.v4])] }
        #expect(try Self.resolver([failing, working]).resolve("etcd.example", deadline: .after(.seconds(5))) == [Self.v4])
    }

    @Test func movesOnFromASilentServerWithinItsTimeout() throws {
        let silent = try FakeNameserver { _ in [] }
        let working = try FakeNameserver { [FakeNameserver.answer($0, addresses: [Self.v4])] }
        let start = Deadline.now
        #expect(try Self.resolver([silent, working]).resolve("etcd.example", deadline: .after(.seconds(5))) == [Self.v4])
        #expect(Deadline.now.uptimeNanoseconds - start.uptimeNanoseconds < 3_000_000_000)
    }

    /// NXDOMAIN for a search candidate moves to the next; the name as written comes last.
    @Test func walksTheSearchList() throws {
        let server = try FakeNameserver { query in
            FakeNameserver.question(of: query).name == "etcd1.b.example"
                ? [FakeNameserver.answer(query, addresses: [Self.v4])] : [FakeNameserver.answer(query, code: 3)]
        }
        let resolver = Self.resolver([server], search: ["a.example", "b.example"])
        #expect(try resolver.resolve("etcd1", deadline: .after(.seconds(5))) == [Self.v4])
        #expect(server.received.map { FakeNameserver.question(of: $0).name }.contains("etcd1.a.example"))
    }

    @Test func namesANameThatDoesNotExist() throws {
        let server = try FakeNameserver { [FakeNameserver.answer($0, code: 3)] }
        #expect { try Self.resolver([server]).resolve("nowhere.example", deadline: .after(.seconds(5))) } throws: { error in
            (error as? NetworkError) == NetworkError(.resolution, "nowhere.example: no such host")
        }
    }

    @Test func namesANameWithoutAddresses() throws {
        let server = try FakeNameserver { [FakeNameserver.answer($0)] }
        #expect { try Self.resolver([server]).resolve("mail.example", deadline: .after(.seconds(5))) } throws: { error in
            (error as? NetworkError)?.message == "mail.example has no IPv4 or IPv6 address in DNS"
        }
    }

    /// No server answers: an error within the time allowed, never a hang.
    @Test func givesUpInTime() throws {
        let silent = try FakeNameserver { _ in [] }
        let start = Deadline.now
        #expect { try Self.resolver([silent], attempts: 2).resolve("etcd.example", deadline: .after(.seconds(5))) } throws: { error in
            (error as? NetworkError)?.message == "cannot resolve etcd.example: no answer from nameserver 127.0.0.1 in time"
        }
        #expect(Deadline.now.uptimeNanoseconds - start.uptimeNanoseconds < 2_000_000_000)
    }

    /// Only the A question answered: its addresses are used once the other times out.
    @Test func usesOneFamilyWhenTheOtherGoesUnanswered() throws {
        let server = try FakeNameserver { query in
            FakeNameserver.question(of: query).type == 1 ? [FakeNameserver.answer(query, addresses: [Self.v4])] : []
        }
        #expect(try Self.resolver([server]).resolve("etcd.example", deadline: .after(.seconds(5))) == [Self.v4])
    }

    @Test func reportsARefusedPort() throws {
        let server = try FakeNameserver { _ in [] }
        server.stop()
        #expect(throws: NetworkError.self) { try Self.resolver([server]).resolve("etcd.example", deadline: .after(.seconds(2))) }
    }
}

/// The whole resolution order: literals, /etc/hosts, localhost, DNS.
struct HostResolverTests {
    static func resolver(hosts: String, resolvConf: String = "nameserver 127.0.0.1") -> HostResolver {
        HostResolver(readFile: { path in
            path == "/etc/hosts" ? Array(hosts.utf8) : path == "/etc/resolv.conf" ? Array(resolvConf.utf8) : nil
        })
    }

    @Test(arguments: [("127.0.0.1", "127.0.0.1"), ("::1", "::1"), ("2001:db8::1", "2001:db8::1")])
    func takesAddressesAsTheyAre(host: String, address: String) throws {
        #expect(try Self.resolver(hosts: "").resolve(host, deadline: .after(.seconds(1))) == [ip(address)])
    }

    @Test func readsTheHostsFileBeforeDNS() throws {
        let resolver = Self.resolver(hosts: "10.0.0.7 etcd1.lan etcd1\n")
        #expect(try resolver.resolve("ETCD1", deadline: .after(.seconds(1))) == [ip("10.0.0.7")])
    }

    @Test func localhostIsLoopbackEvenWithoutAHostsFile() throws {
        #expect(try Self.resolver(hosts: "").resolve("member.localhost", deadline: .after(.seconds(1))) == [.loopbackV4, .loopbackV6])
    }

    @Test func asksDNSForOtherNamesWithTheSearchList() throws {
        let server = try FakeNameserver { query in
            FakeNameserver.question(of: query).name == "etcd.corp.example"
                ? [FakeNameserver.answer(query, addresses: [ip("192.0.2.1")])] : [FakeNameserver.answer(query, code: 3)]
        }
        var resolver = Self.resolver(hosts: "10.0.0.7 other\n", resolvConf: "nameserver 127.0.0.1\nsearch corp.example\noptions timeout:1")
        resolver.nameserverPort = server.port
        #expect(try resolver.resolve("etcd", deadline: .after(.seconds(2))) == [ip("192.0.2.1")])
    }

    @Test func refusesWhatIsNoHost() {
        #expect { try Self.resolver(hosts: "").resolve("a..b", deadline: .after(.seconds(1))) } throws: { error in
            (error as? NetworkError)?.kind == .badAddress
        }
    }
}
