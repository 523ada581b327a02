import EtcdClient
import EtcdStore
import FoundationEssentials
import LifeSignalStore
import StoreOpening
import TestSupport
import Testing

/// An etcd store's change signal when the history its watch needs is gone
/// (compacted while nobody waited): it reads the revision again, says
/// something may have changed, and watches on from there.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .hangGuard, .ownThreads)
struct EtcdChangeSignalTests {
    @Test func aCompactedRevisionIsReadAgainAndWatchedFromThere() throws {
        let cluster = try EtcdCluster.shared("conformance")
        let prefix = "changesignal-\(UInt64.random(in: 0...UInt64.max))"
        guard case .etcd(let location) = try StoreLocation.parse("etcd://127.0.0.1:\(cluster.members[0].clientPort)/\(prefix)",
                                                                 workingDirectory: "/") else {
            throw FixtureError("not an etcd location")
        }
        let store = try EtcdBackend(location: location, access: EtcdStoreAccess())
        let writer = try EtcdBackend(location: location, access: EtcdStoreAccess())
        let signal = try store.changes(under: "feed")
        // Changes elsewhere, then the history up to now compacted: the
        // revision the watch would start from is gone.
        for index in 0..<3 { try writer.write { tx in try tx.write("elsewhere/\(index)", Array("x".utf8)) } }
        let client = try cluster.client()
        let latest = try client.range(RangeRequest(key: Array("\(prefix)/".utf8))).header.revision
        _ = try client.compact(revision: latest)
        #expect(signal.wait(timeout: .seconds(5)), "a compacted history did not say something may have changed")
        #expect(!signal.wait(timeout: .milliseconds(200)), "it woke again with nothing new")
        try writer.write { tx in try tx.write("feed/1", Array("1".utf8)) }
        #expect(signal.wait(timeout: .seconds(5)), "a change after the new start went unseen")
    }
}
