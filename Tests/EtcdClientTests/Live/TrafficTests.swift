import EtcdClient
import Testing
import TestSupport

extension LiveEtcdTests {
    /// The client's count of round trips and connections, against what a
    /// proxy between it and a real member saw cross the wire.
    @Suite(needsEtcd, .hangGuard)
    struct TrafficTests {
        let cluster: EtcdCluster
        let keys = EtcdTestKeys("traffic")

        init() throws {
            cluster = try EtcdCluster.shared("single")
        }

        @Test func countsEveryRequestAndConnection() throws {
            let proxy = try EtcdProxy(upstreamPort: cluster.members[0].clientPort)
            defer { proxy.stop() }
            var configuration = cluster.configuration()
            configuration.endpoints = [EtcdURL.Endpoint(host: "127.0.0.1", port: proxy.port)]
            let client = try EtcdClient(configuration)
            #expect(client.traffic == EtcdClient.Traffic(roundTrips: 0, connections: 0), "nothing is sent before a call")
            try client.put(keys("a"), "1")
            for _ in 0..<3 { _ = try client.value(keys("a")) }
            _ = try client.txn(TxnRequest(success: [.range(RangeRequest(key: keys("a"))), .range(RangeRequest(key: keys("b")))]))
            #expect(client.traffic == EtcdClient.Traffic(roundTrips: 5, connections: 1))
            #expect(proxy.requestPaths == ["/v3/kv/txn", "/v3/kv/range", "/v3/kv/range", "/v3/kv/range", "/v3/kv/txn"])
            #expect(proxy.connections == 1, "one kept-alive connection")
        }

        /// A request whose answer is lost and is sent again counts twice, as it crossed twice.
        @Test func countsResendsAsTheyHappen() throws {
            let proxy = try EtcdProxy(upstreamPort: cluster.members[0].clientPort)
            defer { proxy.stop() }
            var configuration = cluster.configuration()
            configuration.endpoints = [EtcdURL.Endpoint(host: "127.0.0.1", port: proxy.port), cluster.endpoint(0)]
            let client = try EtcdClient(configuration)
            proxy.setFault { path, _ in path == "/v3/kv/range" ? .loseAnswer : .none }
            try cluster.client().put(keys("r"), "x")
            #expect(try client.value(keys("r")) == "x")
            #expect(client.traffic == EtcdClient.Traffic(roundTrips: 2, connections: 2))
            #expect(proxy.requestPaths == ["/v3/kv/range"])
        }
    }
}
