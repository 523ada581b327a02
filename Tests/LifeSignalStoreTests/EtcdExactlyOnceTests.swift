import EtcdClient
import EtcdStore
import FoundationEssentials
import LifeSignalStore
import StoreBackends
import StoreOpening
import Synchronization
import TestSupport
import Testing

/// Exactly once on etcd when answers are lost, made exactly: a loopback
/// proxy in front of a real member carries a commit out and hangs up
/// (`loseAnswer`), or hangs up without passing it on (`refuse`), as a
/// member dying mid-request does. Each write adds one to a counter, so a
/// doubled commit would show.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .serialized, .hangGuard, .ownThreads)
struct EtcdExactlyOnceTests {
    /// What the proxy does to each kind of request, in turn.
    struct Script: Sendable {
        /// The faults for successive commits (a Txn that writes), then `.none`.
        var commits: [EtcdProxy.Fault]
        /// The faults for successive claims of a commit's marker, then `.none`.
        var claims: [EtcdProxy.Fault] = []
    }

    /// The requests of each kind that reached the proxy.
    final class Tally: Sendable {
        let counts = Mutex((commits: 0, claims: 0))
    }

    /// The base64 of the value a claim writes ("abandoned"), which tells a claim from a commit.
    static let claimValue = "YWJhbmRvbmVk"

    let cluster: EtcdCluster
    let proxy: EtcdProxy
    let location: EtcdURL
    let prefix = "exactly-once-\(UInt64.random(in: 0...UInt64.max))"

    init() throws {
        cluster = try EtcdCluster.shared("conformance")
        proxy = try EtcdProxy(upstreamPort: cluster.members[0].clientPort)
        guard case .etcd(let location) = try StoreLocation.parse("etcd://127.0.0.1:\(proxy.port)/\(prefix)", workingDirectory: "/") else {
            throw FixtureError("not an etcd location")
        }
        self.location = location
    }

    /// A backend through the proxy whose calls give up after `timeout`.
    func backend(timeout: Duration = .seconds(1)) throws -> EtcdBackend {
        try EtcdBackend(location: location, access: EtcdStoreAccess(operationTimeout: timeout, busyTimeout: .seconds(1)))
    }

    /// Plays `script` from now on; returns what reached the proxy, by kind.
    @discardableResult
    func play(_ script: Script) -> Tally {
        let seen = Tally()
        proxy.setFault { path, body in
            guard path == "/v3/kv/txn" else { return .none }
            let text = String(decoding: body, as: UTF8.self)
            guard text.contains("request_put") else { return .none }
            return seen.counts.withLock { seen in
                if text.contains(Self.claimValue) {
                    seen.claims += 1
                    return seen.claims <= script.claims.count ? script.claims[seen.claims - 1] : .none
                }
                seen.commits += 1
                return seen.commits <= script.commits.count ? script.commits[seen.commits - 1] : .none
            }
        }
        return seen
    }

    /// Adds one to the counter in one transaction.
    func increment(_ store: EtcdBackend) throws {
        try store.write { tx throws in
            let now = try tx.read("counter").map { Int(String(decoding: $0, as: UTF8.self)) ?? 0 } ?? 0
            try tx.write("counter", Array(String(now + 1).utf8))
        }
    }

    /// The counter as the cluster holds it, read past the proxy.
    func counter() throws -> Int? {
        let key = Array((prefix + "/counter").utf8)
        return try cluster.client().range(RangeRequest(key: key)).kvs.first.map { Int(String(decoding: $0.value, as: UTF8.self)) ?? -1 }
    }

    @Test func aCommitWhoseAnswerIsLostIsResentAndCountsOnce() throws {
        defer { proxy.stop() }
        let seen = play(Script(commits: [.loseAnswer]))
        try increment(try backend(timeout: .seconds(5)))
        #expect(try counter() == 1)
        #expect(seen.counts.withLock { $0.commits } == 2, "the resend found the first send's marker")
    }

    /// Every send after the first is refused until the call's time runs
    /// out; the marker's claim then finds the first send committed.
    @Test func theClaimFindsALostCommitMadeAndReportsSuccess() throws {
        defer { proxy.stop() }
        let seen = play(Script(commits: [.loseAnswer] + Array(repeating: .refuse, count: 1000)))
        try increment(try backend())
        #expect(try counter() == 1)
        #expect(seen.counts.withLock { $0.claims } == 1)
        // The store goes on as usual.
        play(Script(commits: []))
        try increment(try backend())
        #expect(try counter() == 2)
    }

    /// No send arrives; the claim proves nothing was made, and says so.
    @Test func theClaimProvesNothingWasMadeAndSaysSo() throws {
        defer { proxy.stop() }
        play(Script(commits: Array(repeating: .refuse, count: 1000)))
        let store = try backend()
        do {
            try increment(store)
            Issue.record("a commit no member received was reported as made")
        } catch let error as StoreError {
            guard case .unavailable(_, let reason) = error else {
                Issue.record("expected 'store unavailable', got \(error)")
                return
            }
            #expect(reason.hasSuffix("the change was not made"))
        }
        #expect(try counter() == nil)
        play(Script(commits: []))
        try increment(store)
        #expect(try counter() == 1)
    }

    /// When the claim cannot be made either, the outcome is said to be unknown, not a failure.
    @Test func anUnsettledCommitIsReportedAsMaybeMade() throws {
        defer { proxy.stop() }
        play(Script(commits: [.loseAnswer] + Array(repeating: .refuse, count: 1000), claims: Array(repeating: .refuse, count: 1000)))
        let started = ContinuousClock.now
        do {
            try increment(try backend())
            Issue.record("an unconfirmed commit was reported as made")
        } catch let error as StoreError {
            guard case .unconfirmed = error else {
                Issue.record("expected an unconfirmed change, got \(error)")
                return
            }
            #expect(error.message.contains("may have been made"))
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(try counter() == 1)
    }
}
