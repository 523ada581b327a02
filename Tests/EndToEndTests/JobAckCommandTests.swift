import Foundation
import Testing
import TestSupport

/// `ack` of a missed job from outside, on a directory store and on a real
/// etcd cluster: Bob acknowledges Ada's missed backup as he would her
/// missed check-in; she is told, his repeats stop until the job checks in
/// again, and her `status` says who is handling it.
@Suite(.ownThreads, .hangGuard) struct JobAckCommandTests {
    static let stores: [TestStore.Kind] = [.directory] + (TestStore.etcdAvailable ? [.etcd] : [])

    static func at(_ time: String) -> [String: String] { ["LIFESIGNAL_NOW": time] }

    static func count(_ person: Person, _ title: String, at time: String) throws -> Int {
        try ScheduleCommandsTests.titles(person, at: time).filter { $0 == title }.count
    }

    @Test(arguments: stores)
    func aResponderAcknowledgesAMissedJobAsAMissedCheckIn(_ kind: TestStore.Kind) throws {
        let (_, ada, bob) = try ScheduleCommandsTests.pair(kind, "jobs-ack")
        try #require(try ada.run(["checkin"]).succeeded)
        try #require(try ada.run(["checkin", "interval", "--repeat", "1h"]).succeeded)
        try #require(try ada.run(["jobs", "add", "backup", "--every", "1h"]).succeeded)
        let early = try bob.run(["ack", "Ada"], extra: Self.at("2026-03-01T09:59:00Z"))
        #expect(early.status == 5 && early.stderr.contains("no missed job"), "\(early)")

        let still = "Ada L's job backup still has not checked in"
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-01T10:00:01Z")).succeeded)
        #expect(try Self.count(bob, "Ada L's job backup missed its check-in", at: "2026-03-01T10:00:02Z") == 1)
        let ack = try bob.run(["ack", "Ada"], extra: Self.at("2026-03-01T10:05:00Z"))
        #expect(ack.status == 0 && ack.stdout.contains("You are handling Ada L's job backup's missed check-in. Told: Ada L."),
                "\(ack)")
        let own = try ada.run(["notifications", "--json"], extra: Self.at("2026-03-01T10:05:01Z")).array().first
        #expect(own?["title"] as? String == "Bob O is handling your job backup's missed check-in"
                && own?["job"] as? String == "backup" && own?["acknowledgedBy"] as? String != nil, "\(String(describing: own))")
        let status = try ada.run(["status", "--json"], extra: Self.at("2026-03-01T10:05:02Z")).object()
        let job = (status["jobs"] as? [[String: Any]])?.first
        #expect((job?["acknowledgedBy"] as? [String: Any])?["firstName"] as? String == "Bob", "\(status)")
        #expect(status["acknowledgedBy"] is NSNull, "her own deadline is not the job's: \(status)")
        #expect(try ada.run(["status"], extra: Self.at("2026-03-01T10:05:03Z")).stdout.contains("Bob O is handling it"))
        // The timeline keeps no repeat to come for the job.
        let timeline = try ada.run(["timeline", "--json"], extra: Self.at("2026-03-01T10:05:04Z")).array()
        #expect(!timeline.contains { $0["job"] as? String == "backup" && $0["event"] as? String == "repeat" }, "\(timeline)")

        // No repeat however long it stays missed; a second ack says who was first.
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-01T13:00:00Z")).succeeded)
        #expect(try Self.count(bob, still, at: "2026-03-01T13:00:01Z") == 0)
        let again = try bob.run(["ack", "Ada", "--json"], extra: Self.at("2026-03-01T13:00:02Z")).object()
        let earlier = (again["alreadyAcknowledged"] as? [[String: Any]])?.first
        #expect(earlier?["event"] as? String == "missedJob" && earlier?["job"] as? String == "backup"
                && (again["jobs"] as? [Any])?.isEmpty == true, "\(again)")

        // The job checks in: its next miss is a new spell, repeated again.
        try #require(try ada.run(["checkin", "--job", "backup"], extra: Self.at("2026-03-01T13:30:00Z")).succeeded)
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-01T14:30:01Z")).succeeded)
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-01T15:30:02Z")).succeeded)
        #expect(try Self.count(bob, still, at: "2026-03-01T15:30:03Z") == 1)
    }
}
