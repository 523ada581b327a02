import EtcdClient
import NetworkIO
import Testing
import TestSupport

extension LiveEtcdTests {
    /// Mutual TLS against a real etcd (--client-cert-auth), with certificates
    /// made by openssl for the test: the good case and every way to get it wrong.
    @Suite(needsEtcd, .hangGuard)
    struct TLSTests {
        let cluster: EtcdCluster
        let pki: TestPKI

        init() throws {
            cluster = try EtcdCluster.shared("tls", .init(tls: true))
            pki = try #require(cluster.pki)
        }

        /// The error a client with `tls` (and `host` for the member) gets.
        func failure(tls: TLSConfiguration?, host: String = "127.0.0.1",
                     hosts: String = "") throws -> EtcdError? {
            var configuration = cluster.configuration()
            configuration.tls = tls
            configuration.endpoints = [EtcdURL.Endpoint(host: host, port: cluster.members[0].clientPort)]
            configuration.resolver = HostResolver(readFile: { $0 == "/etc/hosts" ? Array(hosts.utf8) : nil })
            do {
                _ = try EtcdClient(configuration).range(RangeRequest(key: bytes("x")))
                return nil
            } catch {
                return error
            }
        }

        @Test func worksWithTheRightCertificates() throws {
            let client = try cluster.client()
            let keys = EtcdTestKeys("tls")
            try client.put(keys("k"), "secret")
            #expect(try client.value(keys("k")) == "secret")
        }

        @Test func verifiesTheNameLocalhostToo() throws {
            #expect(try failure(tls: cluster.clientTLS, host: "localhost") == nil)
        }

        @Test func negotiatesTLS13() throws {
            let context = try TLSContext(try #require(cluster.clientTLS))
            let socket = try Socket.connectTCP(to: SocketAddress(.loopbackV4, port: cluster.members[0].clientPort), deadline: .after(.seconds(2)))
            let stream = try TLSStream(socket: socket, host: "127.0.0.1", context: context, deadline: .after(.seconds(2)))
            #expect(stream.protocolVersion == "TLSv1.3")
            stream.close()
        }

        @Test func refusedWithoutAClientCertificate() throws {
            let error = try #require(try failure(tls: TLSConfiguration(caFile: pki.caFile)))
            #expect(error.code == .tls && error.outcome == .notExecuted)
            #expect(error.message.contains("did not accept our client certificate"))
        }

        @Test func refusedWithACertificateFromAForeignCA() throws {
            let error = try #require(try failure(tls: TLSConfiguration(caFile: pki.caFile, certificateFile: pki.foreignCertificate,
                                                                       keyFile: pki.foreignKey)))
            #expect(error.code == .tls && error.message.contains("did not accept our client certificate"))
        }

        @Test func refusesAServerSignedByAnotherCA() throws {
            let error = try #require(try failure(tls: TLSConfiguration(caFile: pki.foreignCAFile, certificateFile: pki.clientCertificate,
                                                                       keyFile: pki.clientKey)))
            #expect(error.code == .tls && error.message.contains("the server's certificate is not trusted: unable to get local issuer certificate"))
        }

        @Test func refusesAServerWhoseCertificateNamesAnotherHost() throws {
            let error = try #require(try failure(tls: cluster.clientTLS, host: "etcd.wrong.example",
                                                 hosts: "127.0.0.1 etcd.wrong.example\n"))
            #expect(error.code == .tls && error.message.contains("hostname mismatch"))
        }

        @Test func plainHTTPToATLSPortIsAClearError() throws {
            let error = try #require(try failure(tls: nil))
            #expect(error.code == .unavailable && error.message.contains("use etcds://"))
        }

        @Test func tlsToAPlainPortIsAClearError() throws {
            let plain = try EtcdCluster.shared("single")
            var configuration = plain.configuration()
            configuration.tls = cluster.clientTLS
            #expect { try EtcdClient(configuration).range(RangeRequest(key: bytes("x"))) } throws: { error in
                (error as? EtcdError)?.code == .tls && (error as? EtcdError)?.message.contains("use etcd://") == true
            }
        }

        @Test func anEncryptedKeyIsAnErrorNotAPrompt() {
            var configuration = cluster.configuration()
            configuration.tls?.keyFile = pki.encryptedClientKey
            #expect { try EtcdClient(configuration) } throws: { error in
                (error as? EtcdError)?.code == .tls && (error as? EtcdError)?.message.contains("is encrypted") == true
            }
        }

        @Test(arguments: ["CA", "certificate", "key"])
        func namesAMissingFile(role: String) {
            var configuration = cluster.configuration()
            switch role {
            case "CA": configuration.tls?.caFile = "/nonexistent/ca.crt"
            case "certificate": configuration.tls?.certificateFile = "/nonexistent/client.crt"
            default: configuration.tls?.keyFile = "/nonexistent/client.key"
            }
            #expect { try EtcdClient(configuration) } throws: { error in
                (error as? EtcdError)?.message.contains("/nonexistent/") == true
                    && (error as? EtcdError)?.message.contains("No such file or directory") == true
            }
        }

        @Test func aKeyThatIsNotTheCertificatesIsRefused() {
            var configuration = cluster.configuration()
            configuration.tls?.keyFile = pki.foreignKey
            #expect { try EtcdClient(configuration) } throws: { error in
                (error as? EtcdError)?.message.contains("does not match certificate") == true
            }
        }
    }
}
