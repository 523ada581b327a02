import LifeSignalStore
import StoreBackends
import StoreOpening
import Testing

/// Where a store is, read once from `--store`, `LIFESIGNAL_STORE` or an
/// argument: a directory, an etcd URL, or a usage error, never a directory
/// named like a URL by accident.
struct StoreLocationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var text: String
        /// The location's description, or nil when `text` must be refused.
        var expected: String?
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "absolute directory", text: "/srv/store", expected: "/srv/store"),
        Case(id: "trailing slashes go", text: "/srv/store//", expected: "/srv/store"),
        Case(id: "dot components go", text: "/srv/./store/.", expected: "/srv/store"),
        Case(id: "relative to the working directory", text: "family", expected: "/work/family"),
        Case(id: "a colon after a slash is part of a name", text: "backups/2026:03", expected: "/work/backups/2026:03"),
        Case(id: "a name like a URL, written as a path", text: "./etcd:family", expected: "/work/etcd:family"),
        Case(id: "the root", text: "/", expected: "/"),
        Case(id: "the root, spelled long", text: "//././/", expected: "/"),
        Case(id: "dot-dot and dot names are kept", text: "/a/../.b/..c/b.", expected: "/a/../.b/..c/b."),
        Case(id: "non-ASCII names", text: "/home/zoë//família/./", expected: "/home/zoë/família"),
        Case(id: "etcd with a port", text: "etcd://10.0.0.1:2379/family", expected: "etcd://10.0.0.1:2379/family"),
        Case(id: "etcd default port", text: "etcd://db.example/family", expected: "etcd://db.example:2379/family"),
        Case(id: "etcd several members", text: "etcd://a:1,b:2,c/home/ada/",
             expected: "etcd://a:1,b:2,c:2379/home/ada"),
        Case(id: "etcds with a user and IPv6", text: "etcds://alice@[::1]:2379/family",
             expected: "etcds://alice@[::1]:2379/family"),
        Case(id: "scheme in capitals", text: "ETCD://h/family", expected: "etcd://h:2379/family"),
        Case(id: "empty", text: "", expected: nil),
        Case(id: "unknown scheme", text: "http://host/store", expected: nil),
        Case(id: "scheme without slashes", text: "etcd:family", expected: nil),
        Case(id: "mistyped scheme", text: "etdc://h:2379/family", expected: nil),
        Case(id: "no prefix", text: "etcd://h:2379", expected: nil),
        Case(id: "empty prefix", text: "etcd://h:2379/", expected: nil),
        Case(id: "password in the URL", text: "etcds://alice:secret@h:2379/family", expected: nil),
        Case(id: "port out of range", text: "etcd://h:70000/family", expected: nil),
        Case(id: "port not a number", text: "etcd://h:x/family", expected: nil),
        Case(id: "empty member", text: "etcd://a:1,,b:2/family", expected: nil),
        Case(id: "dot-dot in the prefix", text: "etcd://h/../family", expected: nil),
        Case(id: "query", text: "etcd://h/family?x=1", expected: nil),
        Case(id: "odd characters in the prefix", text: "etcd://h/fam ily", expected: nil),
        Case(id: "three dots are a name", text: "etcd://h/a/.../b", expected: "etcd://h:2379/a/.../b"),
        Case(id: "dot in the prefix", text: "etcd://h/a/./b", expected: nil),
        Case(id: "dot-dot at the prefix's end", text: "etcd://h/a/..", expected: nil),
        Case(id: "empty component in the prefix", text: "etcd://h/a//b", expected: nil),
        Case(id: "only slashes after the hosts", text: "etcd://h///", expected: nil),
        Case(id: "a letter with an accent in the prefix", text: "etcd://h/fam\u{E9}", expected: nil),
        Case(id: "a combining mark after a letter in the host", text: "etcd://h\u{301}/family", expected: nil),
        Case(id: "fullwidth digits in the port", text: "etcd://h:\u{FF12}379/family", expected: nil),
        Case(id: "a user with a tilde", text: "etcds://~ada@h/family", expected: "etcds://~ada@h:2379/family"),
        Case(id: "a member twice", text: "etcd://h:2379,h/family", expected: nil),
        Case(id: "an IPv4 address out of range", text: "etcd://999.1.1.1/family", expected: nil),
        Case(id: "percent-encoding", text: "etcd://h/my%20family", expected: nil),
        Case(id: "NUL in a directory", text: "/srv/\u{0}x", expected: nil),
    ]

    @Test(arguments: cases)
    func reads(_ sample: Case) {
        do {
            let location = try StoreLocation.parse(sample.text, workingDirectory: "/work")
            #expect(location.description == sample.expected, "read as \(location)")
        } catch let error as StoreError {
            #expect(sample.expected == nil, "refused: \(error.message)")
            #expect(error.kind == .usage)
            #expect(error.message.contains("is not a store location"))
        } catch {
            Issue.record("an undocumented error: \(error)")
        }
    }

    /// The reason is the URL grammar's own (`EtcdURL`), after the text.
    @Test func aRefusedEtcdURLSaysWhy() {
        do {
            let location = try StoreLocation.parse("etcds://alice:pw@h/family", workingDirectory: "/")
            Issue.record("read as \(location)")
        } catch let error as StoreError {
            #expect(error.message == "\"etcds://alice:pw@h/family\" is not a store location: "
                + "a password does not go in the URL: give it in LIFESIGNAL_ETCD_PASSWORD")
        } catch {
            Issue.record("an undocumented error: \(error)")
        }
    }

    @Test func anEtcdURLKeepsItsParts() throws {
        guard case .etcd(let location) = try StoreLocation.parse("etcds://alice@a:1,[fe80::1]/home/ada", workingDirectory: "/") else {
            Issue.record("not read as etcd")
            return
        }
        #expect(location.usesTLS && location.user == "alice" && location.prefix == "home/ada")
        #expect(location.endpoints == [.init(host: "a", port: 1), .init(host: "fe80::1", port: 2379)])
    }

    /// The removal a message gives for a store is read back from the
    /// store's name alone (`StoreName`): every member, TLS's files, the prefix.
    @Test func theRemovalOfAStoreIsReadFromItsName() throws {
        let cases = [
            ("/home/ada/store", "rm -r -- '/home/ada/store'"),
            ("etcd://a:1/family", "etcdctl --endpoints=http://a:1 del --prefix 'family/'"),
            ("etcds://alice@a:1,[fe80::1]/home/ada/",
             "etcdctl --endpoints=https://a:1,https://[fe80::1]:2379 --cacert CA --cert CERT --key KEY del --prefix 'home/ada/'"),
        ]
        for (text, removal) in cases {
            let name = try StoreLocation.parse(text, workingDirectory: "/").description
            #expect(StoreName.removal(of: name) == removal, "\(text)")
            #expect(StoreName.isEtcd(name) == text.hasPrefix("etcd"), "\(text)")
        }
    }

    /// Opening names the backend and sends nothing: a cluster nobody serves
    /// is found out by the first read, as "store unavailable".
    @Test func anEtcdStoreOpensWithoutContactAndIsUnavailableWhenNobodyServes() throws {
        let location = try StoreLocation.parse("etcd://127.0.0.1:1/family", workingDirectory: "/")
        let store = try SharedStore.open(location)
        #expect(store.backend.traffic == StoreTraffic(roundTrips: 0, connections: 0), "opening an etcd store sent something")
        #expect(store.name == "etcd://127.0.0.1:1/family")
        do {
            _ = try store.readWithoutCatchUp { try $0.identity() }
            Issue.record("a read from a port nobody serves succeeded")
        } catch let error as StoreError {
            guard case .unavailable(let name, _) = error else {
                Issue.record("expected 'store unavailable', got \(error)")
                return
            }
            #expect(name == "etcd://127.0.0.1:1/family")
        }
    }
}
