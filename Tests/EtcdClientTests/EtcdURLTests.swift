import EtcdClient
import Testing

/// The grammar of etcd URLs (`EtcdURL`'s doc comment), form by form: what
/// each accepted text means, and the one-line reason for each refused one.
struct EtcdURLTests {
    struct Accepted: CustomTestStringConvertible, Sendable {
        var id: String
        var text: String
        /// The normal form (`description`).
        var normal: String
        var testDescription: String { id }
    }

    static let accepted: [Accepted] = [
        // Schemes
        .init(id: "plain HTTP", text: "etcd://127.0.0.1:2379/family", normal: "etcd://127.0.0.1:2379/family"),
        .init(id: "TLS", text: "etcds://h:1/family", normal: "etcds://h:1/family"),
        .init(id: "scheme in capitals", text: "ETCD://h/family", normal: "etcd://h:2379/family"),
        .init(id: "TLS scheme in mixed case", text: "EtcdS://h/family", normal: "etcds://h:2379/family"),
        // Hosts
        .init(id: "a name, default port", text: "etcd://db.example/family", normal: "etcd://db.example:2379/family"),
        .init(id: "a one-label name", text: "etcd://localhost:23790/s", normal: "etcd://localhost:23790/s"),
        .init(id: "a name with a hyphen and an underscore", text: "etcd://etcd-1.my_net/s", normal: "etcd://etcd-1.my_net:2379/s"),
        .init(id: "a name ending in a dot", text: "etcd://db.example./s", normal: "etcd://db.example.:2379/s"),
        .init(id: "a name in capitals is kept as written", text: "etcd://DB.Example/s", normal: "etcd://DB.Example:2379/s"),
        .init(id: "a label of digits before the last", text: "etcd://1.example/s", normal: "etcd://1.example:2379/s"),
        .init(id: "a label of 63 bytes", text: "etcd://\(String(repeating: "a", count: 63)).example/s",
              normal: "etcd://\(String(repeating: "a", count: 63)).example:2379/s"),
        .init(id: "IPv6 loopback", text: "etcd://[::1]/s", normal: "etcd://[::1]:2379/s"),
        .init(id: "IPv6 with a port", text: "etcd://[2001:db8::1]:23790/s", normal: "etcd://[2001:db8::1]:23790/s"),
        .init(id: "IPv6 with an IPv4 tail", text: "etcd://[::ffff:10.0.0.1]:1/s", normal: "etcd://[::ffff:10.0.0.1]:1/s"),
        .init(id: "three members, ports mixed", text: "etcd://a:1,b:2,c/home/ada", normal: "etcd://a:1,b:2,c:2379/home/ada"),
        .init(id: "members of every kind", text: "etcds://h1:2379,10.0.0.2,[fe80::1]:23790/s",
              normal: "etcds://h1:2379,10.0.0.2:2379,[fe80::1]:23790/s"),
        .init(id: "one host on two ports", text: "etcd://h:1,h:2/s", normal: "etcd://h:1,h:2/s"),
        // Ports
        .init(id: "port 1", text: "etcd://h:1/s", normal: "etcd://h:1/s"),
        .init(id: "port 65535", text: "etcd://h:65535/s", normal: "etcd://h:65535/s"),
        .init(id: "port with leading zeros", text: "etcd://h:02379/s", normal: "etcd://h:2379/s"),
        // Users
        .init(id: "a user", text: "etcds://alice@h:2379/family", normal: "etcds://alice@h:2379/family"),
        .init(id: "a user of every allowed character", text: "etcds://bob.smith-2_x~@10.0.0.1/s",
              normal: "etcds://bob.smith-2_x~@10.0.0.1:2379/s"),
        .init(id: "a user before several members", text: "etcds://ada@a,[::1]:3/s", normal: "etcds://ada@a:2379,[::1]:3/s"),
        // Prefixes
        .init(id: "a prefix of several parts", text: "etcd://h/lifesignal/home/ada", normal: "etcd://h:2379/lifesignal/home/ada"),
        .init(id: "a prefix of every allowed character", text: "etcd://h/a.b-c_D9", normal: "etcd://h:2379/a.b-c_D9"),
        .init(id: "three dots are a name", text: "etcd://h/a/.../b", normal: "etcd://h:2379/a/.../b"),
        .init(id: "a dot inside a name", text: "etcd://h/.hidden/x.", normal: "etcd://h:2379/.hidden/x."),
        .init(id: "a trailing slash is dropped", text: "etcd://h/home/ada/", normal: "etcd://h:2379/home/ada"),
        .init(id: "trailing slashes are dropped", text: "etcd://h/family///", normal: "etcd://h:2379/family"),
        .init(id: "a prefix of 200 bytes", text: "etcd://h/\(String(repeating: "p", count: 200))",
              normal: "etcd://h:2379/\(String(repeating: "p", count: 200))"),
        .init(id: "a prefix of 200 bytes and a trailing slash", text: "etcd://h/\(String(repeating: "p", count: 200))/",
              normal: "etcd://h:2379/\(String(repeating: "p", count: 200))"),
    ]

