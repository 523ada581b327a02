import Foundation
import Testing
import TestSupport

/// `lifesignal drill` from outside, on a directory store and on a real etcd
/// cluster: a labelled test notice reaches each responder the way a missed
/// check-in would (preferences and delays ignored, their agent or notify
/// command hands it on), and the report says per responder what became of
/// it, or why not.
@Suite(.ownThreads, .hangGuard) struct DrillTests {
    /// The directory store, and a real cluster where etcd is installed.
    static let stores: [TestStore.Kind] = [.directory] + (TestStore.etcdAvailable ? [.etcd] : [])

    /// Ada watched by Bob (who muted everything he can, and has a delay of
    /// an hour) and Cleo (no delivery set up).
    static func trio(_ kind: TestStore.Kind) throws -> (sandbox: Sandbox, ada: Person, bob: Person, cleo: Person) {
        let sandbox = Sandbox("drill", storeKind: kind)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob"), cleo = sandbox.person("cleo")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try cleo.signUp(phone: "+15550000003", first: "Cleo", last: "P")
        for responder in [bob, cleo] {
            try #require(try ada.run(["contacts", "add", try responder.qrCode(), "--responder"]).succeeded)
        }
        try #require(try ada.run(["contacts", "role", "Bob", "--delay", "1h"]).succeeded)
        for key in ["alerts", "check-ins", "dependent-news"] {
            try #require(try bob.run(["settings", "set", key, "off"]).succeeded)
        }
        try #require(try ada.run("checkin").succeeded)
        return (sandbox, ada, bob, cleo)
    }

    static func responders(_ report: [String: Any]) -> [String: [String: Any]] {
        let list = report["responders"] as? [[String: Any]] ?? []
        return Dictionary(list.map { (($0["firstName"] as? String) ?? "?", $0) }) { first, _ in first }
    }

    /// Bob's agent hands the notice to his notify command at once, as a
    /// test (`"test": true`, `LIFESIGNAL_NOTIFICATION_TEST=1`), whatever his
    /// preferences and delay; Cleo has no delivery, so the drill exits 15
    /// and says why. Bob acknowledges it and the latest drill's report
    /// shows it; nothing of it is an alarm.
    @Test(arguments: stores) func aDrillReachesAnAgentAndNamesWhoItDoesNotReach(_ kind: TestStore.Kind) throws {
        let (sandbox, ada, bob, cleo) = try Self.trio(kind)
        let log = sandbox.root.appendingPathComponent("notified").path
        try #require(try bob.run(["settings", "set", "notify-command",
                                  #"{ cat; echo " test=$LIFESIGNAL_NOTIFICATION_TEST type=$LIFESIGNAL_NOTIFICATION_TYPE"; } >> "# + log])
            .succeeded)
        let agent = try bob.start(["agent", "--json"])
        defer {
            agent.signal(SIGTERM)
            _ = agent.wait(timeout: 20)
        }
        try #require(agent.waitForLine(AgentTests.isStarted), "no start: \(agent.stderrSoFar)")

        let drill = try ada.run(["drill", "--wait", "30s", "--json"])
        #expect(drill.status == 15, "Cleo's delivery cannot take it: \(drill)")
        let report = try drill.object()
        let people = Self.responders(report)
        #expect(report["sentAt"] as? String == "2026-03-01T09:00:00Z", "\(report)")
        #expect(people["Bob"]?["toldAt"] as? String == "2026-03-01T09:00:00Z", "\(people)")
        #expect(people["Bob"]?["deliveredAt"] is String && people["Bob"]?["reason"] is NSNull, "\(people)")
        #expect(people["Cleo"]?["toldAt"] as? String == "2026-03-01T09:00:00Z" && people["Cleo"]?["deliveredAt"] is NSNull, "\(people)")
        #expect(people["Cleo"]?["reason"] as? String == "noDelivery" && people["Cleo"]?["reach"] as? String == "none", "\(people)")

