import Foundation
import Testing
import TestSupport

/// The dependent's `status` from outside: whether anything keeps the
/// store's deadlines on time, and for the current alarm who was told, whose
/// notify command took it, who read it, and who has no delivery set up.
@Suite(.ownThreads) struct StatusReceiptsTests {
    /// Ada watched by Bob and Cleo; Ada checked in at 09:00 (her deadline:
    /// the next day at 09:00, her reminder two hours before).
    static func trio(_ sandbox: Sandbox) throws -> (ada: Person, bob: Person, cleo: Person) {
        let ada = sandbox.person("ada"), bob = sandbox.person("bob"), cleo = sandbox.person("cleo")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try cleo.signUp(phone: "+15550000003", first: "Cleo", last: "P")
        for responder in [bob, cleo] {
            try #require(try ada.run(["contacts", "add", try responder.qrCode(), "--responder"]).succeeded)
        }
        try #require(try ada.run("checkin").succeeded)
        return (ada, bob, cleo)
    }

    static func at(_ time: String) -> [String: String] { ["LIFESIGNAL_NOW": time] }

    static func recipients(_ status: [String: Any], _ member: String) -> [String: [String: Any]] {
        let list: [[String: Any]]
        if member == "responders" {
            list = status["responders"] as? [[String: Any]] ?? []
        } else {
            list = (status["currentAlarm"] as? [String: Any])?["recipients"] as? [[String: Any]] ?? []
        }
        return Dictionary(list.map { (($0["firstName"] as? String) ?? "?", $0) }) { first, _ in first }
    }

    /// Nothing has ever looked; a `tick` looks; then a day without one is
    /// longer than the two-hour reminder.
    @Test func statusSaysWhenNoAgentOrTickKeepsTheDeadlines() throws {
        let sandbox = Sandbox("unattended")
        let (ada, _, _) = try Self.trio(sandbox)

        let never = try ada.run(["status", "--json"]).object()
        #expect(never["unattended"] as? Bool == true, "\(never)")
        #expect(never["lastLooked"] is NSNull, "\(never)")
        let text = try ada.run("status")
        #expect(text.stdout.contains("nothing fires on time: no agent or tick has ever looked at this store"), "\(text)")
        #expect(text.stderr.contains("hint: mkdir -p ~/.config/systemd/user && lifesignal agent --systemd-unit"),
                "the hint sets up an agent: \(text)")

        try #require(try ada.run(["tick"], extra: Self.at("2026-03-01T10:00:00Z")).succeeded)
        let looked = try ada.run(["status", "--json"], extra: Self.at("2026-03-01T11:00:00Z")).object()
        #expect(looked["unattended"] as? Bool == false, "\(looked)")
        let look = looked["lastLooked"] as? [String: Any]
        #expect(look?["by"] as? String == "tick" && look?["at"] as? String == "2026-03-01T10:00:00Z", "\(looked)")
        #expect(!(try ada.run(["status"], extra: Self.at("2026-03-01T11:00:00Z")).stdout.contains("nothing fires on time")))

