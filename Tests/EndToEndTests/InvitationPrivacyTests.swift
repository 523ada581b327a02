import Foundation
import Testing
import TestSupport

/// Before an invitation is accepted nothing of either person shows to the
/// other, in any output, human or JSON; and the inviter cannot even tell
/// whether the number has an account.
@Suite(.serialized, .ownThreads) struct InvitationPrivacyTests {
    /// Every read of Ada's (the inviter's) view, human and JSON.
    static let inviterCommands: [[String]] = [
        ["contacts"], ["contacts", "--json"], ["contacts", "--responders"], ["contacts", "--dependents", "--json"],
        ["contacts", "show", "Bobby"], ["contacts", "show", "Bobby", "--json"],
        ["contacts", "show", "+15550000002"], ["contacts", "show", "Robert"], ["ping", "send", "Bobby"],
        ["contacts", "invitations"], ["contacts", "invitations", "--json"],
        ["notifications"], ["notifications", "--json"], ["status"], ["status", "--json"],
        ["__complete", "contacts", ""], ["__complete", "invitations", ""],
    ]

    /// Every read of Bob's (the invitee's) view, human and JSON.
    static let inviteeCommands: [[String]] = [
        ["contacts"], ["contacts", "--json"], ["contacts", "show", "Ada"], ["contacts", "show", "+15550000001"],
        ["contacts", "show", "Ada", "--json"], ["contacts", "invitations"], ["contacts", "invitations", "--json"],
        ["notifications"], ["notifications", "--json"], ["status"], ["status", "--json"], ["ping", "list", "--json"],
        ["contacts", "accept", "+15550000001"], ["contacts", "decline", "15550000001"],
        ["__complete", "contacts", ""], ["__complete", "invitations", ""],
    ]

    /// Ada, with a note, a check-in and an alert, invites +15550000002,
    /// whose account (when `registered`) is Robert Builder's, with a note
    /// and a check-in of his own. Returns the two people's outputs.
    func story(registered: Bool) throws -> (inviter: [String], invitee: [String]) {
        let sandbox = Sandbox()
        sandbox.now = "2026-03-01T08:13:00Z"
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        #expect(try ada.run(["profile", "set", "--note", "ADA-SECRET-NOTE"]).status == 0)
        #expect(try ada.run("checkin").status == 0)
        #expect(try ada.run(["alert", "on", "--yes"]).status == 0)
        if registered {
            sandbox.setNow("2026-03-01T08:27:00Z", for: [bob])
            try bob.signUp(phone: "+15550000002", first: "Robert", last: "Builder")
            #expect(try bob.run(["profile", "set", "--note", "BOB-SECRET-NOTE"]).status == 0)
            #expect(try bob.run("checkin").status == 0)
        }
        sandbox.setNow("2026-03-01T09:00:00Z", for: [ada, bob])
        let invited = try ada.run(["contacts", "add", "--phone", "+1 555 000 0002", "--responder", "--dependent",
                                   "--first-name", "Bobby"])
        #expect(invited.status == 0, "\(invited)")
        var inviter = [invited.stdout + invited.stderr]
        for command in Self.inviterCommands {
            let result = try ada.run(command)
            inviter.append(Self.shown(command, result))
        }
        var invitee: [String] = []
        if registered {
            for command in Self.inviteeCommands {
                let result = try bob.run(command)
                invitee.append(Self.shown(command, result))
            }
        }
        return (inviter, invitee)
    }

    @Test func nothingOfEitherSideShowsBeforeAcceptance() throws {
        let (inviter, invitee) = try story(registered: true)
        for output in invitee {
            // Her number, note, check-in (08:13, so due 08:13 tomorrow) and alert.
            for secret in ["15550000001", "5550000001", "555 000 0001", "ADA-SECRET-NOTE", "08:13", "ALERT"] {
                #expect(!output.contains(secret), "Bob sees \(secret): \(output)")
            }
        }
        #expect(invitee.contains { $0.contains("Ada Lovelace invited you") }, "the invitation itself is seen")
        for output in inviter {
            for secret in ["Robert", "Builder", "BOB-SECRET-NOTE", "08:27"] {
                #expect(!output.contains(secret), "Ada sees \(secret): \(output)")
            }
        }
    }

    /// The same outputs, IDs and codes aside, whether or not +15550000002 has an account.
    @Test func theInviterCannotTellWhetherTheNumberHasAnAccount() throws {
        let known = try story(registered: true).inviter.map(Self.anonymous)
        let unknown = try story(registered: false).inviter.map(Self.anonymous)
        #expect(known.count == unknown.count)
        for (a, b) in zip(known, unknown) { #expect(a == b) }
    }

    /// What a command showed, with the words typed on its command line
    /// taken out: an error may quote them, which tells nothing new.
    static func shown(_ command: [String], _ result: RunResult) -> String {
        var text = "$ \(command.joined(separator: " ")) [\(result.status)]\n" + result.stdout + result.stderr
        for word in command where word.count > 3 && !word.hasPrefix("-") {
            text = text.replacingOccurrences(of: word, with: "<typed>")
        }
        return text
    }

    /// `text` with IDs, their short forms and QR code IDs replaced by placeholders.
    static func anonymous(_ text: String) -> String {
        var text = text
        for (pattern, placeholder) in [
            ("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>"),
            ("\\b[0-9a-f]{8}\\b", "<short>"),
            ("[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}", "<code>"),
        ] {
            text = text.replacingOccurrences(of: pattern, with: placeholder, options: .regularExpression)
        }
        return text
    }
}