    @Test(arguments: accepted)
    func accepts(_ sample: Accepted) throws {
        let url = try EtcdURL(parsing: sample.text)
        #expect(url.description == sample.normal)
        #expect(try EtcdURL(parsing: url.description) == url, "the normal form reads back the same")
    }

    @Test func keepsThePartsApart() throws {
        let url = try EtcdURL(parsing: "etcds://alice@b:1,a:2,[2001:db8::1]:3/home/ada/")
        #expect(url.usesTLS && url.user == "alice" && url.prefix == "home/ada")
        #expect(url.endpoints == [.init(host: "b", port: 1), .init(host: "a", port: 2), .init(host: "2001:db8::1", port: 3)])
        let plain = try EtcdURL(parsing: "etcd://h/s")
        #expect(!plain.usesTLS && plain.user == nil && plain.endpoints == [.init(host: "h", port: EtcdURL.defaultPort)])
    }

    struct Refused: CustomTestStringConvertible, Sendable {
        var id: String
        var text: String
        var reason: String
        var testDescription: String { id }
    }

    static let noScheme = "an etcd URL starts with etcd:// or etcds://"
    static let badUser = "the user name before @ may have only letters, digits, '-', '_', '.' and '~'"
    static let emptyHost = "an empty host in the list (two commas, or a comma at an end)"
    static let query = "TLS files and the password are given in LIFESIGNAL_ETCD_* variables or settings"
    static let percent = "'%' has no place in an etcd URL: nothing in it is percent-encoded, and an IPv6 address takes no zone"
    static let badName = "may have only letters, digits, '-', '_', '.' and '/'"

