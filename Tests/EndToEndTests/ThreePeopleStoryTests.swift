import Foundation
import Testing
import TestSupport

/// Three people on one machine share a store, each with their own XDG
/// directories: the whole loop of contacts, pings, deadlines and alerts.
@Suite(.serialized, .ownThreads) struct ThreePeopleStoryTests {
    @Test func theWholeStory() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob"), cy = sandbox.person("cy")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Builder")
        try cy.signUp(phone: "+15550000003", first: "Cy", last: "Young")
        let outbox = sandbox.root.appendingPathComponent("bob-outbox")
        try FileManager.default.createDirectory(at: outbox, withIntermediateDirectories: true)
        #expect(try bob.run(["settings", "set", "notify-command",
                             "cat > \(outbox.path)/$LIFESIGNAL_NOTIFICATION_ID.json"]).status == 0)
        #expect(try ada.run(["profile", "set", "--note", "Spare key under the blue pot"]).status == 0)

        // Ada adds Bob and Cy as her responders.
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try ada.run(["contacts", "add", try cy.qrCode(), "--responder"]).status == 0)
        let bobsView = try bob.run("contacts --json").array()
        #expect(bobsView.count == 1)
        #expect(bobsView.first?["firstName"] as? String == "Ada")
        #expect(bobsView.first?["isDependent"] as? Bool == true)
        #expect(bobsView.first?["isResponder"] as? Bool == false)
        #expect(bobsView.first?["overdue"] as? Bool == false)
        #expect(try bob.run("notifications --type added --json").array().count == 1)

        // Ada checks in; Bob pings her; she responds.
        #expect(try ada.run("checkin").status == 0)
        #expect(try bob.run("ping Ada").status == 0)
        let again = try bob.run("ping send Ada --json").object()
        #expect(again["alreadyPending"] as? Bool == true)
        #expect(try ada.run("status --json").object()["pendingPings"] as? Int == 1)
        let received = try ada.run("ping list --json").object()
        #expect((received["received"] as? [[String: Any]])?.first?["status"] as? String == "pending")
        #expect(try ada.run("ping respond").status == 0)
        let sent = try bob.run("ping list --json").object()
        #expect((sent["sent"] as? [[String: Any]])?.first?["status"] as? String == "responded")
        let refused = try ada.run("ping Bob")
        #expect(refused.status == 5)
        #expect(refused.stderr.contains("You can only ping dependents."))

        // A day passes with no check-in: responders are told once, with the note.
        sandbox.setNow("2026-03-02T09:30:00Z", for: [ada, bob, cy])
        for _ in 0..<3 { #expect(try cy.run("tick -q").status == 0) }
        for responder in [bob, cy] {
            let missed = try responder.run("notifications --type check-ins --json").array()
            #expect(missed.count == 1, "\(missed)")
            #expect((missed.first?["message"] as? String)?.contains("Spare key under the blue pot") == true)
            let dependents = try responder.run("contacts --dependents --json").array()
            #expect(dependents.first?["overdue"] as? Bool == true)
        }
        #expect(try ada.run("status --check").status == 10)

        // Bob's notify command receives each new item once.
        let tick = try bob.run("tick --json").object()
        #expect(tick["failed"] as? Int == 0)
        let delivered = try FileManager.default.contentsOfDirectory(atPath: outbox.path)
        #expect(delivered.count == tick["delivered"] as? Int)
        #expect(try bob.run("tick --json").object()["delivered"] as? Int == 0)

        // Ada checks in: told safe.
        #expect(try ada.run("checkin").status == 0)
        #expect(try bob.run("notifications --limit 1 --json").array().first?["title"] as? String == "Ada Lovelace is safe")

        // Alert on and off.
        #expect(try ada.run("alert on --yes").status == 0)
        #expect(try ada.run("status --check").status == 11)
        let alertItem = try cy.run("notifications --type alerts --limit 1 --json").array().first
        #expect(alertItem?["type"] as? String == "alert")
        #expect(alertItem?["relatedAlertID"] is String)
        #expect(try cy.run("contacts --json").array().first?["isAlertActive"] as? Bool == true)
        #expect(try ada.run("alert off").status == 0)
        #expect(try cy.run("notifications --type alerts --limit 1 --json").array().first?["title"] as? String
            == "Ada Lovelace cancelled their alert")

        // Role change is seen from the other side; removal goes from both.
        #expect(try cy.run("contacts role Ada --responder").status == 0)
        let adaSeesCy = try ada.run("contacts show Cy --json").object()
        #expect(adaSeesCy["isResponder"] as? Bool == true && adaSeesCy["isDependent"] as? Bool == true)
        #expect(try ada.run("notifications --type roles --json").array().count == 1)
        #expect(try cy.run("contacts role Ada --no-responder --no-dependent").status == 5)
        #expect(try ada.run("contacts remove Bob").status == 5)
        #expect(try ada.run("contacts remove Bob --yes").status == 0)
        #expect(try bob.run("contacts --json").array().isEmpty)
        #expect(try bob.run("notifications --type removed --json").array().count == 1)

        // Reading everything and deleting.
        let unread = try bob.run("status --json").object()["unreadNotifications"] as? Int ?? 0
        #expect(unread > 0)
        #expect(try bob.run("notifications read --all").status == 0)
        #expect(try bob.run("status --json").object()["unreadNotifications"] as? Int == 0)
        #expect(try bob.run("notifications delete --all --yes").status == 0)
        #expect(try bob.run("notifications --json").array().isEmpty)
    }

    @Test func aFailingOrHangingNotifyCommandIsRetriedAndNeverLosesAnItem() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "B")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--dependent"]).status == 0)
        let log = sandbox.root.appendingPathComponent("log").path

        #expect(try ada.run(["settings", "set", "notify-command", "exit 1"]).status == 0)
        #expect(try bob.run(["contacts", "role", "Ada", "--dependent"]).status == 0)
        let failed = try ada.run("tick")
        #expect(failed.status == 9, "\(failed)")
        #expect(failed.stderr.contains("exited with status 1"))

        #expect(try ada.run(["settings", "set", "notify-command", "sleep 30"]).status == 0)
        let started = Date()
        let hung = try ada.run(["tick"], extra: ["LIFESIGNAL_COMMAND_TIMEOUT": "1"])
        #expect(hung.status == 9)
        #expect(hung.stderr.contains("timed out"))
        #expect(Date().timeIntervalSince(started) < 10)

        #expect(try ada.run(["settings", "set", "notify-command",
                             "read -r line; echo \"$LIFESIGNAL_NOTIFICATION_TYPE $line\" >> \(log)"]).status == 0)
        #expect(try ada.run("tick").status == 0)
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("role {") == true)
        #expect(try ada.run("tick").status == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count == 1)

        // Turned-off types are recorded in the feed but not handed over.
        #expect(try ada.run(["settings", "set", "contacts", "off"]).status == 0)
        #expect(try bob.run(["contacts", "role", "Ada", "--no-dependent"]).status == 0)
        #expect(try ada.run("tick").status == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count == 1)
        #expect(try ada.run("notifications --type roles --json").array().count == 2)
    }
}
