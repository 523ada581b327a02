import Foundation
import Testing
import TestSupport

/// What people read: local times everywhere, honest empty lists, names in
/// JSON where they help, images on standard output, and changes that change
/// nothing said to be so.
@Suite(.serialized, .ownThreads) struct HumanOutputTests {
    /// A UTC stamp as the store writes them (`2026-03-02T09:00:00Z`).
    static func hasRawStamp(_ text: String) -> Bool {
        text.range(of: #"\d{4}-\d\d-\d\dT\d\d:\d\d"#, options: .regularExpression) != nil
    }

    @Test func timesAreLocalInEveryHumanMessageTheDeadlineRulesIncluded() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        for person in [ada, bob] { person.environment["TZ"] = "Asia/Tokyo" }
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try ada.run(["checkin"]).status == 0)
        let messages = sandbox.root.appendingPathComponent("messages.txt").path
        #expect(try bob.run(["settings", "set", "notify-command",
                             "printf '%s|%s\\n' \"$LIFESIGNAL_NOTIFICATION_TITLE\" \"$LIFESIGNAL_NOTIFICATION_MESSAGE\" >> \(messages)"])
                .status == 0)
        sandbox.setNow("2026-03-02T09:30:00Z", for: [ada, bob])
        #expect(try bob.run(["tick", "-q"]).status == 0)
        #expect(try ada.run(["alert", "on", "--yes"]).status == 0)
        #expect(try ada.run(["alert", "off"]).status == 0)
        #expect(try bob.run(["tick", "-q"]).status == 0)
        let delivered = try String(contentsOfFile: messages, encoding: .utf8)
        // Due 2026-03-02T09:00:00Z is 18:00 in Tokyo.
        #expect(delivered.contains("Ada Lovelace missed their check-in, due at Mon 02 Mar 18:00."), "\(delivered)")
        #expect(!Self.hasRawStamp(delivered), "\(delivered)")

        for (person, arguments) in [(ada, ["status"]), (ada, ["notifications"]), (ada, ["checkin", "history"]),
                                    (ada, ["profile"]), (bob, ["contacts"]), (bob, ["contacts", "show", "ada"]),
                                    (bob, ["notifications"]), (ada, ["alert", "off"]), (ada, ["alert"])] {
            let result = try person.run(arguments)
            #expect(!Self.hasRawStamp(result.stdout + result.stderr), "\(arguments): \(result)")
        }
        #expect(try ada.run(["status"]).stdout.contains("Last      Sun 01 Mar 18:00"), "local time, not UTC")
    }

    @Test func emptyRoleListsSayWhatIsMissing() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--dependent"]).status == 0)
        let responders = try ada.run(["contacts", "--responders"])
        #expect(responders.status == 0 && responders.stdout == "No responders: nobody is told when you miss a check-in.\n",
                "\(responders)")
        let dependents = try bob.run(["contacts", "--dependents"])
        #expect(dependents.stdout == "No dependents: you watch over nobody yet.\n", "\(dependents)")
        #expect(try ada.run(["contacts", "--responders", "--json"]).stdout == "[]\n")
    }

    @Test func pingJSONNamesBothSides() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        #expect(try bob.run(["contacts", "add", try ada.qrCode(), "--dependent"]).status == 0)
        for line in [["ping", "send", "Ada", "--json"], ["ping", "Ada", "--json"]] {
            let ping = try bob.run(line).object()
            #expect(ping["senderName"] as? String == "Bob Okafor" && ping["recipientName"] as? String == "Ada Lovelace",
                    "\(ping)")
        }
        let answered = try ada.run(["ping", "respond", "--json"]).array()
        #expect(answered.first?["senderName"] as? String == "Bob Okafor", "\(answered)")
    }

    @Test func aPNGOnStandardOutputReadsBack() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        let png = sandbox.root.appendingPathComponent("out.png").path
        #expect(FileManager.default.createFile(atPath: png, contents: nil))
        let written = try ada.run(["qr", "encode", "hello, world", "--png", "-"], stdoutPath: png)
        #expect(written.status == 0 && written.stderr.isEmpty, "\(written)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let scanned = try ada.run(["qr", "scan", "--raw", png])
        #expect(scanned.stdout == "hello, world\n", "\(scanned)")
        let svg = try ada.run(["qr", "encode", "hi", "--svg", "-"])
        #expect(svg.stdout.hasPrefix("<svg") || svg.stdout.hasPrefix("<?xml"), "\(svg.stdout.prefix(80))")
    }

    @Test func aRoleChangeThatChangesNothingSaysSoAndTellsNobody() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        let before = try bob.run(["notifications", "--json"]).array().count
        let same = try ada.run(["contacts", "role", "bob", "--responder", "--no-dependent"])
        #expect(same.status == 0 && same.stdout == "Bob Okafor is already your responder; nothing changed.\n", "\(same)")
        #expect(try ada.run(["contacts", "role", "bob", "--responder", "--json"]).object()["changed"] as? Bool == false)
        #expect(try bob.run(["notifications", "--json"]).array().count == before, "Bob was told of a change")
        let changed = try ada.run(["contacts", "role", "bob", "--dependent"])
        #expect(changed.stdout == "Bob Okafor is now your responder, dependent.\n", "\(changed)")
    }

    @Test func settingKeysInAnyCase() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        #expect(try ada.run(["settings", "set", "Pings", "OFF"]).status == 0)
        #expect(try ada.run(["settings", "get", "PINGS"]).stdout == "off\n")
        let near = try ada.run(["settings", "get", "check-in"])
        #expect(near.status == 2 && near.stderr.contains("(did you mean 'check-ins'?)"), "\(near)")
    }
}
