import Foundation
import TestSupport
import Testing

/// Check-in codes and the duress code: the duress code reads, byte for
/// byte, like the real one on the account's side, and raises an alert on
/// its responders' side.
@Suite(.serialized, .ownThreads) struct DuressTests {
    static let real = "4821-blue"
    static let duress = "4821-red"

    /// Ada with codes set and a note, watched by Bob and Cy, checked in once.
    func story() throws -> (Sandbox, Person, Person, Person) {
        let sandbox = Sandbox()
        let (ada, bob, cy) = try sandbox.adaWatchedByBobAndCy()
        try #require(try ada.run(["profile", "set", "--note", "Allergic to penicillin"]).status == 0)
        let set = try ada.run(["checkin", "code", "set", "--code", Self.real, "--duress", Self.duress])
        try #require(set.status == 0, "\(set)")
        try #require(try ada.run(["checkin", "--code", Self.real]).status == 0)
        return (sandbox, ada, bob, cy)
    }

    /// A second sandbox holding exactly the same store and homes.
    func copy(_ sandbox: Sandbox) throws -> Sandbox {
        let twin = Sandbox("twin")
        for name in try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path) {
            try FileManager.default.copyItem(at: sandbox.root.appendingPathComponent(name),
                                             to: twin.root.appendingPathComponent(name))
        }
        try sandbox.copyStore(to: twin)
        twin.now = sandbox.now
        return twin
    }

    /// What Ada's own side shows, command by command.
    static let views: [[String]] = [
        ["status"], ["status", "--json"], ["alert"], ["checkin", "history"], ["checkin", "history", "--json"],
        ["notifications"], ["notifications", "--json"], ["timeline", "--json"], ["checkin", "interval", "--json"],
    ]

    @Test func theDuressCodeIsTheRealOneByteForByteAndAlertsEveryResponder() throws {
        let (sandbox, ada, bob, cy) = try story()
        // Ada missed her deadline and her responders were told; the twin
        // copies that (its items' random IDs included).
        sandbox.setNow("2026-03-02T10:59:00Z", for: [ada, bob, cy])
        try #require(try bob.run("tick -q").status == 0)
        let twin = try copy(sandbox)
        // The duress code even says "safe" the same way.
        let later = "2026-03-02T11:00:00Z"
        let sides = [sandbox, twin].map { box in
            (box.person("ada", now: later), box.person("bob", now: later), box.person("cy", now: later))
        }
        let (adaReal, bobReal, _) = sides[0], (adaDuress, bobDuress, cyDuress) = sides[1]
        let realRun = try adaReal.run(["checkin", "--code", Self.real])
        let duressRun = try adaDuress.run(["checkin", "--code", Self.duress])
        #expect(realRun.status == 0 && realRun.stdout.contains("told you are safe"), "\(realRun)")
        #expect(duressRun.status == realRun.status && duressRun.stdout == realRun.stdout && duressRun.stderr == realRun.stderr,
                "\(realRun)\n\(duressRun)")
        let realJSON = try adaReal.run(["checkin", "--json"], extra: ["LIFESIGNAL_CHECKIN_CODE": Self.real])
        let duressJSON = try adaDuress.run(["checkin", "--json"], extra: ["LIFESIGNAL_CHECKIN_CODE": Self.duress])
        #expect(realJSON.status == 0 && duressJSON.stdout == realJSON.stdout && duressJSON.stderr == realJSON.stderr,
                "\(realJSON)\n\(duressJSON)")
        for view in Self.views {
            let (real, duress) = (try adaReal.run(view), try adaDuress.run(view))
            #expect(real.status == duress.status && real.stdout == duress.stdout && real.stderr == duress.stderr,
                    "\(view): \(real)\n\(duress)")
        }
        #expect(try adaDuress.run(["status", "--check"]).status == 0)
        // Every responder has the alert, marked, with the note; it is seen as an alert.
        for responder in [bobDuress, cyDuress] {
            let alert = try responder.run(["notifications", "--type", "alerts", "--json"]).array().first
            #expect(alert?["type"] as? String == "alert" && alert?["duress"] as? Bool == true, "\(String(describing: alert))")
            #expect((alert?["message"] as? String)?.contains("Allergic to penicillin") == true)
            #expect(try responder.run(["status", "--check"]).status == 13)
        }
        #expect(try bobReal.run(["notifications", "--type", "alerts", "--json"]).array().isEmpty)
        let seen = try bobDuress.run(["contacts", "--json"]).array().first
        #expect(seen?["isAlertActive"] as? Bool == true && seen?["duress"] as? Bool == true, "\(String(describing: seen))")
        // 'alert off' answers as it does on the real side, where no alert
        // is active, and the duress alert stands; the real code ends it.
        let (realOff, duressOff) = (try adaReal.run(["alert", "off"]), try adaDuress.run(["alert", "off"]))
        #expect(realOff.status == 5 && realOff.stderr.hasPrefix("error: no alert is active"), "\(realOff)")
        #expect(duressOff.status == realOff.status && duressOff.stdout == realOff.stdout && duressOff.stderr == realOff.stderr,
                "\(realOff)\n\(duressOff)")
        #expect(try bobDuress.run(["status", "--check"]).status == 13)
        #expect(try adaDuress.run(["checkin", "--code", Self.real]).status == 0)
        #expect(try adaReal.run(["checkin", "--code", Self.real]).status == 0)
        #expect(try bobDuress.run(["notifications", "--json"]).array().first?["title"] as? String == "Ada L's duress alert is over")
        #expect(try bobDuress.run(["status", "--check"]).status == 0)
        let (realFeed, duressFeed) = (try adaReal.run(["notifications"]), try adaDuress.run(["notifications"]))
        #expect(realFeed.stdout == duressFeed.stdout, "\(realFeed)\n\(duressFeed)")
    }

    @Test func withCodesSetACheckInNeedsOneAndWrongOnesAreRefusedAndRateLimited() throws {
        let (sandbox, ada, bob, cy) = try story()
        sandbox.setNow("2026-03-01T12:00:00Z", for: [ada, bob, cy])
        let before = sandbox.snapshot(sandbox.store)
        let none = try ada.run(["checkin"])
        #expect(none.status == 5 && none.stderr.contains("a check-in code is needed"), "\(none)")
        #expect(try ada.run(["checkin", "--", "true"]).status == 5, "the command does not run without a code")
        #expect(sandbox.snapshot(sandbox.store) == before)
        for attempt in 1...5 {
            let wrong = try ada.run(["checkin", "--code", "0000-\(attempt)"])
            #expect(wrong.status == 5 && wrong.stderr.hasPrefix("error: wrong check-in code"), "\(wrong)")
        }
        let locked = try ada.run(["checkin", "--code", Self.real])
        #expect(locked.status == 5, "\(locked)")
        #expect(try ada.run(["checkin", "history", "--json"]).array().count == 1)
        sandbox.setNow("2026-03-01T12:01:00Z", for: [ada, bob, cy])
        let right = try ada.run(["checkin", "--code", Self.real, "--json"])
        let stamp = try right.object()["lastCheckIn"] as? String
        #expect(right.status == 0 && stamp == "2026-03-01T12:01:00Z", "\(right)")
        #expect(try bob.run(["notifications", "--type", "alerts", "--json"]).array().isEmpty)
        // Changing or clearing them needs a current one.
        #expect(try ada.run(["checkin", "code", "set", "--code", "1111", "--duress", "2222"]).status == 5)
        #expect(try ada.run(["checkin", "code", "set", "--code", "1111", "--duress", "1111"],
                            extra: ["LIFESIGNAL_CHECKIN_CODE": Self.real]).status == 5)
        #expect(try ada.run(["checkin", "code", "set", "--code", "1111"]).status == 2)
        #expect(try ada.run(["checkin", "code", "clear", "--code", "nope"]).status == 5)
        #expect(try ada.run(["checkin", "code", "clear", "--code", Self.real]).status == 0)
        #expect(try ada.run(["checkin"]).status == 0)
        #expect(try ada.run(["checkin", "--code", Self.real]).status == 5, "no codes are set")
    }

    @Test func codesAreStoredAsSaltedHashes() throws {
        let (sandbox, _, _, _) = try story()
        let files = sandbox.snapshot(sandbox.store).values.compactMap { $0 }
        for code in [Self.real, Self.duress] {
            #expect(!files.contains { $0.range(of: Data(code.utf8)) != nil }, "\(code) is stored in the clear")
        }
    }
}