        let handed = AgentTests.lines(log)
        #expect(handed.contains { $0.contains("\"type\":\"test\"") && $0.contains("\"test\":true")
                                  && $0.contains("TEST: Ada L is testing their lifesignal alarm; nothing is wrong") }, "\(handed)")
        #expect(handed.contains(" test=1 type=test"), "\(handed)")

        // Shown as a test in the feed; Bob answers it.
        let feed = try cleo.run(["notifications", "--type", "tests", "--json"]).array()
        #expect(feed.count == 1 && feed.first?["type"] as? String == "test" && feed.first?["test"] as? Bool == true, "\(feed)")
        let ack = try bob.run(["ack", "Ada", "--json"])
        let acknowledged = try ack.object()["acknowledged"] as? [String]
        #expect(ack.status == 0 && acknowledged == ["drill"], "\(ack)")
        #expect(try bob.run(["ack", "Ada"]).status == 5, "answered once")
        let last = try ada.run(["drill", "--last", "--json"])
        #expect(last.status == 15, "\(last)")
        let bobAnswered = Self.responders(try last.object())["Bob"]
        #expect(bobAnswered?["acknowledgedAt"] as? String == "2026-03-01T09:00:00Z", "\(last)")
        #expect(try ada.run(["drill", "--last"]).stdout.contains("acknowledged"), "the text report shows it")
        let answered = try ada.run(["notifications", "--type", "tests", "--json"]).array()
        #expect(answered.first?["title"] as? String == "TEST: Bob O answered your drill", "\(answered)")

        // No alarm: no alert, nobody overdue, no escalation or repeat.
        let status = try ada.run(["status", "--json"]).object()
        #expect(status["isAlertActive"] as? Bool == false && status["currentAlarm"] is NSNull, "\(status)")
        #expect(try bob.run(["status", "--check"]).status == 0, "Bob's dependent needs nobody")
        let critical = try bob.run(["notifications", "--type", "alerts", "--json"]).array()
            + (try bob.run(["notifications", "--type", "check-ins", "--json"]).array())
        #expect(critical.isEmpty, "\(critical)")
    }

    /// Every responder's delivery takes it: exit 0, and the text says so.
    @Test(arguments: stores) func aDrillThatReachesEveryoneExitsZero(_ kind: TestStore.Kind) throws {
        let (sandbox, ada, bob, cleo) = try Self.trio(kind)
        try #require(try ada.run(["contacts", "remove", "Cleo", "--yes"]).succeeded)
        _ = cleo
        let log = sandbox.root.appendingPathComponent("notified").path
        try #require(try bob.run(["settings", "set", "notify-command", AgentTests.logging(to: log)]).succeeded)
        let agent = try bob.start(["agent", "--json"])
        defer {
            agent.signal(SIGTERM)
            _ = agent.wait(timeout: 20)
        }
        try #require(agent.waitForLine(AgentTests.isStarted), "no start: \(agent.stderrSoFar)")
        let drill = try ada.run(["drill", "--wait", "30s"])
        #expect(drill.status == 0, "\(drill)")
        #expect(drill.stdout.contains("Bob O") && drill.stdout.contains("handed to their delivery"), "\(drill)")
        #expect(drill.stdout.contains("Every responder's delivery took the test notice"), "\(drill)")
    }

    /// A notify command that fails is named, with why; drills are limited
    /// to one every 10 minutes; with no responders a drill exits 15.
    @Test(arguments: stores) func failingDeliveryRateLimitAndNobody(_ kind: TestStore.Kind) throws {
        let (_, ada, bob, _) = try Self.trio(kind)
        try #require(try bob.run(["settings", "set", "notify-command", "exit 7"]).succeeded)
        let drill = try ada.run(["drill", "--wait", "0s", "--json"])
        #expect(drill.status == 15, "\(drill)")
        let bobFirst = Self.responders(try drill.object())["Bob"]
        #expect(bobFirst?["reason"] as? String == "notRunning", "\(drill)")
        #expect(try bob.run(["tick"]).status == 9, "Bob's command fails")
        let last = try ada.run(["drill", "--last", "--json"])
        let bobNow = Self.responders(try last.object())["Bob"]
        #expect(bobNow?["reason"] as? String == "failing" && bobNow?["lastError"] as? String == "the notify-command exited with status 7",
                "\(last)")
        #expect(try ada.run(["drill", "--last"]).stdout.contains("not delivered: notify-command failing"), "text says why")

        let again = try ada.run(["drill", "--wait", "0s"], extra: ["LIFESIGNAL_NOW": "2026-03-01T09:09:59Z"])
        #expect(again.status == 5 && again.stderr.contains("the next may be sent at Sun 01 Mar 09:10"), "\(again)")
        #expect(try bob.run(["notifications", "--type", "tests", "--json"]).array().count == 1, "a refused drill sends nothing")
        let later = try ada.run(["drill", "--wait", "0s"], extra: ["LIFESIGNAL_NOW": "2026-03-01T09:10:00Z"])
        #expect(later.status == 15, "\(later)")
        #expect(try bob.run(["notifications", "--type", "tests", "--json"]).array().count == 2)

        for name in ["Bob", "Cleo"] { try #require(try ada.run(["contacts", "remove", name, "--yes"]).succeeded) }
        let nobody = try ada.run(["drill", "--wait", "0s"], extra: ["LIFESIGNAL_NOW": "2026-03-01T09:30:00Z"])
        #expect(nobody.status == 15 && nobody.stderr.contains("you have no responders"), "\(nobody)")
        #expect(try ada.run(["drill", "--last", "--wait", "1s"]).status == 2, "--last takes no --wait")
    }
}
