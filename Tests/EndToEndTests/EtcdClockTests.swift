import Foundation
import Testing
import TestSupport

/// On an etcd store made on the real clock, "now" is the cluster's (the
/// `Date` of its first answer), not this machine's: a proxy in front of a
/// real member moves the dates it relays, as a cluster whose clock differs
/// from the laptop's would look.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .hangGuard, .ownThreads)
struct EtcdClockTests {
    @Test func deadlinesAreJudgedByTheClustersClock() throws {
        let cluster = try EtcdCluster.start(.init(members: 1))
        defer { cluster.shutdown() }
        let proxy = try EtcdProxy(upstreamPort: cluster.members[0].clientPort)
        defer { proxy.stop() }
        let sandbox = Sandbox("clock", cluster: cluster)
        let ana = sandbox.person("ana")
        guard let prefix = sandbox.etcd?.prefix else { throw HarnessFailure("no prefix") }
        ana.environment["LIFESIGNAL_STORE"] = "etcd://127.0.0.1:\(proxy.port)/" + prefix
        // A store on the real clock: no simulated time.
        ana.environment["LIFESIGNAL_NOW"] = nil
        try ana.signUp(phone: "+15550110000", first: "Ana")

        // The cluster's clock three days ahead of this machine's: the check-in is at its time.
        proxy.shiftDates(by: 3 * 86_400)
        let checkin = try ana.run(["checkin", "--json"]).object()
        let at = try #require((checkin["lastCheckIn"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
        #expect(abs(at.timeIntervalSinceNow - 3 * 86_400) < 120, "checked in at \(at), not the cluster's time")
        #expect(try ana.run(["status", "--check"]).status == 0)

        // Two more days pass on the cluster's clock and none on this machine's: overdue.
        proxy.shiftDates(by: 5 * 86_400)
        #expect(try ana.run(["status", "--check"]).status == 10)
        // Back to this machine's time, the check-in lies in the future and nothing is due.
        proxy.shiftDates(by: 0)
        #expect(try ana.run(["status", "--check"]).status == 0)
    }
}

extension EtcdClockTests {
    /// The cluster's certificate is valid only from three days on (made on
    /// a machine whose clock ran ahead), and this machine's clock agrees
    /// with the cluster's: the error says the clocks agree and the
    /// certificate itself is the matter, in one line, exit 12.
    /// (`EtcdClientTests`' ClockCheckTests has a clock that is wrong.)
    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestPKI.fakeTime) || ProcessInfo.processInfo.environment["CI"] != nil,
                   "libfaketime is not installed"))
    func aCertificateNotYetValidSaysWhetherTheClockOrTheCertificateIsWrong() throws {
        let cluster = try EtcdCluster.start(.init(members: 1, tls: true, serverCertificateStartsIn: 3))
        defer { cluster.shutdown() }
        let pki = try #require(cluster.pki)
        let sandbox = Sandbox("futurecert", cluster: cluster)
        let ana = sandbox.person("ana")
        ana.environment.merge(EtcdAccessTests.tls(pki)) { $1 }
        let refused = try ana.run(["login", "--phone", "+15550110001"], timeout: 30)
        #expect(refused.status == 12, "\(refused)")
        #expect(refused.stderr.contains("not yet valid") && refused.stderr.contains("this machine's clock agrees with the cluster's"),
                "\(refused)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused)")
    }
}
