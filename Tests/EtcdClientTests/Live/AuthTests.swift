import EtcdClient
import Foundation
import NetworkIO
import Testing
import TestSupport

extension LiveEtcdTests {
    /// etcd's user/password authentication: a user confined to one prefix,
    /// tokens that expire (after 2 s idle here) and a cache that keeps them.
    @Suite(needsEtcd, .hangGuard)
    struct AuthTests {
        static let prefix = bytes("family/")
        let cluster: EtcdCluster
        let keys = EtcdTestKeys("family")

        init() throws {
            cluster = try Self.authCluster()
        }

        private static let setUp = NSLock()

        static func authCluster() throws -> EtcdCluster {
            try setUp.withLock {
                let cluster = try EtcdCluster.shared("auth", .init(extraFlags: ["--auth-token-ttl=2"]))
                if (try? cluster.post("/v3/kv/range", #"{"key":"eA=="}"#)) != nil {
                    try cluster.enableAuthentication(user: "alice", password: "wonderland", prefix: prefix)
                }
                return cluster
            }
        }

        func client(password: String? = "wonderland", user: String = "alice", cache: TokenBox? = nil) throws -> EtcdClient {
            var configuration = cluster.configuration(credentials: .init(user: user, password: password))
            configuration.tokenCache = cache?.cache
            return try EtcdClient(configuration)
        }

        @Test func signsInAndWorksInsideItsPrefix() throws {
            let cache = TokenBox()
            let client = try client(cache: cache)
            try client.put(keys("a"), "1")
            #expect(try client.value(keys("a")) == "1")
            #expect(cache.saved.count == 1 && cache.saved[0] != nil)
        }

        @Test func isRefusedOutsideItsPrefix() throws {
            #expect { try client().put(bytes("elsewhere/x"), "1") } throws: { error in
                (error as? EtcdError)?.code == .permissionDenied && (error as? EtcdError)?.outcome == .notExecuted
            }
        }

        @Test func aWrongPasswordIsRefused() throws {
            #expect { try client(password: "guess").value(keys("a")) } throws: { error in
                (error as? EtcdError)?.code == .authenticationFailed && (error as? EtcdError)?.message.contains("invalid user ID or password") == true
            }
        }

        @Test func noUserIsRefusedWithAHint() throws {
            #expect { try cluster.client().value(keys("a")) } throws: { error in
                (error as? EtcdError)?.code == .authenticationRequired && (error as? EtcdError)?.message.contains("etcd://USER@") == true
            }
        }

        @Test func aUserWithoutPasswordOrTokenIsRefused() throws {
            #expect { try client(password: nil).value(keys("a")) } throws: { error in
                (error as? EtcdError)?.message == "etcd user alice needs a password to sign in, and none was given"
            }
        }

        /// A cached token saves signing in; one the cluster no longer knows is
        /// replaced by signing in again, once, transparently.
        @Test func usesTheCacheAndReplacesAStaleToken() throws {
            let first = TokenBox()
            try client(cache: first).put(keys("cached"), "1")
            let token = try #require(first.saved.last ?? nil)
            let reusing = TokenBox(stored: token)
            #expect(try client(password: nil, cache: reusing).value(keys("cached")) == "1")
            #expect(reusing.saved.isEmpty)
            let stale = TokenBox(stored: "bogus.1")
            #expect(try client(cache: stale).value(keys("cached")) == "1")
            #expect(stale.saved.count == 2 && stale.saved[0] == nil && stale.saved[1] != nil)
        }

        /// A simple token is `random.index`; etcd waits for its raft index
        /// before judging it. A token from an older cluster can name an index
        /// this one has not reached: after one read timeout, sign in afresh.
        @Test func replacesATokenFromAnotherCluster() throws {
            let cache = TokenBox(stored: "fromelsewhere.99999999")
            let start = Deadline.now
            #expect(try client(cache: cache).value(keys("elsewhere")) == nil)
            #expect(cache.saved.first == .some(nil) && cache.saved.last != nil)
            #expect(seconds(since: start) < 6)
        }

        /// Simple tokens expire when idle (--auth-token-ttl); the next call signs in again.
        @Test func signsInAgainWhenTheTokenExpires() throws {
            let cache = TokenBox()
            let client = try client(cache: cache)
            try client.put(keys("ttl"), "1")
            Thread.sleep(forTimeInterval: 3.5)
            #expect(try client.value(keys("ttl")) == "1")
            #expect(cache.saved.compactMap { $0 }.count == 2)
        }

        @Test func watchesWithAToken() throws {
            let client = try client()
            let start = try client.put(keys("w"), "1")
            let watch = try client.watch(WatchRequest(key: keys("w"), startRevision: start))
            guard case .events(let events) = try watch.next(timeout: .seconds(5)) else {
                Issue.record("no events")
                return
            }
            #expect(events.first?.kv.value == bytes("1"))
        }

        @Test func aUserOnAClusterWithoutAuthenticationIsAClearError() throws {
            let plain = try EtcdCluster.shared("single")
            let client = try EtcdClient(plain.configuration(credentials: .init(user: "alice", password: "x")))
            #expect { try client.value(bytes("x")) } throws: { error in
                (error as? EtcdError)?.message.contains("has no authentication enabled") == true
            }
        }
    }
}

/// A token cache a test can look into.
final class TokenBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    private var saves: [String?] = []

    init(stored: String? = nil) { self.stored = stored }

    var saved: [String?] { lock.withLock { saves } }

    var cache: EtcdConfiguration.TokenCache {
        EtcdConfiguration.TokenCache(load: { self.lock.withLock { self.stored } },
                                     save: { token in self.lock.withLock { self.stored = token; self.saves.append(token) } })
    }
}
