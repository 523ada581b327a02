import Foundation
import Testing
import TestSupport

/// What matters shows in the lists: a responder's delay, a waiting
/// invitation, whose role an invitation offers, what `delete --all` took,
/// and that the duress code must differ before it is asked twice.
@Suite(.serialized, .ownThreads) struct NewcomerListsTests {
    @Test func contactsShowAResponderDelay() throws {
        let sandbox = Sandbox("delay-column")
        let (ada, _) = try newcomerPair(sandbox, bobChecksIn: false)
        #expect(try ada.run("contacts").stdout.contains("Bob O  responder, dependent  "))
        try #require(try ada.run(["contacts", "role", "Bob", "--delay", "30m"]).succeeded)
        let listed = try ada.run("contacts")
        #expect(listed.stdout.contains("Bob O  responder (+30m), dependent  "), "\(listed)")
    }

    /// Cy invites Ada to watch over him: Ada's `status` says an invitation
    /// waits and points at it; both lists say whose role it is.
    @Test func aWaitingInvitationShowsInStatusWithWhoseRoleItIs() throws {
        let sandbox = Sandbox("invite-status")
        let (ada, _) = try newcomerPair(sandbox, bobChecksIn: false)
        let cy = sandbox.person("cy")
        try cy.signUp(phone: "+15550000003", first: "Cy", last: "Z")
        try #require(try cy.run(["contacts", "add", "--phone", "+15550000001", "--responder"]).succeeded)
        try #require(try ada.run(["tick"]).succeeded)
        let status = try ada.run("status")
        #expect(status.stdout.split(separator: "\n").contains { $0.hasPrefix("Invited") && $0.hasSuffix(" 1 invitation waiting for your answer") },
                "\(status)")
        #expect(status.stderr.contains("hint: lifesignal contacts invitations"), "\(status)")
        #expect(try ada.run(["status", "--json"]).object()["invitationsWaiting"] as? Int == 1)

        let received = try ada.run(["contacts", "invitations"])
        #expect(received.stdout.contains("Cy Z  your dependent  "), "\(received)")
        let sent = try cy.run(["contacts", "invitations"])
        #expect(sent.stdout.contains("+15550000001  your responder  "), "\(sent)")

        try #require(try ada.run(["contacts", "accept", "Cy"]).succeeded)
        #expect(!(try ada.run("status").stdout.contains("Invited")))
    }

    @Test func deletingEverythingSaysHowManyAndNamesUnreadAlerts() throws {
        let sandbox = Sandbox("delete-all")
        let (ada, bob) = try newcomerPair(sandbox, bobChecksIn: false)
        try #require(try ada.run(["alert", "on", "--yes"]).succeeded)
        let count = try bob.run(["notifications", "--json"]).array().count
        let asked = try Terminal(bob, ["notifications", "delete", "--all"])
        try asked.expect("Delete all \(count) of your notifications, 1 unread alert among them?")
        asked.type("n")
        try asked.expect("Nothing deleted.")
        #expect(try asked.finish() == 14, "\(asked.screen)")
        let deleted = try bob.run(["notifications", "delete", "--all", "--yes"])
        #expect(deleted.stdout == "Deleted \(count) notifications, 1 unread alert among them.\n", "\(deleted)")
        let json = try ada.run(["notifications", "delete", "--all", "--yes", "--json"]).object()
        #expect(json["unreadAlertsDeleted"] as? Int == 0, "\(json)")
    }

    @Test func theDuressPromptSaysTheCodesDifferBeforeAskingTwice() throws {
        let sandbox = Sandbox("duress-prompt")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let setting = try Terminal(ada, ["checkin", "code", "set"])
        try setting.expect("a duress code that must differ from it")
        try setting.expect("New check-in code: ")
        setting.type("77-apple")
        try setting.expect("Again, to be sure: ")
        setting.type("77-apple")
        try setting.expect("Duress code (a different one): ")
        setting.type("77-apple")
        try setting.expect("error: the duress code must differ from your check-in code; choose another")
        try setting.expect("Duress code (a different one): ")
        setting.type("77-plum")
        try setting.expect("Again, to be sure: ")
        setting.type("77-plum")
        try setting.expect("Check-in codes set.")
        #expect(try setting.finish() == 0, "\(setting.screen)")
        #expect(setting.screen.components(separatedBy: "Again, to be sure: ").count == 3, "\(setting.screen)")
    }
}
