import EtcdClient
import Testing
import TestSupport

@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)))
struct SmokeTests {
    @Test func roundTrip() throws {
        let cluster = try EtcdCluster.start()
        defer { cluster.shutdown() }
        let client = try cluster.client()
        let put = try client.txn(TxnRequest(success: [.put(key: Array("a".utf8), value: Array("1".utf8))]))
        #expect(put.succeeded)
        let read = try client.range(RangeRequest(key: Array("a".utf8)))
        #expect(read.kvs.first?.value == Array("1".utf8))
        print(read)
    }
}
extension SmokeTests {
    @Test func tls() throws {
        let cluster = try EtcdCluster.start(.init(tls: true))
        defer { cluster.shutdown() }
        let client = try cluster.client()
        _ = try client.txn(TxnRequest(success: [.put(key: Array("a".utf8), value: Array("1".utf8))]))
        let read = try client.range(RangeRequest(key: Array("a".utf8)))
        #expect(read.kvs.first?.value == Array("1".utf8))
        print(try client.status())
        var bad = cluster.configuration()
        bad.tls?.certificateFile = nil; bad.tls?.keyFile = nil
        do { _ = try EtcdClient(bad).range(RangeRequest(key: [1])) } catch { print("NOCERT", error.code, error.outcome, error.message) }
        bad = cluster.configuration()
        bad.tls?.certificateFile = cluster.pki!.foreignCertificate; bad.tls?.keyFile = cluster.pki!.foreignKey
        do { _ = try EtcdClient(bad).range(RangeRequest(key: [1])) } catch { print("FOREIGN", error.code, error.outcome, error.message) }
        bad = cluster.configuration()
        bad.tls?.caFile = cluster.pki!.foreignCAFile
        do { _ = try EtcdClient(bad).range(RangeRequest(key: [1])) } catch { print("FOREIGNCA", error.code, error.outcome, error.message) }
        bad = cluster.configuration()
        bad.tls?.keyFile = cluster.pki!.encryptedClientKey
        do { _ = try EtcdClient(bad).range(RangeRequest(key: [1])) } catch { print("ENCRYPTED", error.code, error.outcome, error.message) }
        bad = cluster.configuration()
        bad.tls = nil
        do { _ = try EtcdClient(bad).range(RangeRequest(key: [1])) } catch { print("PLAIN", error.code, error.outcome, error.message) }
    }
}
