import EtcdClient
import NetworkIO
import Testing
import TestSupport

extension LiveEtcdTests {
    /// Status, members, alarms, and the database filling up.
    @Suite(needsEtcd, .hangGuard)
    struct ClusterCallTests {
        @Test func describesTheCluster() throws {
            let cluster = try EtcdCluster.shared("single")
            let client = try cluster.client()
            let status = try client.status()
            #expect(status.version.hasPrefix("3.") && status.dbSize > 0 && status.leader == status.header.memberID && status.errors.isEmpty)
            #expect(try client.status(of: cluster.endpoint(0)).header.memberID == status.header.memberID)
            let members = try client.members()
            #expect(members.count == 1 && members[0].name == "m1" && members[0].clientURLs == ["http://127.0.0.1:\(cluster.members[0].clientPort)"])
            #expect(try client.alarms().isEmpty)
        }

        /// Past its quota etcd refuses writes (NOSPACE) but still serves reads;
        /// the error names the fix, and the alarm is listed.
        @Test func aFullDatabaseIsAClearError() throws {
            let cluster = try EtcdCluster.start(.init(extraFlags: ["--quota-backend-bytes=16777216"]))
            defer { cluster.shutdown() }
            let client = try cluster.client()
            let keys = EtcdTestKeys("full")
            let value = [UInt8](repeating: 0x5a, count: 1_000_000)
            var refusal: EtcdError?
            for index in 0..<40 where refusal == nil {
                do {
                    _ = try client.txn(TxnRequest(success: [.put(key: keys("\(index)"), value: value)]))
                } catch {
                    refusal = error
                }
            }
            let error = try #require(refusal)
            #expect(error.code == .noSpace && error.outcome == .notExecuted)
            #expect(error.message.contains("database space exceeded") && error.message.contains("defragment"))
            #expect(try client.range(RangeRequest(key: keys("0"), countOnly: true)).count == 1)
            #expect(try client.alarms().map(\.kind) == [.noSpace])
            #expect(try client.status().errors.contains { $0.contains("NOSPACE") })
        }
    }
}