        let late = try ada.run(["status"], extra: Self.at("2026-03-01T12:30:00Z"))
        #expect(late.stdout.contains("no agent or tick has looked at this store since"), "\(late)")
        #expect(late.stdout.contains("longer than your reminder (2h)"), "\(late)")
    }

    /// Read-only commands write no look: only an agent or `tick` does, and
    /// a `tick` from cron rewrites it at most once a minute.
    @Test func readingCommandsLeaveTheLastLookAlone() throws {
        let sandbox = Sandbox("unattended")
        let (ada, bob, _) = try Self.trio(sandbox)
        try #require(try ada.run(["tick"], extra: Self.at("2026-03-01T10:00:00Z")).succeeded)
        for arguments in [["status"], ["notifications"], ["contacts"]] {
            try #require(try bob.run(arguments, extra: Self.at("2026-03-01T10:20:00Z")).succeeded)
        }
        try #require(try ada.run(["tick"], extra: Self.at("2026-03-01T10:00:30Z")).succeeded)
        let look = try ada.run(["status", "--json"], extra: Self.at("2026-03-01T10:30:00Z")).object()["lastLooked"] as? [String: Any]
        #expect(look?["at"] as? String == "2026-03-01T10:00:00Z", "\(String(describing: look))")
    }

    /// Bob's notify command takes the missed check-in and he reads it; Cleo
    /// has no delivery set up and is shown as such.
    @Test func statusShowsWhoWasToldWhoseDeliverySucceededAndWhoRead() throws {
        let sandbox = Sandbox("receipts")
        let (ada, bob, _) = try Self.trio(sandbox)
        try #require(try bob.run(["settings", "set", "notify-command", "cat > /dev/null"]).succeeded)

        let before = try ada.run(["status", "--json"]).object()
        let reach = Self.recipients(before, "responders")
        #expect(reach["Bob"]?["delivery"] as? String == "notifyCommand", "\(reach)")
        #expect(reach["Cleo"]?["delivery"] as? String == "none", "\(reach)")
        #expect(reach["Bob"]?["reach"] as? String == "notRunning" && reach["Cleo"]?["reach"] as? String == "none", "\(reach)")
        #expect(before["currentAlarm"] is NSNull, "no alarm yet: \(before)")
        let watched = try ada.run("status").stdout
        #expect(watched.contains("Bob O (notify-command not running: not run yet by tick or an agent; told only when they next run lifesignal)"), "\(watched)")
        #expect(watched.contains("Cleo P (no delivery set up: sees it only when running lifesignal)"), "\(watched)")

        // The deadline passes; Bob's tick (cron's) fires it and delivers it.
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-02T09:00:05Z")).succeeded)
        let told = try ada.run(["status", "--json"], extra: Self.at("2026-03-02T09:01:00Z")).object()
        let alarm = try #require(told["currentAlarm"] as? [String: Any], "\(told)")
        #expect(alarm["event"] as? String == "missedCheckIn" && alarm["at"] as? String == "2026-03-02T09:00:00Z", "\(alarm)")
        var receipts = Self.recipients(told, "currentAlarm")
        #expect(receipts["Bob"]?["toldAt"] as? String == "2026-03-02T09:00:05Z", "\(receipts)")
        #expect(receipts["Bob"]?["deliveredAt"] as? String == "2026-03-02T09:00:05Z", "\(receipts)")
        #expect(receipts["Bob"]?["readAt"] is NSNull, "\(receipts)")
        #expect(receipts["Cleo"]?["toldAt"] as? String == "2026-03-02T09:00:05Z", "\(receipts)")
        #expect(receipts["Cleo"]?["deliveredAt"] is NSNull, "\(receipts)")
        #expect(receipts["Cleo"]?["delivery"] as? String == "none", "\(receipts)")

        try #require(try bob.run(["notifications", "read", "--all"], extra: Self.at("2026-03-02T09:10:00Z")).succeeded)
        receipts = Self.recipients(try ada.run(["status", "--json"], extra: Self.at("2026-03-02T09:20:00Z")).object(), "currentAlarm")
        #expect(receipts["Bob"]?["readAt"] as? String == "2026-03-02T09:10:00Z", "\(receipts)")
        #expect(receipts["Cleo"]?["readAt"] is NSNull, "\(receipts)")

        // The timeline (issue 14's) reads the same receipts.
        let timeline = try ada.run(["timeline", "--json"], extra: Self.at("2026-03-02T09:20:00Z")).array()
        let notified = timeline.first { $0["event"] as? String == "notify" }?["recipients"] as? [[String: Any]]
        let bobInTimeline = notified?.first { $0["firstName"] as? String == "Bob" }
        #expect(bobInTimeline?["deliveredAt"] as? String == "2026-03-02T09:00:05Z"
                && bobInTimeline?["readAt"] as? String == "2026-03-02T09:10:00Z", "\(timeline)")

        let text = try ada.run(["status"], extra: Self.at("2026-03-02T09:20:00Z")).stdout
        #expect(text.contains("Your missed check-in, due"), "\(text)")
        #expect(text.contains("Bob O (notify-command working, last delivered 19m ago)"), "run by Bob's tick 20 minutes ago: \(text)")
        let working = Self.recipients(try ada.run(["status", "--json"], extra: Self.at("2026-03-02T09:20:00Z")).object(), "responders")
        #expect(working["Bob"]?["reach"] as? String == "working"
                && working["Bob"]?["lastDeliveredAt"] as? String == "2026-03-02T09:00:05Z", "\(working)")
        let later = try ada.run(["status"], extra: Self.at("2026-03-02T12:00:05Z")).stdout
        #expect(later.contains("Bob O (notify-command not running: no agent or tick for 3h; told only when they next run lifesignal)"), "\(later)")
        let bobRow = text.split(separator: "\n").first { $0.contains("Bob O") && $0.contains("told") }
        #expect(bobRow?.contains("delivered") == true && bobRow?.contains("read ") == true, "\(text)")
        let cleoRow = text.split(separator: "\n").first { $0.contains("Cleo P") && $0.contains("told") }
        #expect(cleoRow?.contains("no delivery set up") == true && cleoRow?.contains("not read") == true, "\(text)")
    }

    /// A notify command that fails at every try is shown failing (since
    /// when, how many tries, the last error), in text and JSON, until one
    /// try succeeds; signing in again on that machine keeps the set-up.
    @Test func aFailingNotifyCommandIsShownFailingAndASignInAgainKeepsItsSetUp() throws {
        let sandbox = Sandbox("receipts")
        let (ada, bob, _) = try Self.trio(sandbox)
        let fixed = sandbox.root.appendingPathComponent("fixed").path
        try #require(try bob.run(["settings", "set", "notify-command", "test -e '\(fixed)' || exit 7"]).succeeded)
        #expect(try bob.run(["tick"], extra: Self.at("2026-03-02T09:00:05Z")).status == 9)
        #expect(try bob.run(["tick"], extra: Self.at("2026-03-02T09:05:00Z")).status == 9)
        let failing = Self.recipients(try ada.run(["status", "--json"], extra: Self.at("2026-03-02T09:06:00Z")).object(),
                                      "responders")["Bob"]
        #expect(failing?["reach"] as? String == "failing" && failing?["failingSince"] as? String == "2026-03-02T09:00:05Z"
                && failing?["lastError"] as? String == "the notify-command exited with status 7"
                && failing?["lastDeliveredAt"] is NSNull, "\(String(describing: failing))")
        let text = try ada.run(["status"], extra: Self.at("2026-03-02T09:06:00Z")).stdout
        #expect(text.contains("Bob O (notify-command failing since Mon 02 Mar 09:00"), "\(text)")
        #expect(text.contains("last: the notify-command exited with status 7)"), "\(text)")
        let bobRow = text.split(separator: "\n").first { $0.contains("Bob O") && $0.contains("told") }
        #expect(bobRow?.contains("not delivered (notify-command failing") == true, "\(text)")

        // Bob signs in again on the same machine: still failing, never "no delivery set up".
        let sent = try bob.run(["login", "--phone", "+15550000002", "--json"], extra: Self.at("2026-03-02T09:07:00Z"))
        let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
        try #require(try bob.run(["login", "--phone", "+15550000002", "--code", code], extra: Self.at("2026-03-02T09:07:00Z"))
            .succeeded)
        let again = Self.recipients(try ada.run(["status", "--json"], extra: Self.at("2026-03-02T09:08:00Z")).object(),
                                    "responders")["Bob"]
        #expect(again?["reach"] as? String == "failing" && again?["delivery"] as? String == "notifyCommand", "\(String(describing: again))")

        // Mended: the next try delivers, and it works again.
        #expect(FileManager.default.createFile(atPath: fixed, contents: nil))
        #expect(try bob.run(["tick"], extra: Self.at("2026-03-02T09:40:00Z")).succeeded)
        let mended = Self.recipients(try ada.run(["status", "--json"], extra: Self.at("2026-03-02T09:41:00Z")).object(),
                                     "responders")["Bob"]
        #expect(mended?["reach"] as? String == "working" && mended?["lastDeliveredAt"] as? String == "2026-03-02T09:40:00Z"
                && mended?["failingSince"] is NSNull, "\(String(describing: mended))")
    }

    /// An alert's receipts: a responder whose notify command is cleared
    /// counts as without delivery again, and is told but not delivered.
    @Test func anAlertShowsItsReceiptsAndAClearedNotifyCommandCountsAsNone() throws {
        let sandbox = Sandbox("receipts")
        let (ada, bob, cleo) = try Self.trio(sandbox)
        try #require(try bob.run(["settings", "set", "notify-command", "cat > /dev/null"]).succeeded)
        try #require(try cleo.run(["settings", "set", "notify-command", "cat > /dev/null"]).succeeded)
        try #require(try cleo.run(["settings", "set", "notify-command", ""]).succeeded)
        try #require(try ada.run(["alert", "on", "--yes"]).succeeded)
        try #require(try bob.run("tick").succeeded)
        let status = try ada.run(["status", "--json"]).object()
        #expect((status["currentAlarm"] as? [String: Any])?["event"] as? String == "alert", "\(status)")
        let receipts = Self.recipients(status, "currentAlarm")
        #expect(receipts["Bob"]?["deliveredAt"] as? String == "2026-03-01T09:00:00Z", "\(receipts)")
        #expect(receipts["Cleo"]?["delivery"] as? String == "none", "\(receipts)")
        #expect(receipts["Cleo"]?["toldAt"] as? String == "2026-03-01T09:00:00Z" && receipts["Cleo"]?["deliveredAt"] is NSNull,
                "\(receipts)")
        #expect(try ada.run("status").stdout.contains("Your alert, raised"))
    }
}
