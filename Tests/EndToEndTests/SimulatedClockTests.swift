import Foundation
import TestSupport
import Testing

/// `LIFESIGNAL_NOW` is a property of the store: a store created under it is a
/// simulation store and honours it; a store created on the real clock
/// refuses it (exit 5) and nothing changes, so nobody can fire someone
/// else's deadline, or get around the sign-in limits, by setting a clock.
@Suite(.serialized, .ownThreads) struct SimulatedClockTests {
    /// Ada and Bob on a store created on the real clock; Bob is Ada's responder.
    func realClockStore() throws -> (Sandbox, Person, Person) {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        for person in [ada, bob] { person.environment["LIFESIGNAL_NOW"] = nil }
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try ada.run("checkin").status == 0)
        return (sandbox, ada, bob)
    }

    @Test(arguments: [
        ["tick"], ["status"], ["checkin"], ["notifications"], ["login", "--phone", "+15550000009"],
        ["login", "--phone", "+15550000001", "--code", "000000"],
    ])
    func aRealClockStoreRefusesASimulatedClockAndChangesNothing(_ arguments: [String]) throws {
        let (sandbox, ada, bob) = try realClockStore()
        let before = try sandbox.storeContents()
        let faked = try bob.run(arguments, extra: ["LIFESIGNAL_NOW": "2031-01-01T00:00:00Z"])
        #expect(faked.status == 5, "\(faked)")
        #expect(faked.stderr.hasPrefix("error: LIFESIGNAL_NOW is set, but this store runs on the real clock"), "\(faked)")
        #expect(faked.stdout.isEmpty, "\(faked)")
        #expect(try sandbox.storeContents() == before, "the refused command changed the store")
        // Nothing fired: Bob's feed holds only Ada's "added you", and Ada is on time.
        let feed = try bob.run(["notifications", "--json"]).array()
        #expect(feed.map { $0["title"] as? String } == ["Ada L added you"], "\(feed)")
        #expect(try ada.run(["status", "--json"]).object()["overdue"] as? Bool == false)
    }

    @Test func jsonErrorsSayTheSame() throws {
        let (_, _, bob) = try realClockStore()
        let faked = try bob.run(["tick", "--json"], extra: ["LIFESIGNAL_NOW": "2031-01-01T00:00:00Z"])
        #expect(faked.status == 5)
        let object = try JSONSerialization.jsonObject(with: Data(faked.stderr.utf8)) as? [String: Any]
        let error = object?["error"] as? [String: Any]
        #expect(error?["code"] as? Int == 5, "\(faked)")
        #expect((error?["message"] as? String)?.contains("LIFESIGNAL_NOW") == true, "\(faked)")
    }

    @Test func aSimulationStoreHonoursItAndRecordsWhatItIs() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try ada.run("checkin").status == 0)
        let meta = String(decoding: try #require(try sandbox.storeFile("store.json")), as: UTF8.self)
        #expect(meta.contains("\"simulatedTime\":true"), "\(meta)")
        let later = try bob.run(["tick"], extra: ["LIFESIGNAL_NOW": "2026-03-02T09:00:00Z"])
        #expect(later.status == 0, "\(later)")
        let titles = try bob.run(["notifications", "--json"], extra: ["LIFESIGNAL_NOW": "2026-03-02T09:00:00Z"]).array()
            .compactMap { $0["title"] as? String }
        #expect(titles.contains("Ada L missed a check-in"), "\(titles)")
        // The real clock works on a simulation store too. Sessions live by
        // the clock, and the real one is months past the simulated sign-in,
        // so Ada signs in again on it.
        let realClock = ["LIFESIGNAL_NOW": ""]
        let sent = try ada.run(["login", "--phone", "+15550000001", "--json"], extra: realClock)
        let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
        #expect(try ada.run(["login", "--phone", "+15550000001", "--code", code], extra: realClock).status == 0)
        let real = try ada.run(["status", "--json"], extra: realClock)
        #expect(real.status == 0, "\(real)")
    }

    @Test func aRealClockStoreRecordsNoSimulation() throws {
        let (sandbox, ada, _) = try realClockStore()
        let meta = String(decoding: try #require(try sandbox.storeFile("store.json")), as: UTF8.self)
        #expect(!meta.contains("simulatedTime"), "\(meta)")
        #expect(try ada.run("status").status == 0)
    }
}
