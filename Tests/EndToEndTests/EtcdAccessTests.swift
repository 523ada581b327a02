import Foundation
import Testing
import TestSupport

/// The built binary on `etcds://` and on a cluster with authentication,
/// each a real loopback cluster of the test's own: good certificates and
/// passwords work, from the environment or from settings; bad ones fail
/// at once with exit 12 and a line naming the cause, and change nothing.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .serialized, .hangGuard, .ownThreads)
struct EtcdAccessTests {
    /// `person`'s TLS files from the environment.
    static func tls(_ pki: TestPKI, ca: String? = nil, certificate: String? = nil, key: String? = nil) -> [String: String] {
        ["LIFESIGNAL_ETCD_CACERT": ca ?? pki.caFile,
         "LIFESIGNAL_ETCD_CERT": certificate ?? pki.clientCertificate,
         "LIFESIGNAL_ETCD_KEY": key ?? pki.clientKey]
    }

    static func expectRefused(_ result: RunResult, mentioning words: [String], within seconds: Double, took: Double,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 12, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("error: store unavailable:"), "\(result)", sourceLocation: sourceLocation)
        for word in words {
            #expect(result.stderr.lowercased().contains(word), "no '\(word)' in: \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(took < seconds, "took \(took) s", sourceLocation: sourceLocation)
    }

    static func timed(_ body: () throws -> RunResult) rethrows -> (RunResult, Double) {
        let start = Date()
        let result = try body()
        return (result, Date().timeIntervalSince(start))
    }

    @Test func tlsWithClientCertificatesWorksAndBadOnesAreRefused() throws {
        let cluster = try EtcdCluster.start(.init(members: 1, tls: true))
        defer { cluster.shutdown() }
        guard let pki = cluster.pki else { throw HarnessFailure("a TLS cluster without its certificates") }
        let sandbox = Sandbox("tls", cluster: cluster)
        #expect(sandbox.storeLocation.hasPrefix("etcds://"))

        // From the environment.
        let ana = sandbox.person("ana")
        ana.environment.merge(Self.tls(pki)) { $1 }
        try ana.signUp(phone: "+15550104000", first: "Ana")
        #expect(try ana.run(["checkin"]).succeeded)

        // From settings, which the variables override.
        let ben = sandbox.person("ben")
        for (key, file) in [("etcd-cacert", pki.caFile), ("etcd-cert", pki.clientCertificate), ("etcd-key", pki.clientKey)] {
            let set = try ben.run(["settings", "set", key, file])
            #expect(set.succeeded, "\(set)")
        }
        try ben.signUp(phone: "+15550104001", first: "Ben")
        let overridden = try ben.run(["status"], extra: ["LIFESIGNAL_ETCD_CERT": pki.foreignCertificate, "LIFESIGNAL_ETCD_KEY": pki.foreignKey])
        #expect(overridden.status == 12, "the variables win over settings: \(overridden)")

        let before = try sandbox.storeContents()
        let cases: [(id: String, environment: [String: String], words: [String])] = [
            ("a client certificate from a CA the cluster does not trust",
             Self.tls(pki, certificate: pki.foreignCertificate, key: pki.foreignKey), ["certificate"]),
            ("a CA that did not sign the cluster's certificate", Self.tls(pki, ca: pki.foreignCAFile), ["certificate"]),
            ("no client certificate", ["LIFESIGNAL_ETCD_CACERT": pki.caFile], ["certificate"]),
            ("a key that does not match the certificate", Self.tls(pki, certificate: pki.clientCertificate, key: pki.foreignKey), ["key"]),
        ]
        for (id, environment, words) in cases {
            let carol = sandbox.person("carol-\(id.filter(\.isLetter).prefix(20))")
            let (result, took) = try Self.timed { try carol.run(["login", "--phone", "+15550104002"], extra: environment, timeout: 30) }
            Self.expectRefused(result, mentioning: words, within: 10, took: took)
        }
        // Plain HTTP to a TLS port says what to use instead.
        let dan = sandbox.person("dan")
        dan.environment["LIFESIGNAL_STORE"] = sandbox.storeLocation.replacingOccurrences(of: "etcds://", with: "etcd://")
        let (plain, took) = try Self.timed { try dan.run(["status"], timeout: 30) }
        Self.expectRefused(plain, mentioning: ["etcds://"], within: 10, took: took)
        #expect(try sandbox.storeContents() == before, "a refused command changed the store")
    }

    @Test func aUserSignsInWithTheirPasswordAndKeepsTheTokenPrivate() throws {
        let cluster = try EtcdCluster.start(.init(members: 1))
        defer { cluster.shutdown() }
        let sandbox = Sandbox("auth", cluster: cluster, user: "alice")
        guard let prefix = sandbox.etcd?.prefix else { throw HarnessFailure("no prefix") }
        try cluster.enableAuthentication(user: "alice", password: "wonderland", prefix: Array((prefix + "/").utf8))

        let ana = sandbox.person("ana")
        ana.environment["LIFESIGNAL_ETCD_PASSWORD"] = "wonderland"
        try ana.signUp(phone: "+15550105000", first: "Ana")
        let tokens = try FileManager.default.contentsOfDirectory(atPath: ana.stateDirectory.path).filter { $0.hasPrefix("etcd-token-") }
        #expect(tokens.count == 1, "one cached token: \(tokens)")
        for token in tokens {
            let attributes = try FileManager.default.attributesOfItem(atPath: ana.stateDirectory.appendingPathComponent(token).path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            // A token the cluster no longer knows is replaced by a new sign-in.
            try Data(#"{"token":"stale.token"}"#.utf8).write(to: ana.stateDirectory.appendingPathComponent(token))
        }
        let again = try ana.run(["checkin"])
        #expect(again.succeeded, "\(again)")
        for token in tokens {
            let kept = try String(contentsOf: ana.stateDirectory.appendingPathComponent(token), encoding: .utf8)
            #expect(!kept.contains("stale.token"), "the refused token was replaced: \(kept)")
        }

        sandbox.etcdCredentials = ("alice", "wonderland")
        let before = try sandbox.storeContents()
        #expect(before["store.json"] != nil)
        for (id, password) in [("a wrong password", "looking-glass"), ("no password", "")] {
            let mallory = sandbox.person("m\(id.filter(\.isLetter))")
            let (result, took) = try Self.timed {
                try mallory.run(["login", "--phone", "+15550105001"], extra: ["LIFESIGNAL_ETCD_PASSWORD": password], timeout: 30)
            }
            Self.expectRefused(result, mentioning: ["alice"], within: 10, took: took)
        }
        #expect(try sandbox.storeContents() == before, "a refused command changed the store")
    }
}
