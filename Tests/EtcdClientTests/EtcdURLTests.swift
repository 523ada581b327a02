import EtcdClient
import Testing

struct EtcdURLTests {
    @Test(arguments: [
        ("etcd://127.0.0.1:2379/family", "etcd://127.0.0.1:2379/family", false, nil as String?, "family"),
        ("ETCD://host/family", "etcd://host:2379/family", false, nil, "family"),
        ("etcds://alice@etcd1.example:2379,etcd2.example,[::1]:23790/lifesignal/family",
         "etcds://alice@etcd1.example:2379,etcd2.example:2379,[::1]:23790/lifesignal/family", true, "alice", "lifesignal/family"),
        ("etcds://bob.smith-2_x~@10.0.0.1/a.b-c_d", "etcds://bob.smith-2_x~@10.0.0.1:2379/a.b-c_d", true, "bob.smith-2_x~", "a.b-c_d"),
    ])
    func parses(text: String, normal: String, tls: Bool, user: String?, prefix: String) throws {
        let url = try EtcdURL(parsing: text)
        #expect(url.description == normal)
        #expect(url.usesTLS == tls && url.user == user && url.prefix == prefix)
        #expect(try EtcdURL(parsing: url.description) == url)
    }

    @Test func keepsEndpointsInOrder() throws {
        let url = try EtcdURL(parsing: "etcd://b:1,a:2,[2001:db8::1]:3/s")
        #expect(url.endpoints == [.init(host: "b", port: 1), .init(host: "a", port: 2), .init(host: "2001:db8::1", port: 3)])
    }

    @Test(arguments: [
        ("http://h:2379/s", "an etcd URL starts with etcd:// or etcds://"),
        ("etcd:/h/s", "an etcd URL starts with etcd:// or etcds://"),
        ("etcd://h:2379", "the URL names no store: add /NAME after the hosts (etcd://host:2379/NAME)"),
        ("etcd://h:2379/", "the URL names no store: add a NAME after the last / (etcd://host:2379/NAME)"),
        ("etcd:///s", "the URL names no host"),
        ("etcd://alice:secret@h/s", "a password does not go in the URL: give it in LIFESIGNAL_ETCD_PASSWORD"),
        ("etcd://@h/s", "the user name before @ may have only letters, digits, '-', '_', '.' and '~'"),
        ("etcd://a@b@h/s", "the user name before @ may have only letters, digits, '-', '_', '.' and '~'"),
        ("etcd://h:0/s", "\"h:0\": the port must be a number from 1 to 65535"),
        ("etcd://h:65536/s", "\"h:65536\": the port must be a number from 1 to 65535"),
        ("etcd://h:/s", "\"h:\": the port must be a number from 1 to 65535"),
        ("etcd://h:+1/s", "\"h:+1\": the port must be a number from 1 to 65535"),
        ("etcd://::1/s", "\"::1\": an IPv6 address goes in brackets, as in [::1]:2379"),
        ("etcd://[::1/s", "\"[::1\": a '[' without its ']'"),
        ("etcd://[127.0.0.1]:2379/s", "\"[127.0.0.1]:2379\": brackets hold an IPv6 address"),
        ("etcd://[::1]x/s", "\"[::1]x\": only :PORT may follow ']'"),
        ("etcd://h1,,h2/s", "an empty host in the list (two commas, or a comma at an end)"),
        ("etcd://h1,/s", "an empty host in the list (two commas, or a comma at an end)"),
        ("etcd://h:2379,h/s", "h:2379 is listed twice"),
        ("etcd://bad_host!/s", "\"bad_host!\" is not a host: a host name has only letters, digits, hyphens and dots"),
        ("etcd://h/a//b", "the store name \"a//b\" has an empty part (// or a / at an end)"),
        ("etcd://h/a/", "the store name \"a/\" has an empty part (// or a / at an end)"),
        ("etcd://h/../s", "the store name may not have . or .. parts"),
        ("etcd://h/s?x=1", "'?' has no place in an etcd URL"),
        ("etcd://h/s#top", "'#' has no place in an etcd URL"),
        ("etcd://h/my%20store", "'%' has no place in an etcd URL"),
        ("etcd://h/my store", "' ' has no place in an etcd URL"),
        ("etcd://h/s\n", "a control character has no place in an etcd URL"),
        ("etcd://h/stör", "the store name \"stör\" may have only letters, digits, '-', '_', '.' and '/'"),
    ])
    func refuses(text: String, reason: String) {
        do {
            let url = try EtcdURL(parsing: text)
            Issue.record("\(text) parsed as \(url)")
        } catch {
            #expect(error.reason == reason)
        }
    }
}

struct Base64Tests {
    /// RFC 4648 §10.
    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
                      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")])
    func matchesRFC4648(plain: String, encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(Base64.decode(Array(encoded.utf8)) == Array(plain.utf8))
    }

    @Test func roundTripsEveryByteAndLength() {
        let all = (0...255).map(UInt8.init)
        for length in 0...all.count {
            let bytes = Array(all.prefix(length).reversed())
            #expect(Base64.decode(Array(Base64.encode(bytes).utf8)) == bytes)
        }
        #expect(Base64.encode([0xfb, 0xff, 0xbf]) == "+/+/")
    }

    /// Only canonical base64 is taken: the alphabet, whole quads, padding
    /// only at the end, zero bits under the padding.
    @Test(arguments: ["Zg", "Zg=", "Z===", "Zm9v!", "Zh==", "Zm9=", "=Zg=", "Zg==Zg==", "Zm 9v", "Zm9v\n", "-_8="])
    func refusesNonCanonical(text: String) {
        #expect(Base64.decode(Array(text.utf8)) == nil)
    }
}
