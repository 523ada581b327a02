import Foundation
import Testing
import TestSupport

/// Adding someone by phone number with the built binary: invite, accept or
/// decline, sign up later, expire; nothing of either side shows before the
/// invitee accepts.
@Suite(.serialized, .ownThreads) struct InvitationTests {
    @Test func inviteAcceptAndAMissedCheckInReachesTheNewResponder() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Builder")
        let outbox = sandbox.root.appendingPathComponent("bob-outbox")
        try FileManager.default.createDirectory(at: outbox, withIntermediateDirectories: true)
        #expect(try bob.run(["settings", "set", "notify-command", "cat > \(outbox.path)/$LIFESIGNAL_NOTIFICATION_ID.json"]).status == 0)
        #expect(try ada.run(["profile", "set", "--note", "Spare key under the blue pot"]).status == 0)

        let sent = try ada.run(["contacts", "add", "--phone", "+1 555 000-0002", "--responder", "--first-name", "Bobby", "--json"])
        #expect(sent.status == 0, "\(sent)")
        let invitation = try sent.object()
        #expect(invitation["status"] as? String == "pending" && invitation["toPhoneNumber"] as? String == "+15550000002")
        #expect(invitation["isResponder"] as? Bool == true && invitation["isDependent"] as? Bool == false)
        #expect(try ada.run("contacts --json").array().first?["invited"] as? Bool == true)
        #expect(try bob.run("contacts --json").array().isEmpty)
        #expect(try bob.run("notifications --type added --json").array().first?["title"] as? String == "Ada Lovelace invited you")

