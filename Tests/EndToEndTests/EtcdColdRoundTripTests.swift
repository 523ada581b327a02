import Foundation
import Testing
import TestSupport

/// What an everyday command costs on etcd the first time on a machine (a
/// fresh XDG cache: no identity hint, no learned files) and once its cache
/// is warm, in round trips as the binary counts them: a cold command names
/// its account's files in its first request (the only store it is signed
/// in to is most likely this one), and another account's small files come
/// in one request with those of the command's other contacts, and with
/// what an append to each one's feed reads (its last segment and an
/// ID-index file the new item's ID is made to start with).
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .hangGuard, .ownThreads)
struct EtcdColdRoundTripTests {
    /// The round trips of `arguments` run by `person`, with a cache of its
    /// own when `cold` (nothing kept from an earlier command), else with
    /// `person`'s kept one.
    static func roundTrips(_ person: Person, _ arguments: [String], cold: Bool,
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        var extra = ["LIFESIGNAL_ETCD_TRAFFIC": "1"]
        if cold { extra["XDG_CACHE_HOME"] = person.home.appendingPathComponent("cold-cache-\(UUID().uuidString)").path }
        let run = try person.run(arguments, extra: extra)
        #expect(run.succeeded, "\(arguments): \(run)", sourceLocation: sourceLocation)
        return try #require(EtcdRoundTripTests.roundTrips(run), "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
    }

    /// Ana, with Ben as responder and dependent, and Cy and Dan signed up
    /// to be added; everyone's cache kept under their home.
    static func people(_ sandbox: Sandbox) throws -> (ana: Person, ben: Person, cy: Person, dan: Person) {
        let ana = sandbox.person("ana"), ben = sandbox.person("ben"), cy = sandbox.person("cy"), dan = sandbox.person("dan")
        for (index, (person, name)) in [(ana, "Ana"), (ben, "Ben"), (cy, "Cy"), (dan, "Dan")].enumerated() {
            person.environment["XDG_CACHE_HOME"] = person.home.appendingPathComponent("cache").path
            try person.signUp(phone: "+1555010640\(index)", first: name)
        }
        try ana.linkBothWays(with: ben)
        return (ana, ben, cy, dan)
    }

    /// Bounds, not exact counts: a snapshot kept for the next call serves it
    /// only for a moment (`EtcdBackend.reuseWindow`), and a machine short of
    /// CPU may take longer than that between two reads, and a request more.
    @Test func everydayCommandsTakeFewRoundTripsColdAndWarm() throws {
        let cluster = try EtcdCluster.start(.init(members: 1))
        defer { cluster.shutdown() }
        let sandbox = Sandbox("cold", cluster: cluster)
        let (ana, _, cy, dan) = try Self.people(sandbox)

        // Cold: store.json with Ana's own files, then Ben's (her dependent's).
        #expect(try Self.roundTrips(ana, ["status"], cold: true) <= 2)
        // Cold: the read, then the commit.
        #expect(try Self.roundTrips(ana, ["checkin"], cold: true) <= 2)
        // Cold: the read, with the code's file (named with the code key her
        // session keeps); Cy's small files with her feed's and Ana's schedule
        // entry (named by her wake.json, which the read brought); the commit.
        #expect(try Self.roundTrips(ana, ["contacts", "add", try cy.qrCode(), "--responder"], cold: true) <= 3)
        // Cold: the read, the responders' small files with their feeds', the commit.
        #expect(try Self.roundTrips(ana, ["alert", "on", "--yes"], cold: true) <= 3)
        #expect(try ana.run(["alert", "off"]).succeeded)

        // Warm: what the cold ones learned comes in the first request (the
        // first check-in and status after the alert learn where its deadline now is).
        for arguments in [["checkin"], ["status"], ["checkin"], ["status"]] { #expect(try ana.run(arguments).succeeded) }
        #expect(try Self.roundTrips(ana, ["status"], cold: false) == 1)
        #expect(try Self.roundTrips(ana, ["checkin"], cold: false) <= 2)
        // The read (with an ID-index file of each responder's feed picked at random), the commit.
        #expect(try Self.roundTrips(ana, ["alert", "on", "--yes"], cold: false) <= 2)
        // Someone never seen before: the read with the code, their files with their feed's, the commit.
        #expect(try Self.roundTrips(ana, ["contacts", "add", try dan.qrCode(), "--responder"], cold: false) <= 3)
    }

    /// The session file a sign-in keeps (`session-<identity>.json`): where,
    /// the whole file, and its data.
    static func session(of person: Person) throws -> (url: URL, file: [String: Any], data: [String: Any]) {
        let names = try FileManager.default.contentsOfDirectory(atPath: person.stateDirectory.path)
        let name = try #require(names.first { $0.hasPrefix("session-") && $0.hasSuffix(".json") }, "\(names)")
        let url = person.stateDirectory.appendingPathComponent(name)
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return (url, file, try #require(file["data"] as? [String: Any], "\(file)"))
    }

    /// The store's code key, kept in the session at sign-in, names the
    /// code's file in the first request; a session saved before sessions
    /// kept it still adds a contact (the look-up waits for store.json, one
    /// round trip more) and learns the key for the next look-up.
    @Test func theSessionKeepsTheCodeKey() throws {
        let cluster = try EtcdCluster.start(.init(members: 1))
        defer { cluster.shutdown() }
        let sandbox = Sandbox("code-key", cluster: cluster)
        let (ana, _, cy, dan) = try Self.people(sandbox)
        var (url, file, data) = try Self.session(of: ana)
        let key = try #require(data["codeKey"] as? String, "the sign-in keeps it: \(data)")
        data["codeKey"] = nil
        file["data"] = data
        try JSONSerialization.data(withJSONObject: file).write(to: url)

        #expect(try Self.roundTrips(ana, ["contacts", "add", try cy.qrCode(), "--responder"], cold: true) <= 4)
        #expect(try Self.session(of: ana).data["codeKey"] as? String == key, "learned again")
        #expect(try Self.roundTrips(ana, ["contacts", "add", try dan.qrCode(), "--responder"], cold: true) <= 3)
    }

    /// A `tick` that hands one item to the notify command: the look at the
    /// store, the lease (whose write reads what the plan reads, at its own
    /// revision), the record of the delivery (the item found by its
    /// position, with no look at the ID index), the lease's release.
    @Test func aTickDeliveringOneItemTakesFewRequests() throws {
        let cluster = try EtcdCluster.start(.init(members: 1))
        defer { cluster.shutdown() }
        let sandbox = Sandbox("tick", cluster: cluster)
        let (ana, ben, _, _) = try Self.people(sandbox)
        try #require(try ben.run(["settings", "set", "notify-command", "true"]).succeeded)
        for _ in 0..<2 { try #require(try ben.run(["tick"]).succeeded) }
        try #require(try ana.run(["alert", "on", "--yes"]).succeeded)
        let tick = try ben.run(["tick", "--json"], extra: ["LIFESIGNAL_ETCD_TRAFFIC": "1"])
        #expect(tick.succeeded, "\(tick)")
        #expect(tick.jsonObject?["delivered"] as? Int == 1, "\(tick)")
        #expect((EtcdRoundTripTests.roundTrips(tick) ?? 99) <= 4, "\(tick.stderr)")
    }
}
