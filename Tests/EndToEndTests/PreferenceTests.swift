import Foundation
import TestSupport
import Testing

/// A responder's preferences govern their own news, never a dependent's
/// alarm: a missed check-in, its repeats and an alert reach the notify
/// command whatever the switches say, also for settings stored before the
/// switches were split.
@Suite(.serialized, .ownThreads) struct PreferenceTests {
    /// Ada, watched by Bob, whose notify command writes each title to `log`.
    func story() throws -> (sandbox: Sandbox, ada: Person, bob: Person, log: String) {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        let log = sandbox.root.appendingPathComponent("log").path
        try #require(try bob.run(["settings", "set", "notify-command",
                                  "echo \"$LIFESIGNAL_NOTIFICATION_TITLE\" >> '\(log)'"]).succeeded)
        try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
        try #require(try ada.run(["checkin", "interval", "--repeat", "1h"]).succeeded)
        try #require(try ada.run(["checkin"]).succeeded)
        try #require(try bob.run(["checkin"]).succeeded)
        return (sandbox, ada, bob, log)
    }

    func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func everySwitchOffStillHandsOnADependentsMissedCheckInItsRepeatAndAnAlert() throws {
        let (sandbox, ada, bob, log) = try story()
        for key in ["alerts", "pings", "check-ins", "contacts", "dependent-news"] {
            try #require(try bob.run(["settings", "set", key, "off"]).succeeded)
        }
        sandbox.setNow("2026-03-02T09:00:00Z", for: [ada, bob])
        let missed = try bob.run(["tick", "--json"])
        let delivered = try missed.object()["delivered"] as? Int
        #expect(missed.status == 0 && delivered == 1, "\(missed)")
        // Ada is told the truth: Bob's command took it.
        let receipt = try ada.run(["status", "--json"]).object()["currentAlarm"] as? [String: Any]
        let recipient = (receipt?["recipients"] as? [[String: Any]])?.first
        #expect(recipient?["deliveredAt"] as? String == "2026-03-02T09:00:00Z", "\(String(describing: receipt))")

        sandbox.setNow("2026-03-02T10:00:00Z", for: [ada, bob])
        try #require(try ada.run(["alert", "on", "--yes"]).succeeded)
        try #require(try bob.run("tick").succeeded)
        // Bob's own reminder and miss, and Ada's "safe", stay in his feed only.
        try #require(try ada.run(["checkin"]).succeeded)
        try #require(try bob.run("tick").succeeded)
        #expect(lines(log) == ["Ada L missed a check-in", "Ada L still has not checked in", "Emergency alert from Ada L"],
                "\(lines(log))")
        let feed = try bob.run(["notifications", "--json"]).array().compactMap { $0["title"] as? String }
        #expect(feed.contains("You missed your check-in") && feed.contains("Ada L is safe"), "\(feed)")
    }

    @Test func dependentNewsGovernsTheNewsThatIsNoAlarmAndTheOwnSwitchesOnlyYourOwn() throws {
        let (sandbox, ada, bob, log) = try story()
        try #require(try bob.run(["settings", "set", "check-ins", "off"]).succeeded)
        sandbox.setNow("2026-03-02T09:00:00Z", for: [ada, bob])
        try #require(try ada.run(["checkin"]).succeeded)
        try #require(try bob.run("tick").succeeded)
        // The alarm goes first (fair delivery puts what is critical ahead), then the news in order.
        #expect(lines(log) == ["Ada L missed a check-in", "Ada L added you", "Ada L is safe"], "\(lines(log))")
        try #require(try bob.run(["settings", "set", "dependent-news", "off"]).succeeded)
        try #require(try ada.run(["checkin", "pause", "--for", "1h"]).succeeded)
        try #require(try bob.run("tick").succeeded)
        #expect(lines(log).count == 3, "\(lines(log))")
    }

    /// Preferences written before `dependent-news` existed (an older
    /// lifesignal's `check-ins off`) read as they were meant: Bob's own
    /// notices stay off, Ada's alarm and the news about her go through.
    @Test func settingsStoredBeforeTheSplitLoseNoAlarm() throws {
        let (sandbox, ada, bob, log) = try story()
        guard sandbox.storeKind == .directory else { return }
        let file = sandbox.store.appendingPathComponent("accounts/\(try bob.accountID())/account.json")
        var stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var data = try #require(stored["data"] as? [String: Any])
        data["preferences"] = ["alerts": false, "checkIns": false, "contacts": true, "pings": true]
        stored["data"] = data
        try JSONSerialization.data(withJSONObject: stored, options: [.sortedKeys]).write(to: file)

        let settings = try bob.run(["settings", "--json"]).object()
        #expect(settings["checkIns"] as? Bool == false && settings["alerts"] as? Bool == false, "\(settings)")
        #expect(settings["dependentNews"] as? Bool == true, "\(settings)")
        sandbox.setNow("2026-03-02T09:00:00Z", for: [ada, bob])
        try #require(try ada.run(["checkin"]).succeeded)
        try #require(try bob.run("tick").succeeded)
        // The alarm goes first (fair delivery puts what is critical ahead), then the news in order.
        #expect(lines(log) == ["Ada L missed a check-in", "Ada L added you", "Ada L is safe"], "\(lines(log))")
        #expect(try bob.run(["doctor"]).status == 0)
    }

    /// `settings` says what each switch covers; turning off one that still
    /// mutes news about the people you watch warns, even with --json.
    @Test func settingsSayWhatEachSwitchCoversAndWarnWhenNewsAboutDependentsIsMuted() throws {
        let sandbox = Sandbox()
        let bob = sandbox.person("bob")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        let shown = try bob.run(["settings"])
        #expect(shown.stdout.contains("check-ins       on  your own reminders and check-in notices"), "\(shown)")
        #expect(shown.stdout.contains("dependent-news  on  news about the people you watch"), "\(shown)")
        #expect(shown.stdout.contains("Missed check-ins and alerts of the people you watch always reach your notify-command."))
        let own = try bob.run(["settings", "set", "check-ins", "off"])
        #expect(own.status == 0 && own.stderr.isEmpty, "\(own)")
        #expect(own.stdout.contains("your notify-command no longer gets your own reminders and check-in notices"), "\(own)")
        for key in ["dependent-news", "pings", "contacts"] {
            let muted = try bob.run(["settings", "set", key, "off", "--json"])
            #expect(muted.status == 0 && muted.stderr.hasPrefix("warning: with \(key) off, your notify-command no longer gets"),
                    "\(muted)")
            #expect(try muted.object()[key] as? Bool == false)
        }
        #expect(try bob.run(["settings", "set", "dependent-news", "on"]).stderr.isEmpty)
        #expect(try bob.run(["settings", "get", "dependent-news"]).stdout == "on\n")
    }
}
