import Foundation
import TestSupport
import Testing

/// The alarm path end to end (issue 11): no missed check-in or alert is
/// lost, faked or blocked, and nobody is told something untrue.
@Suite(.serialized, .ownThreads) struct AlarmPathTests {
    /// A name that is "one character" of 66 KB is refused at input, in bytes.
    @Test func namesAreLimitedInBytesAtInput() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let before = try sandbox.storeContents()
        let zalgo = "Z" + String(repeating: "\u{301}", count: 33_000)
        let refused = try ada.run(["profile", "set", "--first-name", zalgo])
        #expect(refused.status == 5, "\(refused)")
        #expect(refused.stderr.hasPrefix("error: first name is longer than 128 bytes"), "\(refused)")
        let twoLines = try ada.run(["profile", "set", "--last-name", "L\u{2028}Bob"])
        #expect(twoLines.status == 5 && twoLines.stderr.contains("must be one line"), "\(twoLines)")
        let note = try ada.run(["profile", "set", "--note", String(repeating: "é", count: 2001)])
        #expect(note.status == 5 && note.stderr.contains("longer than 4000 bytes"), "\(note)")
        #expect(try sandbox.storeContents() == before)
        let newcomer = sandbox.person("new")
        let sent = try newcomer.run(["login", "--phone", "+15550000002", "--json"])
        let code = try #require(try sent.object()["code"] as? String)
        let login = try newcomer.run(["login", "--phone", "+15550000002", "--code", code, "--first-name", zalgo, "--last-name", "X"])
        #expect(login.status == 5, "\(login)")
    }

    /// Ada and her responders Bob and Cy; Ada checked in at 09:00 (interval 1d).
    func story() throws -> (Sandbox, Person, Person, Person) {
        let sandbox = Sandbox()
        let (ada, bob, cy) = try sandbox.adaWatchedByBobAndCy()
        #expect(try ada.run("checkin").status == 0)
        return (sandbox, ada, bob, cy)
    }

    func titles(_ person: Person) throws -> [String] {
        try person.run(["notifications", "--json"]).array().compactMap { $0["title"] as? String }
    }

    /// Defect 1: at 13:00 Ada sets an interval of 2h; her deadline (11:00)
    /// is already past. Everyone is told at once, and again never.
    @Test func anIntervalChangeToAPastDeadlineTellsTheResponders() throws {
        let (sandbox, ada, bob, cy) = try story()
        sandbox.setNow("2026-03-01T13:00:00Z", for: [ada, bob, cy])
        let changed = try ada.run(["checkin", "interval", "2h"])
        #expect(changed.status == 0, "\(changed)")
        #expect(changed.stdout.contains("This put your deadline in the past, at Sun 01 Mar 11:00 (2h ago): your 2 responders "
                + "have been told you missed your check-in."), "\(changed)")
        #expect(try ada.run(["status", "--check"]).status == 10)
        for responder in [bob, cy] {
            #expect(try titles(responder).filter { $0 == "Ada L missed a check-in" }.count == 1)
        }
        sandbox.setNow("2026-03-04T13:00:00Z", for: [ada, bob, cy])
        #expect(try bob.run("tick -q").status == 0)
        #expect(try titles(bob).filter { $0 == "Ada L missed a check-in" }.count == 1)
        #expect(try titles(ada).filter { $0 == "You missed your check-in" }.count == 1)
        #expect(try ada.run("checkin").stdout.contains("Your 2 responders have been told you are safe."))
        #expect(try titles(cy).first == "Ada L is safe")
        let safe = try cy.run(["notifications", "--json"]).array().first
        #expect(safe?["allClear"] as? Bool == true, "the all-clear is a kind of notice, in its JSON too")
        #expect(try cy.run(["notifications", "--json"]).array().filter { $0["allClear"] != nil }.count == 1)
    }

    /// Defect 5: nobody watching is said plainly, never "your responders have been told".
    @Test func nobodyWatchingIsSaidPlainly() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let first = try ada.run(["checkin", "-q"])
        #expect(first.status == 0 && first.stdout.isEmpty, "\(first)")
        #expect(first.stderr.hasPrefix("warning: nobody is watching you: you have no responders"), "\(first)")
        let second = try ada.run("checkin")
        #expect(!second.stderr.contains("warning"), "\(second)")
        sandbox.setNow("2026-03-02T10:00:00Z", for: [ada])
        let missed = try ada.run(["notifications", "--json"]).array().first
        #expect((missed?["message"] as? String)?.contains("Nobody was told: you have no responders") == true, "\(String(describing: missed))")
        let alert = try ada.run(["alert", "on", "--yes"])
        #expect(alert.status == 0 && alert.stdout.contains("Alert raised. Nobody was told: you have no responders."), "\(alert)")
        // Scripts get it in the JSON, and stderr stays clean.
        let dee = sandbox.person("dee")
        try dee.signUp(phone: "+15550000004", first: "Dee", last: "D")
        let json = try dee.run(["checkin", "--json"])
        let warning = try json.object()["warning"] as? String
        #expect(json.stderr.isEmpty && warning?.hasPrefix("nobody is watching you") == true, "\(json)")
    }

    /// Defect 6: an alert is never refused for want of a name.
    @Test func anAlertNeedsNoName() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        let sent = try ada.run(["login", "--phone", "+15550000001", "--json"])
        let code = try #require(try sent.object()["code"] as? String)
        #expect(try ada.run(["login", "--phone", "+15550000001", "--code", code]).status == 0)
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        #expect(try bob.run(["contacts", "add", try ada.qrCode(), "--dependent"]).status == 0)
        #expect(try ada.run("checkin").status == 0)
        let raised = try ada.run(["alert", "on", "--yes", "--json"])
        #expect(raised.status == 0, "\(raised)")
        #expect(try raised.object()["respondersTold"] as? Int == 1)
        #expect(try titles(bob).first == "Emergency alert from +15550000001")
    }

    /// Defect 7: "please check in" answered is a check-in.
    @Test func answeringAPingChecksYouIn() throws {
        let (sandbox, ada, bob, cy) = try story()
        sandbox.setNow("2026-03-02T10:00:00Z", for: [ada, bob, cy])
        #expect(try ada.run(["status", "--check"]).status == 10)
        #expect(try bob.run(["contacts", "role", "Ada", "--dependent"]).status == 0)
        #expect(try bob.run("ping Ada").status == 0)
        let pingItem = try ada.run(["notifications", "--type", "pings", "--json"]).array().first
        #expect((pingItem?["message"] as? String)?.contains("lifesignal ping respond") == true)
        let answered = try ada.run("ping respond")
        #expect(answered.status == 0, "\(answered)")
        #expect(answered.stdout.hasPrefix("Answered 1 ping and checked in."), "\(answered)")
        #expect(try ada.run(["status", "--check"]).status == 0)
        #expect(try ada.run(["checkin", "history", "--json"]).array().count == 2)
        #expect(try titles(cy).first == "Ada L is safe")
    }
}