        let accepted = try bob.run(["contacts", "accept", "Ada", "--json"])
        #expect(accepted.status == 0, "\(accepted)")
        #expect(try accepted.object()["status"] as? String == "accepted")
        #expect((try accepted.object()["contact"] as? [String: Any])?["isDependent"] as? Bool == true)
        let adasResponders = try ada.run("contacts --responders --json").array()
        #expect(adasResponders.count == 1 && adasResponders.first?["firstName"] as? String == "Bob")
        #expect(adasResponders.first?["invited"] == nil)
        #expect(try ada.run("notifications --type added --json").array().first?["title"] as? String
            == "Bob Builder accepted your invitation")

        #expect(try ada.run("checkin").status == 0)
        sandbox.setNow("2026-03-02T09:30:00Z", for: [ada, bob])
        #expect(try bob.run("tick").status == 0)
        let missed = try bob.run("notifications --type check-ins --json").array()
        #expect(missed.count == 1 && (missed.first?["message"] as? String)?.contains("Spare key under the blue pot") == true)
        #expect(try bob.run("contacts --dependents --json").array().first?["overdue"] as? Bool == true)
        let delivered = try FileManager.default.contentsOfDirectory(atPath: outbox.path)
            .map { try String(contentsOf: outbox.appendingPathComponent($0), encoding: .utf8) }
        #expect(delivered.contains { $0.contains("Ada Lovelace missed a check-in") }, "\(delivered)")
        #expect(try ada.run("doctor").status == 0)
    }

    @Test func inviteAndDeclineLinksNothing() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Builder")
        #expect(try ada.run(["contacts", "add", "--phone", "+15550000002", "--dependent", "--first-name", "Bobby"]).status == 0)
        let id = try #require(try bob.run("contacts invitations --json").object()["received"] as? [[String: Any]]).first?["id"] as? String
        let declined = try bob.run(["contacts", "decline", String(try #require(id).prefix(8))])
        #expect(declined.status == 0, "\(declined)")
        #expect(declined.stdout == "Declined the invitation from Ada Lovelace; nothing was linked.\n")
        #expect(try ada.run("contacts --json").array().isEmpty)
        #expect(try bob.run("contacts --json").array().isEmpty)
        let told = try ada.run("notifications --type removed --json").array()
        #expect(told.map { $0["title"] as? String } == ["Your invitation to Bobby was declined"])
        let sent = try #require(try ada.run("contacts invitations --json").object()["sent"] as? [[String: Any]])
        #expect(sent.map { $0["status"] as? String } == ["declined"])
        #expect(try bob.run(["contacts", "accept", "Ada"]).status == 4)
        #expect(try ada.run("doctor").status == 0)
    }

    @Test func aNumberWithoutAnAccountSignsUpLaterAndSeesTheInvitation() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), dee = sandbox.person("dee")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        #expect(try ada.run(["contacts", "add", "--phone", "+15550000009", "--responder", "--first-name", "Dee"]).status == 0)
        let human = try ada.run("contacts")
        #expect(human.stdout.contains("Dee") && human.stdout.contains("invited"), "\(human)")

        sandbox.setNow("2026-03-05T10:00:00Z", for: [ada, dee])
        let code = try #require(try dee.run(["login", "--phone", "+15550000009", "--json"]).jsonObject?["code"] as? String)
        let signedIn = try dee.run(["login", "--phone", "+15550000009", "--code", code, "--first-name", "Dee", "--last-name", "Doe"])
        #expect(signedIn.stdout.contains("An invitation waits for your answer, from Ada Lovelace."), "\(signedIn)")
        #expect(signedIn.stderr.contains("hint: lifesignal contacts invitations"))
        let received = try #require(try dee.run("contacts invitations --json").object()["received"] as? [[String: Any]])
        #expect(received.count == 1 && received.first?["fromFirstName"] as? String == "Ada")
        #expect(try dee.run("notifications --type added --json").array().count == 1)
        #expect(try dee.run(["contacts", "accept", "Ada Lovelace"]).status == 0)
        #expect(try ada.run("contacts show Dee --json").object()["lastName"] as? String == "Doe")
        #expect(try ada.run("doctor").status == 0)
    }

    @Test func expiryAfterThirtyDaysTellsTheInviterOnce() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Builder")
        #expect(try ada.run(["contacts", "add", "--phone", "+15550000002", "--responder"]).status == 0)
        #expect(try ada.run(["contacts", "add", "--phone", "+15550000003", "--responder"]).status == 0)
        sandbox.setNow("2026-03-31T08:59:59Z", for: [ada, bob])
        #expect(try bob.run("tick").status == 0)
        #expect(try ada.run("notifications --type removed --json").array().isEmpty)

        sandbox.setNow("2026-03-31T09:00:00Z", for: [ada, bob])
        for _ in 0..<3 { #expect(try bob.run("status").status == 0) }
        sandbox.setNow("2026-04-03T09:00:00Z", for: [ada, bob])
        #expect(try ada.run("tick").status == 0)
        let told = try ada.run("notifications --type removed --json").array().compactMap { $0["title"] as? String }
        #expect(told.sorted() == ["Your invitation to +15550000002 expired", "Your invitation to +15550000003 expired"])
        let sent = try #require(try ada.run("contacts invitations --json").object()["sent"] as? [[String: Any]])
        #expect(sent.map { $0["status"] as? String } == ["expired", "expired"])
        #expect(try ada.run("contacts --json").array().isEmpty)
        #expect(try bob.run(["contacts", "accept", "Ada"]).status == 4)
        #expect(try ada.run("doctor").status == 0)
    }

    @Test func removingSomeoneInvitedWithdrawsTheInvitation() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Builder")
        #expect(try ada.run(["contacts", "add", "--phone", "+15550000002", "--responder", "--first-name", "Bobby"]).status == 0)
        #expect(try ada.run(["contacts", "show", "bobby"]).stdout.contains("no answer yet"))
        #expect(try ada.run(["contacts", "remove", "Bobby"]).status == 5)
        let removed = try ada.run(["contacts", "remove", "+1 555 000 0002", "--yes"])
        #expect(removed.stdout == "Withdrew your invitation to Bobby (+15550000002).\n", "\(removed)")
        #expect(try ada.run("contacts --json").array().isEmpty)
        #expect(try bob.run("contacts invitations --json").object()["received"] as? [Any] != nil)
        #expect((try bob.run("contacts invitations --json").object()["received"] as? [Any])?.isEmpty == true)
        #expect(try ada.run(["contacts", "add", "--phone", "+15550000002", "--responder"]).status == 0, "may invite again")
    }

    @Test func tenInvitationsADay() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        for i in 0..<10 {
            #expect(try ada.run(["contacts", "add", "--phone", "+1555100000\(i)", "--responder"]).status == 0)
        }
        let before = try sandbox.storeContents()
        let refused = try ada.run(["contacts", "add", "--phone", "+15551000010", "--responder"])
        #expect(refused.status == 5 && refused.stderr.contains("10 invitations in the last 24 hours"), "\(refused)")
        #expect(try sandbox.storeContents() == before)
        sandbox.setNow("2026-03-02T09:00:00Z", for: [ada])
        #expect(try ada.run(["contacts", "add", "--phone", "+15551000010", "--responder"]).status == 0)
    }

    @Test func completionOffersTheNamesOfInviters() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Builder")
        #expect(try ada.run(["contacts", "add", "--phone", "+15550000002", "--responder"]).status == 0)
        #expect(try bob.run(["__complete", "invitations", "lov"]).stdout == "Ada Lovelace\n")
        #expect(try bob.run(["__complete", "contacts", ""]).stdout == "")
        #expect(try ada.run(["__complete", "invitations", ""]).stdout == "")
    }
}
