import EtcdClient
import Foundation
import Testing
import TestSupport

extension LiveEtcdTests {
    /// OpenSSL never reads the system's (or `OPENSSL_CONF`'s) configuration:
    /// TLS behaves the same on every machine. Shown with a configuration
    /// that, if read, caps TLS at 1.0, which no handshake of ours accepts.
    @Suite(needsEtcd, .hangGuard)
    struct OpenSSLConfigurationTests {
        static let hostile = """
            openssl_conf = init
            [init]
            ssl_conf = ssl
            [ssl]
            system_default = policy
            [policy]
            MaxProtocol = TLSv1

            """

        /// Runs `arguments` with `OPENSSL_CONF` set; its status and output.
        func run(_ arguments: [String], configuration: String) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
            process.environment = ["PATH": "/usr/bin:/bin", "OPENSSL_CONF": configuration]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }

        @Test func ignoresOpenSSLConfigurationFiles() throws {
            let cluster = try EtcdCluster.shared("tls", .init(tls: true))
            let pki = try #require(cluster.pki)
            let configuration = cluster.directory + "/hostile-openssl.cnf"
            try Self.hostile.write(toFile: configuration, atomically: true, encoding: .utf8)
            let port = cluster.members[0].clientPort
            // The configuration bites whoever reads it: openssl's own client fails.
            let (refused, said) = try run(["/usr/bin/openssl", "s_client", "-connect", "127.0.0.1:\(port)", "-brief",
                                           "-CAfile", pki.caFile, "-cert", pki.clientCertificate, "-key", pki.clientKey],
                                          configuration: configuration)
            #expect(refused != 0, "\(said)")
            let floor = Binary.url.deletingLastPathComponent().appendingPathComponent("etcd-floor").path
            let (status, output) = try run([floor, "etcds://127.0.0.1:\(port)/openssl-conf", "--op", "range", "--count", "1",
                                            "--warmup", "0", "--cacert", pki.caFile, "--cert", pki.clientCertificate,
                                            "--key", pki.clientKey], configuration: configuration)
            #expect(status == 0, "\(output)")
            #expect(output.contains("range"))
        }
    }
}