/// What a responder needs to read (issue 11, defect 9): the whole item, and
/// who needs them, in `status` and its exit code.
@Suite(.serialized, .ownThreads) struct NeedsYouTests {
    /// Ada (note set) and Cy are Bob's dependents; Ada checked in at 09:00.
    func story() throws -> (Sandbox, Person, Person, Person) {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob"), cy = sandbox.person("cy")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try cy.signUp(phone: "+15550000003", first: "Cy", last: "Y")
        #expect(try ada.run(["profile", "set", "--note", "Spare key under the blue pot.\nDiabetic."]).status == 0)
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try cy.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try bob.run(["contacts", "add", try cy.qrCode(), "--dependent"]).status == 5)  // already linked
        for person in [ada, bob, cy] { #expect(try person.run("checkin").status == 0) }
        return (sandbox, ada, bob, cy)
    }

    @Test func notificationsShowGivesTheWholeItemWithTheNote() throws {
        let (sandbox, ada, bob, cy) = try story()
        sandbox.setNow("2026-03-02T09:30:00Z", for: [ada, bob, cy])
        let missed = try #require(try bob.run(["notifications", "--type", "check-ins", "--json"]).array()
            .first { $0["title"] as? String == "Ada L missed a check-in" })
        let id = try #require(missed["id"] as? String)
        let shown = try bob.run(["notifications", "show", String(id.prefix(8))])
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdout.contains("Ada L missed a check-in"), "\(shown)")
        // The note whole, its second line indented under the message so it cannot pass for a line of ours.
        #expect(shown.stdout.contains("Emergency note: Spare key under the blue pot.\n         Diabetic."), "\(shown)")
        #expect(shown.stdout.contains("About    Ada L (+15550000001)"), "\(shown)")
        let json = try bob.run(["notifications", "show", id, "--json"]).object()
        #expect(json["message"] as? String == missed["message"] as? String)
        #expect(json["relatedContactName"] as? String == "Ada L")
        // Showing it read it, at that moment, and Ada's receipts say so.
        #expect(shown.stdout.contains("Status   read Mon 02 Mar 09:30"), "\(shown)")
        #expect(json["isRead"] as? Bool == true && json["readAt"] as? String == "2026-03-02T09:30:00Z", "\(json)")
        let alarm = try ada.run(["status", "--json"]).object()["currentAlarm"] as? [String: Any]
        let receipt = (alarm?["recipients"] as? [[String: Any]])?.first { $0["firstName"] as? String == "Bob" }
        #expect(receipt?["readAt"] as? String == "2026-03-02T09:30:00Z", "\(String(describing: alarm))")
        #expect(try ada.run(["status"]).stdout.contains("read Mon 02 Mar 09:30"))
        #expect(try bob.run(["notifications", "show", "ffffffff"]).status == 4)
        #expect(try bob.run(["notifications", "show", "zz"]).status == 5)
        // The list points at it.
        #expect(try bob.run("notifications").stderr.contains("lifesignal notifications show ID"))
    }

    @Test func statusSaysWhoNeedsYouAndCheckExits13() throws {
        let (sandbox, ada, bob, cy) = try story()
        #expect(try bob.run(["status", "--check"]).status == 0)
        #expect(try bob.run(["status", "--json"]).object()["dependentsNeedingAttention"] as? [Any] != nil)
        #expect((try bob.run(["status", "--json"]).object()["dependentsNeedingAttention"] as? [Any])?.isEmpty == true)
        #expect(try cy.run(["alert", "on", "--yes"]).status == 0)
        sandbox.setNow("2026-03-02T09:30:00Z", for: [ada, bob, cy])
        #expect(try bob.run("checkin").status == 0)
        let check = try bob.run(["status", "--check"])
        #expect(check.status == 13 && check.stdout.isEmpty && check.stderr.isEmpty, "\(check)")
        let human = try bob.run("status")
        #expect(human.stdout.contains("Needs you"), "\(human)")
        let lines = human.stdout.split(separator: "\n").map(String.init)
        let adaLine = try #require(lines.firstIndex { $0.contains("Ada L") })
        let cyLine = try #require(lines.firstIndex { $0.contains("Cy Y") })
        #expect(cyLine < adaLine, "alerts come first: \(human)")
        #expect(lines[cyLine].contains("ALERT since"), "\(human)")
        #expect(lines[adaLine].contains("overdue by 30m"), "\(human)")
        let json = try bob.run(["status", "--json"]).object()
        let needs = try #require(json["dependentsNeedingAttention"] as? [[String: Any]])
        #expect(needs.map { $0["firstName"] as? String } == ["Cy", "Ada"])
        #expect(needs.last?["overdue"] as? Bool == true && needs.first?["isAlertActive"] as? Bool == true)
        #expect(json["responderCount"] as? Int == 0)
        // Your own trouble comes first.
        #expect(try ada.run(["status", "--check"]).status == 10)
        #expect(try cy.run(["status", "--check"]).status == 11)
    }

    /// The README's prompt recipe, run as written in bash.
    @Test func theReadmePromptRecipeIsTrue() throws {
        let (sandbox, ada, bob, cy) = try story()
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "lifesignal_prompt() {"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let recipe = String(readme[start.lowerBound..<end.lowerBound])
        let directory = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path
        func prompt(_ person: Person) throws -> String {
            let path = directory + ":" + (person.environment["PATH"] ?? "/usr/bin:/bin")
            return try person.run(["/bin/bash", "-c", recipe + "\nprintf '%s|' \"$(lifesignal_prompt)\""],
                                  extra: ["PATH": path], viaShell: true).stdout
        }
        #expect(try prompt(bob) == "|")
        sandbox.setNow("2026-03-02T09:30:00Z", for: [ada, bob, cy])
        #expect(try bob.run("checkin").status == 0)
        #expect(try prompt(bob) == "[someone needs you] |")
        #expect(try prompt(ada) == "[check in!] |")
        #expect(try ada.run(["alert", "on", "--yes"]).status == 0)
        #expect(try prompt(ada) == "[alert on] |")
    }
}
