import Foundation
import Testing
import TestSupport

@Suite(.serialized, .ownThreads) struct DoctorTests {
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
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.filter { $0["severity"] as? String != "note" }.isEmpty, "\(findings)")
        // A small etcd database is far from its quota: nothing to note on either kind of store.
        #expect(findings.isEmpty, "\(findings)")
        #expect(!(try ada.run("doctor").stdout.contains("quota")))
    }

    @Test func damageAndContradictionsAreNamedAndNothingChanges() throws {
        let (sandbox, ada, bob) = try twoLinkedPeople()
        let bobID = try #require(try bob.run("profile --json").object()["id"] as? String)
        try sandbox.setStoreFile("accounts/\(bobID)/contacts.json", Data("{\"schemaVersion\":1,\"data\":[]}\n".utf8))
        let summary = "accounts/\(bobID)/feed/summary.json"
        try sandbox.setStoreFile(summary, Data("not json".utf8))
        let before = try sandbox.everything()
        let report = try ada.run("doctor")
        #expect(report.status == 7, "\(report)")
        #expect(report.stdout.contains(sandbox.storeName(of: summary) + ": not valid JSON"), "\(report)")
        #expect(report.stdout.contains("is not mirrored"))
        #expect(report.stdout.contains("2 problems found") || report.stdout.contains("3 problems found"))
        #expect(try sandbox.everything() == before)
    }

    /// Files in an account that lifesignal does not keep there are named
    /// (issue 27, item 17); an account using every kind of file it has is not.
    @Test func unknownFilesInsideAnAccountAreNamed() throws {
        let (sandbox, ada, bob) = try twoLinkedPeople()
        // Every kind of file an account keeps: pings, invitations, delivery, the feed's ID index, check-ins.
        #expect(try bob.run(["contacts", "role", "Ada", "--dependent"]).succeeded)
        #expect(try bob.run(["ping", "send", "Ada"]).succeeded)
        #expect(try ada.run(["contacts", "add", "--phone", "+15550000003", "--dependent"]).succeeded)
        #expect(try ada.run(["settings", "set", "notify-command", "true"]).succeeded)
        #expect(try ada.run(["tick"]).succeeded)
        let clean = try ada.run("doctor --json")
        #expect(clean.status == 0, "\(clean)")

        let bobID = try bob.accountID()
        let strays = ["notes.txt", "feed/extra.json", "feed/007.json", "feed/ids/zz.json", "feed/ids/abc/more.json",
                      "stray/deep.json", "account.json.bak"].map { "accounts/\(bobID)/\($0)" }
        for path in strays { try sandbox.setStoreFile(path, Data("{}".utf8)) }
        let before = try sandbox.everything()
        let report = try ada.run("doctor --json")
        #expect(report.status == 7, "\(report)")
        let findings = try #require(try report.object()["findings"] as? [[String: Any]])
        for path in strays {
            #expect(findings.contains {
                $0["severity"] as? String == "error" && $0["path"] as? String == sandbox.storeName(of: path)
                    && ($0["problem"] as? String)?.contains("is no file lifesignal keeps in an account") == true
            }, "\(path) not named: \(findings)")
        }
        #expect(findings.filter { $0["severity"] as? String != "note" }.count == strays.count, "\(findings)")
        #expect(try sandbox.everything() == before)
    }
}
