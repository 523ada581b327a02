import EtcdClient
import LifeSignalStore
import Testing

/// The etcd backend turns a parsed store location into the client's URL
/// part by part (`EtcdURL(validating:)`), not by writing it out and parsing
/// the text again: both ways must accept the same locations and give the
/// same URL.
struct EtcdURLAgreementTests {
    static let texts = [
        "etcd://127.0.0.1:2379/family", "etcds://alice@a:1,[fe80::1]/home/ada", "etcd://db.example/a/.../b",
        "etcd://a:1,b:2,c/home/ada/", "ETCDS://h/x_y-z.w",
        // The location's rules let these through; the client's refuse them.
        "etcd://a:1,a:1/family", "etcd://[1.2.3]/family", "etcd://[1:2:3:4:5:6:7:8:9]/family", "etcd://-bad-/family",
        "etcd://\(String(repeating: "a", count: 64)).example/family", "etcd://h/\(String(repeating: "p", count: 201))",
        "etcd://h..x/family", "etcd://999.1.1.1/family",
    ]

    @Test(arguments: texts)
    func bothWaysAgree(_ text: String) throws {
        guard case .etcd(let location) = try StoreLocation.parse(text, workingDirectory: "/") else {
            Issue.record("not an etcd location: \(text)")
            return
        }
        let parsed = Result { () throws(EtcdURLError) in try EtcdURL(parsing: location.description) }
        let validated = Result { () throws(EtcdURLError) in
            try EtcdURL(validating: location.endpoints.map { EtcdURL.Endpoint(host: $0.host, port: UInt16($0.port)) },
                        usesTLS: location.usesTLS, user: location.user, prefix: location.prefix)
        }
        switch (parsed, validated) {
        case (.success(let a), .success(let b)): #expect(a == b)
        case (.failure(let a), .failure(let b)): #expect(a == b, "the same reason")
        default: Issue.record("\(text): parsing gave \(parsed), validating \(validated)")
        }
    }
}
