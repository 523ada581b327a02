import Foundation
import Testing
import TestSupport

/// A journal cut or changed in the boot that applied it (issue 27, item 6):
/// no crash leaves that, and replaying what is left rolled the store back
/// (history down to one check-in, feed items gone, the journal emptied).
/// Every command stops with exit 7 naming the journal, nothing changes, and
/// `doctor` says the files hold every commit and what to do.
@Suite(.serialized, .ownThreads) struct JournalDamageTests {
    @Test(arguments: ["cut to half", "emptied", "a record changed before a torn one"])
    func aJournalDamagedInThisBootStopsEveryCommandAndChangesNothing(_ damage: String) throws {
        // The journal is the directory store's.
        let sandbox = Sandbox("journal", storeKind: .directory)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        try bob.signUp(phone: "+15550000002", first: "Bob")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
        for hour in ["10", "11", "12"] {
            #expect(try ada.run(["checkin"], extra: ["LIFESIGNAL_NOW": "2026-03-01T\(hour):00:00Z"]).succeeded)
        }
        let journal = sandbox.store.appendingPathComponent("journal")
        var bytes = [UInt8](try Data(contentsOf: journal))
        #expect(bytes.count > 1000, "the check-ins were not journalled: \(bytes.count) bytes")
        switch damage {
        case "cut to half": bytes = Array(bytes.prefix(bytes.count / 2))
        case "emptied": bytes = []
        default:
            // Changed where this boot's commits had applied it, then a commit
            // torn by a crash after it: the replay that tear calls for finds it.
            bytes[bytes.count - 20] ^= 0x55
            bytes += bytes.prefix(10)
        }
        try Data(bytes).write(to: journal)
        let before = sandbox.snapshot(sandbox.store)

        for (person, arguments) in [(ada, ["status"]), (ada, ["checkin", "history"]), (bob, ["notifications"]),
                                    (bob, ["tick"]), (ada, ["checkin"])] {
            let result = try person.run(arguments, extra: ["LIFESIGNAL_NOW": "2026-03-01T13:00:00Z"])
            #expect(result.status == 7 && result.stderr.hasPrefix("error: \(journal.path) is damaged: "),
                    "\(damage): \(person.name) \(arguments): \(result)")
        }
        #expect(sandbox.snapshot(sandbox.store) == before, "\(damage): something changed")

        let doctor = try ada.run(["doctor", "--json"])
        let findings = doctor.jsonObject?["findings"] as? [[String: Any]] ?? []
        #expect(doctor.status == 7 && findings.count == 1 && findings.first?["path"] as? String == journal.path
                && (findings.first?["advice"] as? String)?.contains("move the journal aside") == true,
                "\(damage): \(doctor)")
        #expect(sandbox.snapshot(sandbox.store) == before, "\(damage): doctor changed something")

        // As the doctor says: moved aside, nothing was lost.
        try FileManager.default.moveItem(at: journal, to: sandbox.root.appendingPathComponent("journal.damaged"))
        let history = try ada.run(["checkin", "history", "--json"])
        #expect(history.jsonArray?.count == 3, "\(damage): \(history)")
        #expect(try bob.run(["notifications", "--json"]).jsonArray?.count == 1, "\(damage)")
        #expect(try ada.run(["doctor"]).succeeded, "\(damage)")
    }
}