/// The codes asked for on a real terminal, never echoed.
@Suite(.serialized, .ownThreads) struct CheckInCodePromptTests {
    @Test func codesAreAskedTwiceWithoutEchoAndACheckInAsksForOne() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let setting = try Terminal(ada, ["checkin", "code", "set"])
        try setting.expect("New check-in code: ")
        setting.type("77-apple")
        try setting.expect("Again, to be sure: ")
        setting.type("77-pear")
        try setting.expect("error: the two did not match; once more")
        try setting.expect("New check-in code: ")
        setting.type("77-apple")
        try setting.expect("Again, to be sure: ")
        setting.type("77-apple")
        try setting.expect("Duress code (a different one): ")
        setting.type("77-plum")
        try setting.expect("Again, to be sure: ")
        setting.type("77-plum")
        try setting.expect("Check-in codes set.")
        #expect(try setting.finish() == 0, "\(setting.screen)")
        #expect(!setting.screen.contains("77-"), "a code was echoed: \(setting.screen)")

        let checkIn = try Terminal(ada, ["checkin"])
        try checkIn.expect("Check-in code: ")
        checkIn.type("77-plum")
        try checkIn.expect("Checked in.")
        #expect(try checkIn.finish() == 0, "\(checkIn.screen)")
        #expect(!checkIn.screen.contains("77-"), "\(checkIn.screen)")
        let wrong = try Terminal(ada, ["checkin"])
        try wrong.expect("Check-in code: ")
        wrong.type("nope-nope")
        try wrong.expect("error: wrong check-in code")
        #expect(try wrong.finish() == 5, "\(wrong.screen)")
    }
}
