import Foundation
import Testing
import TestSupport

/// Bob's `status` lists Ada while her job has missed its deadline and
/// nobody said they handle it, naming the job and since when, on the
/// terminal and in `dependentsNeedingAttention` (issue 29.4).
@Suite(.ownThreads, .hangGuard) struct DependentJobStatusTests {
    static let stores: [TestStore.Kind] = [.directory] + (TestStore.etcdAvailable ? [.etcd] : [])

    static func at(_ time: String) -> [String: String] { ["LIFESIGNAL_NOW": time] }

    @Test(arguments: stores)
    func aMissedJobNeedsTheRespondersUntilAcknowledged(_ kind: TestStore.Kind) throws {
        let sandbox = Sandbox("job-needs", storeKind: kind)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
        try #require(try ada.run(["checkin"], extra: Self.at("2026-03-01T09:00:00Z")).succeeded)
        try #require(try ada.run(["jobs", "add", "backup", "--every", "1h"], extra: Self.at("2026-03-01T09:00:00Z")).succeeded)
        let early = try bob.run(["status", "--json"], extra: Self.at("2026-03-01T09:59:00Z")).object()
        #expect((early["dependentsNeedingAttention"] as? [Any])?.isEmpty == true, "\(early)")
        #expect(try bob.run(["status", "--check"], extra: Self.at("2026-03-01T09:59:00Z")).status == 0)

        let late = Self.at("2026-03-01T10:30:00Z")
        let status = try bob.run(["status", "--json"], extra: late).object()
        let needing = try #require(status["dependentsNeedingAttention"] as? [[String: Any]], "\(status)")
        #expect(needing.count == 1 && needing.first?["firstName"] as? String == "Ada", "\(status)")
        let missed = needing.first?["missedJobs"] as? [[String: Any]]
        #expect(missed?.count == 1 && missed?.first?["name"] as? String == "backup"
                && missed?.first?["due"] as? String == "2026-03-01T10:00:00Z", "\(needing)")
        #expect(needing.first?["overdue"] as? Bool == false, "her own check-in is not overdue")
        let text = try bob.run(["status"], extra: late).stdout
        #expect(text.contains("Needs you") && text.contains("job backup missed its check-in, overdue by 30m"), "\(text)")
        #expect(try bob.run(["status", "--check"], extra: late).status == 13)

        try #require(try bob.run(["ack", "Ada"], extra: late).succeeded)
        let after = try bob.run(["status", "--json"], extra: Self.at("2026-03-01T10:31:00Z")).object()
        #expect((after["dependentsNeedingAttention"] as? [Any])?.isEmpty == true, "\(after)")
        #expect(!(try bob.run(["status"], extra: Self.at("2026-03-01T10:31:00Z")).stdout.contains("Needs you")))
    }
}
