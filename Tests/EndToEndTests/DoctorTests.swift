import Foundation
import Testing
import TestSupport

@Suite(.serialized) struct DoctorTests {
    func twoLinkedPeople() throws -> (Sandbox, Person, Person) {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "B")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try ada.run("checkin").status == 0)
        return (sandbox, ada, bob)
    }

    @Test func aHealthyStoreIsReportedHealthy() throws {
        let (_, ada, _) = try twoLinkedPeople()
        let report = try ada.run("doctor --json")
        #expect(report.status == 0, "\(report)")
        let object = try report.object()
        #expect(object["healthy"] as? Bool == true)
        #expect((object["accounts"] as? Int) == 2)
        #expect((object["findings"] as? [Any])?.isEmpty == true)
    }

    @Test func damageAndContradictionsAreNamedAndNothingChanges() throws {
        let (sandbox, ada, bob) = try twoLinkedPeople()
        let bobID = try #require(try bob.run("profile --json").object()["id"] as? String)
        let contacts = sandbox.store.appendingPathComponent("accounts/\(bobID)/contacts.json")
        try Data("{\"schemaVersion\":1,\"data\":[]}\n".utf8).write(to: contacts)
        let summary = sandbox.store.appendingPathComponent("accounts/\(bobID)/feed/summary.json")
        try Data("not json".utf8).write(to: summary)
        let before = sandbox.snapshot(sandbox.root)
        let report = try ada.run("doctor")
        #expect(report.status == 7, "\(report)")
        #expect(report.stdout.contains(summary.path + ": not valid JSON"))
        #expect(report.stdout.contains("is not mirrored"))
        #expect(report.stdout.contains("2 problems found") || report.stdout.contains("3 problems found"))
        #expect(sandbox.snapshot(sandbox.root) == before)
    }
}
