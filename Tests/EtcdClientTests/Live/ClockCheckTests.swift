import EtcdClient
import Foundation
import NetworkIO
import Testing
import TestSupport

/// A certificate that looks not yet valid is most often this machine's
/// clock: the client asks the cluster the time and says which it is.
@Suite(.enabled(if: EtcdBinary.shouldRun && (FileManager.default.fileExists(atPath: TestPKI.fakeTime)
                                             || ProcessInfo.processInfo.environment["CI"] != nil),
                Comment(rawValue: EtcdBinary.skipNote + " (and libfaketime)")),
       .hangGuard, .ownThreads)
struct ClockCheckTests {
    /// The server's certificate starts in three days, and this machine's
    /// clock is three days behind the cluster's (as a laptop's whose clock
    /// is wrong, for which the cluster's certificates start in the future).
    @Test func aClockBehindTheClustersIsNamedWithHowFarBehind() throws {
        let cluster = try EtcdCluster.start(.init(members: 1, tls: true, serverCertificateStartsIn: 3))
        defer { cluster.shutdown() }
        var configuration = cluster.configuration()
        configuration.localClock = { Int64(Date().timeIntervalSince1970) - 3 * 86_400 }
        let client = try EtcdClient(configuration)
        #expect {
            _ = try client.range(RangeRequest(key: Array("k".utf8)))
        } throws: { error in
            guard let error = error as? EtcdError else { return false }
            return error.code == .tls
                && error.message.hasPrefix("this machine's clock looks wrong: it is 3 days behind the cluster's")
                && error.message.contains("not yet valid")
        }
    }
}
