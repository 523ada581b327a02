import Foundation
import Testing
import TestSupport

/// What a command costs on etcd, counted exactly (`LIFESIGNAL_ETCD_TRAFFIC`,
/// the client's own count, which its tests hold against a proxy's): a
/// signed-in `status` in one round trip (one more when it has dependents
/// to show), `checkin` in two, whatever the number of people in the store.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .timeLimit(.minutes(2)))
struct EtcdRoundTripTests {
    /// The round trips the run reported, nil when it reported none.
    static func roundTrips(_ result: RunResult) -> Int? {
        guard let line = result.stderr.split(separator: "\n").last(where: { $0.hasPrefix("etcd: ") }) else { return nil }
        return Int(line.dropFirst("etcd: ".count).prefix { $0.isNumber })
    }

    @Test func statusTakesOneRoundTripAndCheckinTwo() throws {
        let cluster = try EtcdCluster.start(.init(members: 3))
        defer { cluster.shutdown() }
        let sandbox = Sandbox("roundtrips", cluster: cluster)
        let ana = sandbox.person("ana")
        try ana.signUp(phone: "+15550106000", first: "Ana")
        for index in 0..<5 {
            try sandbox.person("p\(index)").signUp(phone: "+1555010700\(index)", first: "P\(index)")
        }
        // The first command after signing in learns where the account is; the rest go straight to it.
        #expect(try ana.run(["checkin"]).succeeded)
        for minute in 1...2 {
            // Time moves between check-ins, as it does for people.
            let traffic = ["LIFESIGNAL_ETCD_TRAFFIC": "1", "LIFESIGNAL_NOW": "2026-03-01T09:0\(minute):00Z"]
            let status = try ana.run(["status"], extra: traffic)
            #expect(status.succeeded, "\(status)")
            #expect(Self.roundTrips(status) == 1, "\(status.stderr)")
            let checkin = try ana.run(["checkin"], extra: traffic)
            #expect(checkin.succeeded, "\(checkin)")
            #expect(Self.roundTrips(checkin) == 2, "\(checkin.stderr)")
        }
        // A dependent to show is one more read.
        let ben = sandbox.person("ben")
        try ben.signUp(phone: "+15550106001", first: "Ben")
        try ana.linkBothWays(with: ben)
        _ = try ana.run(["status"])
        let status = try ana.run(["status"], extra: ["LIFESIGNAL_ETCD_TRAFFIC": "1", "LIFESIGNAL_NOW": "2026-03-01T09:05:00Z"])
        #expect(Self.roundTrips(status) == 2, "\(status.stderr)")
    }
}
