import Foundation
import TestSupport
import Testing

/// Delivery through the notify command, seen from outside: no item holds up
/// the ones behind it, failures back off, and a new command starts from now.
@Suite(.serialized, .ownThreads) struct DeliveryTests {
    func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Bob's command refuses anything from Mallory; Ada's alert arrives
    /// behind Mallory's item and is handed over all the same.
    @Test func anItemTheCommandFailsOnDoesNotHoldUpAnAlertBehindIt() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob"), mallory = sandbox.person("mallory")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try mallory.signUp(phone: "+15550000003", first: "Mallory", last: "M")
        let log = sandbox.root.appendingPathComponent("log").path
        #expect(try bob.run(["settings", "set", "notify-command",
                             "case \"$LIFESIGNAL_NOTIFICATION_TITLE\" in *Mallory*) exit 3;; esac; "
                                 + "echo \"$LIFESIGNAL_NOTIFICATION_TITLE\" >> \(log)"]).status == 0)
        #expect(try mallory.run(["contacts", "add", try bob.qrCode(), "--dependent"]).status == 0)
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try ada.run(["alert", "on", "--yes"]).status == 0)

        let first = try bob.run("tick")
        #expect(first.status == 9, "\(first)")
        #expect(first.stderr.contains("\"Mallory M made themselves your responder\") failed: the notify-command exited with status 3; "
                                      + "it will be retried in 1m"),
                "\(first)")
        // The alert first: urgent items go before the others.
        #expect(lines(log) == ["Emergency alert from Ada L", "Ada L added you"])

        // Not tried again before its back-off is over; then it is.
        let early = try bob.run(["tick", "--json"])
        #expect(early.status == 0, "\(early)")
        let report = try early.object()
        #expect(report["waiting"] as? Int == 1 && report["failed"] as? Int == 0, "\(report)")
        #expect(report["nextRetry"] as? String == "2026-03-01T09:01:00Z", "\(report)")
        sandbox.setNow("2026-03-01T09:01:00Z", for: [bob])
        let again = try bob.run("tick")
        #expect(again.status == 9 && again.stderr.contains("retried in 2m"), "\(again)")
        #expect(lines(log).count == 2)
    }

    /// A non-critical item is given up after eight attempts and stays in the
    /// feed; the tick says so.
    @Test func anItemThatNeverGoesThroughIsSetAsideAndReported() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        #expect(try bob.run(["settings", "set", "notify-command", "exit 1"]).status == 0)
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        var minutes = 0
        var last = try bob.run("tick")
        for _ in 1..<8 {
            minutes += 30
            sandbox.setNow(String(format: "2026-03-01T%02d:%02d:00Z", 9 + minutes / 60, minutes % 60), for: [bob])
            last = try bob.run("tick")
            #expect(last.status == 9, "\(last)")
        }
        #expect(last.stderr.contains("set aside after 8 attempts (it stays in your feed)"), "\(last)")
        minutes += 30
        sandbox.setNow(String(format: "2026-03-01T%02d:%02d:00Z", 9 + minutes / 60, minutes % 60), for: [bob])
        let after = try bob.run(["tick", "--json"])
        let waiting = try after.object()["waiting"] as? Int
        // Only the notice that his command keeps failing (put in his feed
        // after its third failed try) still waits for it.
        #expect(waiting == 1, "\(after)")
        let titles = try bob.run(["notifications", "--json"]).array().compactMap { $0["title"] as? String }
        #expect(titles.count == 2 && titles.contains("Your notify command keeps failing"), "\(titles)")
    }

    /// Setting a notify command hands it only what arrives afterwards, not
    /// the feed's past; changing it keeps what the old one still owed.
    @Test func aNewNotifyCommandGetsOnlyWhatArrivesAfterItWasSet() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder", "--dependent"]).status == 0)
        for _ in 0..<8 {
            #expect(try ada.run("ping Bob").status == 0)
            #expect(try bob.run("ping respond").status == 0)
        }
        #expect(try ada.run(["notifications", "--json"]).array().count == 8)
        let log = sandbox.root.appendingPathComponent("log").path
        sandbox.setNow("2026-03-01T10:00:00Z", for: [ada, bob])
        #expect(try ada.run(["settings", "set", "notify-command", "echo \"$LIFESIGNAL_NOTIFICATION_TITLE\" >> \(log)"]).status == 0)
        let first = try ada.run(["tick", "--json"]).object()
        #expect(first["delivered"] as? Int == 0, "\(first)")
        #expect(lines(log).isEmpty)
        #expect(try ada.run("ping Bob").status == 0)
        #expect(try bob.run("ping respond").status == 0)
        #expect(try ada.run(["settings", "set", "notify-command", "echo \"again $LIFESIGNAL_NOTIFICATION_TITLE\" >> \(log)"]).status == 0)
        #expect(try ada.run(["tick", "--json"]).object()["delivered"] as? Int == 1)
        #expect(lines(log) == ["again Bob O responded to your ping"])
    }
}
