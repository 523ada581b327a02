import Foundation
import Testing
import TestSupport

/// One word for one thing: a notification type however it is typed, the
/// reminder a warning measures by, one advice per refusal, man page
/// examples that run as shown, and an output failure that says what was done.
@Suite(.ownThreads) struct NewcomerConsistencyTests {
    /// Bob has an alert and a contact notice from Ada: every reasonable
    /// spelling of a type finds the same items; `all` finds everything.
    @Test func everySpellingOfATypeIsAccepted() throws {
        let sandbox = Sandbox("type-spellings")
        let (ada, bob) = try newcomerPair(sandbox)
        try #require(try ada.run(["alert", "on", "--yes"]).succeeded)
        func ids(_ type: String?) throws -> [String] {
            let result = try bob.run(["notifications", "--json"] + (type.map { ["--type", $0] } ?? []))
            #expect(result.status == 0, "\(type ?? "none"): \(result)")
            return try result.array().compactMap { $0["id"] as? String }
        }
        let alerts = try ids("alerts")
        #expect(alerts.count == 1)
        for spelling in ["alert", "Alert", "ALERTS", "Alerts"] { #expect(try ids(spelling) == alerts, "\(spelling)") }
        let everything = try ids(nil)
        #expect(try ids("all") == everything)
        #expect(try ids("ALL").count > 1)
        let contacts = try ids("contacts")
        #expect(!contacts.isEmpty)
        #expect(try ids("contact") == contacts)
        for spelling in ["check-in", "check-ins", "checkIn", "checkins", "Check-Ins"] {
            #expect(try ids(spelling).isEmpty, "\(spelling)")
        }
        let refused = try bob.run(["notifications", "--type", "alrts"])
        #expect(refused.status == 2 && refused.stderr.contains(
            "expected one of alert, ping, role, added, removed, contact, check-in, sign-in, test, all"), "\(refused)")
        // The list's TYPE column uses the spelling help shows.
        #expect(try bob.run(["notifications"]).stdout.contains("  alert  "))
    }

    /// Ada watches Bob, whose reminder (1h) is shorter than hers (2h): the
    /// warning names whose reminder it measures by.
    @Test func theDeadlinesLineNamesWhoseReminder() throws {
        let sandbox = Sandbox("whose-reminder")
        let (ada, bob) = try newcomerPair(sandbox)
        try #require(try ada.run(["tick"]).succeeded)
        let later = ["LIFESIGNAL_NOW": "2026-03-01T11:30:00Z"]
        #expect(try ada.run(["status"], extra: later).stdout.contains("longer than your reminder (2h)"))
        try #require(try bob.run(["checkin", "interval", "1d", "--reminder", "1h"]).succeeded)
        let status = try ada.run(["status"], extra: later)
        #expect(status.stdout.contains("longer than Bob O's reminder (1h)"), "\(status)")
    }

    /// A picture in a format not read is refused once, with the advice in
    /// the hint alone.
    @Test func anSVGIsRefusedWithOneAdvice() throws {
        let sandbox = Sandbox("svg")
        let ada = sandbox.person("ada")
        let svg = sandbox.root.appendingPathComponent("code.svg")
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>"#.write(to: svg, atomically: true, encoding: .utf8)
        let result = try ada.run(["qr", "scan", svg.path])
        #expect(result.status != 0)
        #expect(result.stderr == "error: cannot read the image: SVG images are not supported\n"
                + "hint: convert it to PNG or JPEG first (PNG, JPEG, PBM, PGM and PPM are read)\n", "\(result)")
    }

    /// The man page's examples run as shown: a home directory is not quoted
    /// away, and the crontab example gives its schedule.
    @Test func theManPageExamplesRunAsShown() throws {
        // The committed page, which GeneratedFilesTests keeps equal to the command table's.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("man/lifesignal.1"), encoding: .utf8)
        // Found or not, as Booleans: the page is too long to print in a failure.
        let quotedTilde = page.contains("'~/")
        #expect(!quotedTilde, "a quoted tilde is not the home directory")
        let homeExample = page.contains(".Dl lifesignal settings set etcd-cacert ~/.config/lifesignal/etcd/ca.crt\n")
        #expect(homeExample)
        let words = page.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let schedule = words.contains(#"the crontab line */5 * * * * lifesignal tick \-q"#)
        #expect(schedule, "the crontab example has its schedule")
    }

    /// A check-in whose output cannot be written is still recorded, and the
    /// error says so, before any hint.
    @Test func aCheckInWithNowhereToWriteSaysItWasRecorded() throws {
        let sandbox = Sandbox("dev-full")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let result = try ada.run(["checkin"], stdoutPath: "/dev/full")
        #expect(result.status == 8, "\(result)")
        #expect(result.stderr.hasPrefix("error: cannot write output: No space left on device; "
                                        + "the command itself succeeded, only its output was lost\n"), "\(result)")
        let history = try ada.run(["checkin", "history", "--json"]).array()
        #expect(history.count == 1, "\(history)")
        let status = try ada.run(["status"], stdoutPath: "/dev/full")
        #expect(status.stderr.hasPrefix("error: cannot write output"), "the error comes before the hint: \(status)")
    }

    /// The notify command gets a message ready to send: on stdin and in
    /// the environment alike, in the recipient's local time, the note's
    /// lines as written; the stored UTC text stays in `messageUTC`.
    @Test func theNotifyCommandGetsATextReadyToSend() throws {
        let sandbox = Sandbox("ready-to-send")
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
        try #require(try ada.run(["profile", "set", "--note", "Line one\nLine two"]).succeeded)
        try #require(try ada.run("checkin").succeeded)
        let stdin = sandbox.root.appendingPathComponent("stdin"), variable = sandbox.root.appendingPathComponent("variable")
        try #require(try bob.run(["settings", "set", "check-ins", "on"]).succeeded)
        try #require(try bob.run(["settings", "set", "notify-command",
            "cat >> '\(stdin.path)'; printf '%s\\n--\\n' \"$LIFESIGNAL_NOTIFICATION_MESSAGE\" >> '\(variable.path)'"]).succeeded)
        let tokyo = ["LIFESIGNAL_NOW": "2026-03-02T12:00:00Z", "TZ": "Asia/Tokyo"]
        #expect(try bob.run(["tick"], extra: tokyo).succeeded)
        let items = try String(contentsOf: stdin, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let missed = try #require(items.first { $0["type"] as? String == "checkIn" }, "\(items)")
        #expect(missed["message"] as? String == "Ada L missed their check-in, due at Mon 02 Mar 18:00. Emergency note: Line one\nLine two",
                "\(missed)")
        #expect(missed["messageUTC"] as? String
                == "Ada L missed their check-in, due at 2026-03-02T09:00:00Z. Emergency note: Line one\nLine two", "\(missed)")
        #expect(missed["timestamp"] as? String == "2026-03-02T12:00:00Z")
        let told = try String(contentsOf: variable, encoding: .utf8).components(separatedBy: "\n--\n")
        #expect(told.contains("Ada L missed their check-in, due at Mon 02 Mar 18:00. Emergency note: Line one\nLine two"), "\(told)")
    }
}
