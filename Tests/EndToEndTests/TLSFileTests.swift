import Foundation
import Testing
import TestSupport

/// The TLS files an `etcds://` store names (`LIFESIGNAL_ETCD_CACERT`, `_CERT`,
/// `_KEY`) are read like store files: a FIFO, a device, a directory or a
/// huge file is refused at once, with a line naming it, never waited on or
/// read without end. No cluster is needed: the files are read before any
/// member is asked.
@Suite(.serialized, .ownThreads) struct TLSFileTests {
    @Test(arguments: ["LIFESIGNAL_ETCD_CACERT", "LIFESIGNAL_ETCD_CERT", "LIFESIGNAL_ETCD_KEY"])
    func aTLSFileThatIsNotAnOrdinaryFileIsRefusedAtOnce(variable: String) throws {
        let sandbox = Sandbox("tls-files", storeKind: .directory)
        let ada = sandbox.person("ada")
        ada.environment["LIFESIGNAL_STORE"] = "etcds://127.0.0.1:9/family"
        let fifo = sandbox.root.appendingPathComponent("fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let huge = sandbox.root.appendingPathComponent("huge.pem")
        try Data(repeating: UInt8(ascii: "A"), count: 5 << 20).write(to: huge)
        let cases: [(path: String, reason: String)] = [
            (fifo, "it is a FIFO, not a regular file"),
            ("/dev/zero", "it is a character device, not a regular file"),
            (sandbox.root.path, "it is a directory, not a regular file"),
            (huge.path, "it is larger than 4 MiB"),
        ]
        for (path, reason) in cases {
            let started = Date()
            let result = try ada.run(["status"], extra: [variable: path], timeout: 30)
            #expect(Date().timeIntervalSince(started) < 10, "\(path): took too long")
            #expect(result.status == 12, "\(path): \(result)")
            #expect(result.stderr.hasPrefix("error: store unavailable:") && result.stderr.contains("\(path): \(reason)"),
                    "\(path): \(result)")
            #expect(result.stdout.isEmpty)
        }
    }
}
