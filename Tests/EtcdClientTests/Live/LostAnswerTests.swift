import EtcdClient
import HTTPClient
import NetworkIO
import Testing
import TestSupport

extension LiveEtcdTests {
    /// A member that carries out a request and loses the answer, made exactly:
    /// a loopback proxy passes the request to a real etcd and hangs up instead
    /// of answering. The write has committed; the client cannot know.
    @Suite(needsEtcd, .hangGuard)
    struct LostAnswerTests {
        let cluster: EtcdCluster
        let keys = EtcdTestKeys("lost")

        init() throws {
            cluster = try EtcdCluster.shared("single")
        }

        /// A proxy to the cluster's member that forwards each request and drops its answer.
        func answerDroppingProxy() throws -> LoopbackServer {
            let port = cluster.members[0].clientPort
            return try LoopbackServer { connection in
                guard let request = connection.readRequest() else { return }
                let target = request.head.split(separator: " ")[1]
                let upstream = HTTPClient(host: "127.0.0.1", port: port, connector: Connector())
                _ = try? upstream.send(HTTPRequest(target: String(target), body: request.body), deadline: .after(.seconds(5)))
                connection.close()
            }
        }

        func client(via proxy: LoopbackServer) throws -> EtcdClient {
            var configuration = cluster.configuration()
            configuration.endpoints.insert(EtcdURL.Endpoint(host: "127.0.0.1", port: proxy.port), at: 0)
            return try EtcdClient(configuration)
        }

        @Test func aLostAnswerToAWriteIsAmbiguous() throws {
            let proxy = try answerDroppingProxy()
            let client = try client(via: proxy)
            do {
                try client.put(keys("blind"), "1")
                Issue.record("a lost answer was reported as success")
            } catch {
                #expect(error.outcome == .ambiguous && error.code == .unavailable)
            }
            // It did commit.
            #expect(try cluster.client().value(keys("blind")) == "1")
        }

        /// With a marker compared and written in the same transaction, resending
        /// is safe: the resend fails its compare and its failure branch shows the
        /// marker, so the caller knows the first attempt committed.
        @Test func aMarkedWriteIsResentAndFoundCommitted() throws {
            let proxy = try answerDroppingProxy()
            let client = try client(via: proxy)
            let marker = keys("marker"), counter = keys("counter")
            let response = try client.txn(TxnRequest(
                compares: [Compare(key: marker, .createRevision(0)), Compare(key: counter, .modRevision(0))],
                success: [.put(key: counter, value: bytes("1")), .put(key: marker, value: [])],
                failure: [.range(RangeRequest(key: marker))]), resendIfAmbiguous: true)
            #expect(!response.succeeded)
            guard case .range(let seen) = response.responses.first else {
                Issue.record("no failure read: \(response)")
                return
            }
            #expect(seen.kvs.map(\.key) == [marker])
            #expect(try cluster.client().value(counter) == "1")
            #expect(proxy.acceptedCount == 1)
        }

        /// Reads are resent freely.
        @Test func aLostAnswerToAReadIsAskedAgain() throws {
            try cluster.client().put(keys("r"), "x")
            let proxy = try answerDroppingProxy()
            #expect(try client(via: proxy).value(keys("r")) == "x")
        }
    }
}