    static let refused: [Refused] = [
        // Schemes
        .init(id: "another scheme", text: "http://h:2379/s", reason: noScheme),
        .init(id: "one slash after the scheme", text: "etcd:/h/s", reason: noScheme),
        .init(id: "no slashes after the scheme", text: "etcd:family", reason: noScheme),
        .init(id: "a scheme with a typo", text: "etcdd://h/s", reason: noScheme),
        .init(id: "only the scheme", text: "etcd://", reason: "the URL names no store: add /NAME after the hosts (etcd://host:2379/NAME)"),
        // Structure
        .init(id: "no prefix", text: "etcd://h:2379", reason: "the URL names no store: add /NAME after the hosts (etcd://host:2379/NAME)"),
        .init(id: "an empty prefix", text: "etcd://h:2379/",
              reason: "the URL names no store: add a NAME after the last / (etcd://host:2379/NAME)"),
        .init(id: "only slashes after the hosts", text: "etcd://h///",
              reason: "the URL names no store: add a NAME after the last / (etcd://host:2379/NAME)"),
        .init(id: "no host", text: "etcd:///s", reason: "the URL names no host"),
        .init(id: "a user and no host", text: "etcd://alice@/s", reason: "the URL names no host"),
        // Users
        .init(id: "a password", text: "etcd://alice:secret@h/s",
              reason: "a password does not go in the URL: give it in LIFESIGNAL_ETCD_PASSWORD"),
        .init(id: "an empty password", text: "etcd://alice:@h/s",
              reason: "a password does not go in the URL: give it in LIFESIGNAL_ETCD_PASSWORD"),
        .init(id: "an empty user", text: "etcd://@h/s", reason: badUser),
        .init(id: "two @", text: "etcd://a@b@h/s", reason: badUser),
        .init(id: "a user with a plus", text: "etcd://a+b@h/s", reason: badUser),
        .init(id: "a user with an accent", text: "etcd://jos\u{E9}@h/s", reason: badUser),
        // Hosts
        .init(id: "two commas", text: "etcd://h1,,h2/s", reason: emptyHost),
        .init(id: "a comma at the end", text: "etcd://h1,/s", reason: emptyHost),
        .init(id: "a comma at the start", text: "etcd://,h1/s", reason: emptyHost),
        .init(id: "a member twice", text: "etcd://h:2379,h/s", reason: "h:2379 is listed twice"),
        .init(id: "an IPv6 member twice", text: "etcd://[::1],[::1]:2379/s", reason: "[::1]:2379 is listed twice"),
        .init(id: "a member twice in other case", text: "etcd://Db.example,db.EXAMPLE/s",
              reason: "Db.example:2379 and db.EXAMPLE:2379 are one member"),
        .init(id: "an IPv6 member twice, spelled two ways", text: "etcd://[::1]:1,[0:0::1]:1/s",
              reason: "[::1]:1 and [0:0::1]:1 are one member"),
        .init(id: "a bad character in a host", text: "etcd://bad!host/s",
              reason: "\"bad!host\" is not a host: a host name has only letters, digits, hyphens and dots"),
        .init(id: "two dots in a host", text: "etcd://h..x/s",
              reason: "\"h..x\" is not a host: the host name has an empty label (two dots in a row)"),
        .init(id: "a label starting with a hyphen", text: "etcd://-bad-/s",
              reason: "\"-bad-\" is not a host: a label of the host name starts or ends with a hyphen"),
        .init(id: "a label of 64 bytes", text: "etcd://\(String(repeating: "a", count: 64)).example/s",
              reason: "\"\(String(repeating: "a", count: 64)).example\" is not a host: a label of the host name is longer than 63 characters"),
        .init(id: "a host of 254 bytes", text: "etcd://\(Array(repeating: String(repeating: "a", count: 50), count: 5).joined(separator: ".")).abc/s",
              reason: "\"\(Array(repeating: String(repeating: "a", count: 50), count: 5).joined(separator: ".")).abc\" is not a host: the host name is longer than 253 characters"),
        .init(id: "an IPv4 address out of range", text: "etcd://999.1.1.1/s",
              reason: "\"999.1.1.1\" is not a host: it is no IPv4 address, and no name ends in digits only"),
        .init(id: "an IPv4 address of three numbers", text: "etcd://10.0.1:2379/s",
              reason: "\"10.0.1\" is not a host: it is no IPv4 address, and no name ends in digits only"),
        .init(id: "a combining mark in a host", text: "etcd://h\u{301}/s",
              reason: "\"h\u{301}\" is not a host: a host name has only letters, digits, hyphens and dots"),
        .init(id: "a port and no host", text: "etcd://:2379/s", reason: "\"\" is not a host: the host name is empty"),
        // IPv6
        .init(id: "IPv6 without brackets", text: "etcd://::1/s", reason: "\"::1\": an IPv6 address goes in brackets, as in [::1]:2379"),
        .init(id: "IPv6 without brackets, with a port", text: "etcd://fe80::1:2379/s",
              reason: "\"fe80::1:2379\": an IPv6 address goes in brackets, as in [::1]:2379"),
        .init(id: "a bracket not closed", text: "etcd://[::1/s", reason: "\"[::1\": a '[' without its ']'"),
        .init(id: "IPv4 in brackets", text: "etcd://[127.0.0.1]:2379/s", reason: "\"[127.0.0.1]:2379\": brackets hold an IPv6 address"),
        .init(id: "a name in brackets", text: "etcd://[h]/s", reason: "\"[h]\": brackets hold an IPv6 address"),
        .init(id: "empty brackets", text: "etcd://[]/s", reason: "\"[]\": brackets hold an IPv6 address"),
        .init(id: "IPv6 of nine groups", text: "etcd://[1:2:3:4:5:6:7:8:9]/s", reason: "\"[1:2:3:4:5:6:7:8:9]\": brackets hold an IPv6 address"),
        .init(id: "something after the bracket", text: "etcd://[::1]x/s", reason: "\"[::1]x\": only :PORT may follow ']'"),
        .init(id: "an IPv6 zone", text: "etcd://[fe80::1%25eth0]/s", reason: percent),
        // Ports
        .init(id: "port 0", text: "etcd://h:0/s", reason: "\"h:0\": the port must be a number from 1 to 65535"),
        .init(id: "port 65536", text: "etcd://h:65536/s", reason: "\"h:65536\": the port must be a number from 1 to 65535"),
        .init(id: "a port of many digits", text: "etcd://h:99999999999999999999/s",
              reason: "\"h:99999999999999999999\": the port must be a number from 1 to 65535"),
        .init(id: "an empty port", text: "etcd://h:/s", reason: "\"h:\": the port must be a number from 1 to 65535"),
        .init(id: "an empty port after brackets", text: "etcd://[::1]:/s", reason: "\"[::1]:\": the port must be a number from 1 to 65535"),
        .init(id: "a signed port", text: "etcd://h:+1/s", reason: "\"h:+1\": the port must be a number from 1 to 65535"),
        .init(id: "a port by name", text: "etcd://h:etcd/s", reason: "\"h:etcd\": the port must be a number from 1 to 65535"),
        .init(id: "fullwidth digits in a port", text: "etcd://h:\u{FF12}379/s",
              reason: "\"h:\u{FF12}379\": the port must be a number from 1 to 65535"),
        // Prefixes
        .init(id: "two slashes in the prefix", text: "etcd://h/a//b",
              reason: "the store name \"a//b\" has an empty part (two slashes in a row, or one at its start)"),
        .init(id: "a slash at the prefix's start", text: "etcd://h//a",
              reason: "the store name \"/a\" has an empty part (two slashes in a row, or one at its start)"),
        .init(id: "a dot part", text: "etcd://h/a/./b", reason: "the store name may not have . or .. parts"),
        .init(id: "a dot-dot part", text: "etcd://h/../s", reason: "the store name may not have . or .. parts"),
        .init(id: "a dot-dot part at the end", text: "etcd://h/a/..", reason: "the store name may not have . or .. parts"),
        .init(id: "a dot-dot part before a trailing slash", text: "etcd://h/a/../", reason: "the store name may not have . or .. parts"),
        .init(id: "a prefix of 201 bytes", text: "etcd://h/\(String(repeating: "p", count: 201))",
              reason: "the store name is longer than 200 characters"),
        .init(id: "an accent in the prefix", text: "etcd://h/st\u{F6}r", reason: "the store name \"st\u{F6}r\" \(badName)"),
        .init(id: "a colon in the prefix", text: "etcd://h/a:b", reason: "the store name \"a:b\" \(badName)"),
        .init(id: "an @ in the prefix", text: "etcd://h/a@b", reason: "the store name \"a@b\" \(badName)"),
        .init(id: "a tilde in the prefix", text: "etcd://h/~ada", reason: "the store name \"~ada\" \(badName)"),
        // Characters with no place anywhere
        .init(id: "a query", text: "etcd://h/s?x=1", reason: "an etcd URL takes no query or fragment ('?'): \(query)"),
        .init(id: "a TLS option as a query", text: "etcds://h/s?cacert=/etc/ca.pem",
              reason: "an etcd URL takes no query or fragment ('?'): \(query)"),
        .init(id: "an empty query", text: "etcd://h/s?", reason: "an etcd URL takes no query or fragment ('?'): \(query)"),
        .init(id: "a fragment", text: "etcd://h/s#top", reason: "an etcd URL takes no query or fragment ('#'): \(query)"),
        .init(id: "percent-encoding in the prefix", text: "etcd://h/my%20store", reason: percent),
        .init(id: "percent-encoding in the user", text: "etcd://al%69ce@h/s", reason: percent),
        .init(id: "a space", text: "etcd://h/my store", reason: "' ' has no place in an etcd URL"),
        .init(id: "a space before the hosts", text: "etcd:// h/s", reason: "' ' has no place in an etcd URL"),
        .init(id: "a newline", text: "etcd://h/s\n", reason: "a control character has no place in an etcd URL"),
        .init(id: "a tab", text: "etcd://h\t/s", reason: "a control character has no place in an etcd URL"),
        .init(id: "a NUL byte", text: "etcd://h/s\u{0}", reason: "a control character has no place in an etcd URL"),
        .init(id: "DEL", text: "etcd://h/s\u{7F}", reason: "a control character has no place in an etcd URL"),
    ]

    @Test(arguments: refused)
    func refuses(_ sample: Refused) {
        do {
            let url = try EtcdURL(parsing: sample.text)
            Issue.record("read as \(url)")
        } catch {
            #expect(error.reason == sample.reason)
        }
    }
}
