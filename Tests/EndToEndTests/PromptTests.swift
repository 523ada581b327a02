import Foundation
import Testing
import TestSupport

/// Questions asked on a real terminal (a pseudo-terminal): what is asked,
/// in which order, and what "no" and Ctrl-D do.
@Suite(.serialized, .ownThreads) struct PromptTests {
    /// The code shown locally (no sms-command) on the terminal.
    static func code(in screen: String) throws -> String {
        let line = try #require(screen.split(separator: "\n").first { $0.hasPrefix("Verification code for") })
        return String(line.suffix(6))
    }

    @Test func loginChecksTheCodeFirstAsksAgainWhenWrongAndOnlyThenNamesANewAccount() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        let terminal = try Terminal(ada, ["login", "--phone", "+1 555-000-0001"])
        let shown = try terminal.expect("Code: ")
        #expect(!shown.contains("New account"), "\(shown)")
        let code = try Self.code(in: shown)
        terminal.type(code == "000000" ? "111111" : "000000")
        let retry = try terminal.expect("Code: ")
        #expect(retry.contains("error: wrong code (4 attempts left)"), "\(retry)")
        #expect(!retry.contains("New account"), "\(retry)")
        terminal.type(code)
        try terminal.expect("New account for +15550000001.")
        try terminal.expect("First name: ")
        terminal.type("Ada")
        try terminal.expect("Last name: ")
        terminal.type("Lovelace")
        try terminal.expect("Welcome! Signed in as Ada Lovelace.")
        #expect(try terminal.finish() == 0, "\(terminal.screen)")
        #expect(try ada.run(["profile", "--json"]).object()["firstName"] as? String == "Ada")
    }

    @Test func anExistingAccountIsNotAskedForItsName() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        sandbox.setNow("2026-03-01T09:05:00Z", for: [ada])
        let terminal = try Terminal(ada, ["login", "--phone", "+15550000001"])
        let code = try Self.code(in: try terminal.expect("Code: "))
        terminal.type(code)
        try terminal.expect("Signed in as Ada Lovelace.")
        #expect(try terminal.finish() == 0)
        #expect(!terminal.screen.contains("New account") && !terminal.screen.contains("First name"), "\(terminal.screen)")
    }

    @Test func ctrlDAtTheCodeEndsCleanlyInOneLine() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        let terminal = try Terminal(ada, ["login", "--phone", "+15550000001"])
        try terminal.expect("Code: ")
        terminal.endOfInput()
        #expect(try terminal.finish() == 14, "\(terminal.screen)")
        #expect(terminal.rest == "\nCancelled; not signed in.\n", "\(terminal.screen)")
        #expect(try ada.run(["status"]).status == 3)
    }

    @Test func ctrlDAtTheNameLeavesTheAccountSignedInAndSaysHowToNameIt() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        let terminal = try Terminal(ada, ["login", "--phone", "+15550000001"])
        terminal.type(try Self.code(in: try terminal.expect("Code: ")))
        try terminal.expect("First name: ")
        terminal.endOfInput()
        #expect(try terminal.finish() == 14, "\(terminal.screen)")
        #expect(terminal.rest.hasSuffix("lifesignal profile set --first-name NAME --last-name NAME\n"), "\(terminal.screen)")
        #expect(try ada.run(["status"]).status == 0)
    }

    @Test func decliningAnAlertExits14AndRaisesNothing() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        for answer in ["n", "", "whatever"] {
            let terminal = try Terminal(ada, ["alert", "on"])
            try terminal.expect("Raise an emergency alert? Every responder will be told. [y/N] ")
            terminal.type(answer)
            #expect(try terminal.finish() == 14, "\(terminal.screen)")
            #expect(terminal.rest.hasSuffix("Not raised; nobody was told.\n"), "\(terminal.screen)")
        }
        let ctrlD = try Terminal(ada, ["alert", "on"])
        try ctrlD.expect("[y/N] ")
        ctrlD.endOfInput()
        #expect(try ctrlD.finish() == 14)
        #expect(try ada.run(["alert", "--json"]).object()["isAlertActive"] as? Bool == false)

        let yes = try Terminal(ada, ["alert", "on"])
        try yes.expect("[y/N] ")
        yes.type("y")
        try yes.expect("Alert raised.")
        #expect(try yes.finish() == 0)

        let again = try Terminal(ada, ["alert", "on"])
        #expect(try again.finish() == 0)
        #expect(again.screen.hasPrefix("An alert is already active since Sun 01 Mar 09:00 (just now); your responders were told then."),
                "\(again.screen)")
        #expect(!again.screen.contains("[y/N]"))
    }

    @Test func decliningARemovalKeepsTheContact() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        let terminal = try Terminal(ada, ["contacts", "remove", "bob"])
        try terminal.expect("Remove Bob Okafor from your contacts (on both sides)? [y/N] ")
        terminal.type("no")
        #expect(try terminal.finish() == 14)
        #expect(terminal.rest.hasSuffix("Not removed; Bob Okafor stays in your contacts.\n"), "\(terminal.screen)")
        #expect(try ada.run(["contacts", "--json"]).array().count == 1)
    }

    /// Taking away your only responder asks first on a terminal and warns
    /// afterwards; elsewhere it is done, and warned of.
    @Test func leavingYourselfWithoutAResponderAsksFirstAndWarns() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob"), cy = sandbox.person("cy")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        try cy.signUp(phone: "+15550000003", first: "Cy", last: "Young")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder", "--dependent"]).status == 0)
        let only = "Bob Okafor is your only responder: after this, nobody is told if you miss a check-in or raise an alert."
        let warning = "warning: nobody is watching you: you have no responders, so a missed check-in reaches nobody"

        let declined = try Terminal(ada, ["contacts", "role", "bob", "--no-responder"])
        try declined.expect(only + " Stop them being your responder? [y/N] ")
        declined.type("n")
        #expect(try declined.finish() == 14)
        #expect(declined.rest.hasSuffix("Not changed; Bob Okafor stays your responder.\n"), "\(declined.screen)")
        #expect(try ada.run(["contacts", "--responders", "--json"]).array().count == 1)
        let confirmed = try Terminal(ada, ["contacts", "role", "bob", "--no-responder"])
        try confirmed.expect("[y/N] ")
        confirmed.type("y")
        try confirmed.expect(warning)
        #expect(try confirmed.finish() == 0, "\(confirmed.screen)")

        // Without a terminal: done, and said.
        #expect(try ada.run(["contacts", "role", "bob", "--responder"]).stderr.isEmpty)
        let scripted = try ada.run(["contacts", "role", "bob", "--no-responder"])
        #expect(scripted.status == 0 && scripted.stderr.hasPrefix(warning), "\(scripted)")

        // Removing the only responder says so in the question and afterwards.
        #expect(try ada.run(["contacts", "role", "bob", "--responder"]).status == 0)
        let removal = try Terminal(ada, ["contacts", "remove", "bob"])
        try removal.expect(only + " Remove Bob Okafor from your contacts (on both sides)? [y/N] ")
        removal.type("y")
        try removal.expect(warning)
        #expect(try removal.finish() == 0, "\(removal.screen)")

        // With another responder left, nothing is asked or warned.
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder", "--dependent"]).status == 0)
        #expect(try ada.run(["contacts", "add", try cy.qrCode(), "--responder"]).status == 0)
        let calm = try Terminal(ada, ["contacts", "role", "bob", "--no-responder"])
        #expect(try calm.finish() == 0 && !calm.screen.contains("[y/N]") && !calm.screen.contains("warning"), "\(calm.screen)")
        let removed = try ada.run(["contacts", "remove", "cy", "--yes"])
        #expect(removed.status == 0 && removed.stderr.hasPrefix(warning), "\(removed)")
    }
}
