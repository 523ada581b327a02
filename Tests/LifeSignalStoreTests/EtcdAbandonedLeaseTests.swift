import EtcdClient
import EtcdStore
import FoundationEssentials
import StoreBackends
import StoreOpening
import TestSupport
import Testing

/// A lease whose release never reached the cluster (the member was out of
/// reach at that moment) holds others back until it expires, but not the
/// handle that gave it up: an agent that led a catch-up into an outage
/// leads again as soon as the store is back, rather than waiting out its
/// own lease (issue 32.1).
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .serialized, .hangGuard, .ownThreads)
struct EtcdAbandonedLeaseTests {
    @Test func aLeaseReleasedWhileTheClusterWasAwayIsFreeForItsHolderAlone() throws {
        let cluster = try EtcdCluster.shared("conformance")
        let proxy = try EtcdProxy(upstreamPort: cluster.members[0].clientPort)
        defer { proxy.stop() }
        let prefix = "abandoned-lease-\(UInt64.random(in: 0...UInt64.max))"
        guard case .etcd(let viaProxy) = try StoreLocation.parse("etcd://127.0.0.1:\(proxy.port)/\(prefix)", workingDirectory: "/"),
              case .etcd(let direct) = try StoreLocation.parse("etcd://127.0.0.1:\(cluster.members[0].clientPort)/\(prefix)",
                                                               workingDirectory: "/") else {
            throw FixtureError("not an etcd location")
        }
        let access = EtcdStoreAccess(operationTimeout: .seconds(2), busyTimeout: .seconds(1))
        let holder = try EtcdBackend(location: viaProxy, access: access)
        let other = try EtcdBackend(location: direct, access: access)

        let lease = try #require(try holder.lease("catch-up", for: .seconds(60)))
        proxy.setMode(.refuse)
        lease.release()
        proxy.setMode(.pass)

        #expect(try other.lease("catch-up", for: .seconds(60)) == nil, "the lease still runs for others")
        let again = try #require(try holder.lease("catch-up", for: .seconds(60)), "its holder takes it again at once")
        #expect(try other.lease("catch-up", for: .seconds(60)) == nil, "taken again, it is held")
        again.release()
        let next = try #require(try other.lease("catch-up", for: .seconds(60)), "released, it is free for anyone")
        next.release()
    }
}
