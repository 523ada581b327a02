import Foundation
import Testing
import TestSupport

@Suite(.serialized, .ownThreads) struct SignInFlowTests {
    @Test func aNewUserSignsInSetsAProfileChecksInAndSeesStatus() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        let before = try ada.run("status")
        #expect(before.status == 3)
        #expect(before.stderr.contains("error: you are not signed in"))
        #expect(before.stderr.contains("lifesignal login --phone NUMBER"))

        let sent = try ada.run(["login", "--phone", "+1 (555) 123-4567"])
        #expect(sent.status == 0, "\(sent)")
        let code = try #require(sent.stdout.firstMatch(of: /: (\d{6})\n/)?.1)
        #expect(sent.stderr.contains("--code CODE"))

        let wrong = try ada.run(["login", "--phone", "+15551234567", "--code", code == "000000" ? "111111" : "000000"])
        #expect(wrong.status == 5)
        #expect(wrong.stderr.contains("wrong code (4 attempts left)"))

        let signed = try ada.run(["login", "--phone", "+15551234567", "--code", String(code)])
        #expect(signed.status == 0, "\(signed)")
        #expect(try ada.run("status").stderr.contains("profile set"))

        #expect(try ada.run(["profile", "set", "--first-name", "Ada", "--last-name", "Lovelace", "--note", "Spare key at No. 7"]).status == 0)
        let profile = try ada.run("profile --json").object()
        #expect(profile["firstName"] as? String == "Ada")
        #expect(profile["emergencyNote"] as? String == "Spare key at No. 7")
        #expect(profile["phoneNumber"] as? String == "+15551234567")
        for key in ["id", "lastName", "qrCodeID", "checkInInterval", "reminderInterval", "lastCheckIn", "nextCheckInDue", "isAlertActive"] {
            #expect(profile.keys.contains(key), "profile lacks \(key)")
        }

        let checkin = try ada.run("checkin --json").object()
        #expect(checkin["lastCheckIn"] as? String == "2026-03-01T09:00:00Z")
        #expect(checkin["nextCheckInDue"] as? String == "2026-03-02T09:00:00Z")

        let status = try ada.run("status --json").object()
        #expect(status["overdue"] as? Bool == false)
        #expect(status["pendingPings"] as? Int == 0)
        #expect(status["unreadNotifications"] as? Int == 0)
        #expect((status["user"] as? [String: Any])?["firstName"] as? String == "Ada")
        #expect(try ada.run("status --check").status == 0)

        ada.environment["LIFESIGNAL_NOW"] = "2026-03-02T09:00:01Z"
        let late = try ada.run("status --check")
        #expect(late.status == 10)
        #expect(late.stdout.isEmpty)
        #expect(try ada.run("notifications --json").array().map { $0["title"] as? String }
            == ["You missed your check-in"])

        #expect(try ada.run("logout").status == 0)
        #expect(try ada.run("status").status == 3)
        #expect(try ada.run("logout").status == 0)
    }

    @Test func aNonInteractiveLoginWithNamesOnboardsInOneCall() throws {
        let sandbox = Sandbox()
        let bob = sandbox.person("bob")
        try bob.signUp(phone: "+447700900123", first: "Bob", last: "Builder")
        let profile = try bob.run("profile --json").object()
        #expect(profile["firstName"] as? String == "Bob")
        #expect(profile["needsOnboarding"] as? Bool == false)
    }

    @Test func theSMSCommandGetsTheCodeAndItsEnvironment() throws {
        let sandbox = Sandbox()
        let cy = sandbox.person("cy")
        let outbox = sandbox.root.appendingPathComponent("outbox").path
        let command = "cat > \(outbox).body; printf '%s|%s' \"$LIFESIGNAL_SMS_TO\" \"$LIFESIGNAL_SMS_BODY\" > \(outbox).env"
        #expect(try cy.run(["settings", "set", "sms-command", command]).status == 0)
        let sent = try cy.run(["login", "--phone", "+15550001111"])
        #expect(sent.status == 0, "\(sent)")
        #expect(!sent.stdout.contains("Verification code"))
        let env = try String(contentsOfFile: outbox + ".env", encoding: .utf8)
        let code = try #require(env.firstMatch(of: /is (\d{6})\./)?.1)
        #expect(env.hasPrefix("+15550001111|Your lifesignal code is \(code)."))
        #expect(try String(contentsOfFile: outbox + ".body", encoding: .utf8).contains(String(code)))
        #expect(try cy.run(["login", "--phone", "+15550001111", "--code", String(code)]).status == 0)

        let failing = try cy.run(["login", "--phone", "+15550002222"], extra: ["LIFESIGNAL_SMS_COMMAND": "exit 3"])
        #expect(failing.status == 9, "\(failing)")
        #expect(failing.stderr.contains("sms-command exited with status 3"))
    }
}
