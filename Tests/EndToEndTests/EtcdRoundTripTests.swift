import Foundation
import Testing
import TestSupport

/// What a command costs on etcd, counted exactly (`LIFESIGNAL_ETCD_TRAFFIC`,
/// the client's own count, which its tests hold against a proxy's): a
/// signed-in `status` in one round trip, its dependents' files included
/// once a command has read them (they are kept in the XDG cache for the
/// next one), `checkin` in two, whatever the number of people in the store.
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
        // A new dependent's files take reads of their own once (their account
        // when adding them, their delivery set-up and sessions at the first
        // status, which shows who could be told); from then on they come in
        // the first.
        let ben = sandbox.person("ben")
        try ben.signUp(phone: "+15550106001", first: "Ben")
        try ana.linkBothWays(with: ben)
        for minute in 6...7 {
            let status = try ana.run(["status"], extra: ["LIFESIGNAL_ETCD_TRAFFIC": "1", "LIFESIGNAL_NOW": "2026-03-01T09:0\(minute):00Z"])
            #expect(status.succeeded, "\(status)")
            if minute == 6 {
                #expect((Self.roundTrips(status) ?? 0) <= 2, "\(status.stderr)")
            } else {
                #expect(Self.roundTrips(status) == 1, "\(status.stderr)")
            }
        }
    }
}

extension EtcdRoundTripTests {
    /// Without the cache (a fresh XDG cache), a status with a dependent who
    /// is also a responder reads the other's files (account, delivery
    /// set-up, sessions) in round trips of their own, and keeps them for the
    /// next.
    @Test func theDependentsFilesAreLearnedOnce() throws {
        let cluster = try EtcdCluster.start(.init(members: 1))
        defer { cluster.shutdown() }
        let sandbox = Sandbox("learned", cluster: cluster)
        let ana = sandbox.person("ana"), ben = sandbox.person("ben")
        try ana.signUp(phone: "+15550106100", first: "Ana")
        try ben.signUp(phone: "+15550106101", first: "Ben")
        try ana.linkBothWays(with: ben)
        let cache = ana.home.appendingPathComponent("lifesignal-cache")
        ana.environment["XDG_CACHE_HOME"] = cache.path
        _ = try ana.run(["status"])
        let traffic = ["LIFESIGNAL_ETCD_TRAFFIC": "1"]
        let cold = try ana.run(["status"], extra: traffic)
        #expect(Self.roundTrips(cold) == 1, "the identity is known now: \(cold.stderr)")
        // Forget the files, keep the identity: the other's files cost more, once.
        let hints = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("lifesignal").path)
        for name in hints where name.hasPrefix("identity-") {
            let file = cache.appendingPathComponent("lifesignal").appendingPathComponent(name)
            // The file is an envelope: {"data": {"identity": ..., "files": [...]}, "schemaVersion": 1}.
            var kept = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            var data = try #require(kept["data"] as? [String: Any])
            #expect(data["files"] != nil, "the other's files were kept: \(data)")
            data["files"] = nil
            kept["data"] = data
            try JSONSerialization.data(withJSONObject: kept).write(to: file)
        }
        let forgot = try ana.run(["status"], extra: traffic)
        #expect((Self.roundTrips(forgot) ?? 0) > 1, "\(forgot.stderr)")
        let learned = try ana.run(["status"], extra: traffic)
        #expect(Self.roundTrips(learned) == 1, "\(learned.stderr)")
    }
}
