import Foundation
import TestSupport
import Testing

/// Issue 14 end to end on the simulated clock: a grace period, delays per
/// responder, repeats, acknowledgements, including catch-up after long gaps
/// and evaluators running at once.
@Suite(.serialized, .ownThreads) struct EscalationTests {
    /// Ada (interval 1d, checked in Sun 09:00) watched by Bob (at once) and
    /// Cy (2h later), with a grace period of 1h and repeats every 6h: she
    /// is due Mon 09:00, Bob is told at 10:00, Cy at 12:00.
    func story(grace: String = "1h", repeats: String = "6h") throws -> (Sandbox, Person, Person, Person) {
        let sandbox = Sandbox()
        let (ada, bob, cy) = try sandbox.adaWatchedByBobAndCy()
        let delay = try ada.run(["contacts", "role", "Cy", "--delay", "2h"])
        try #require(delay.status == 0 && delay.stdout.contains("2h after your grace period"), "\(delay)")
        let interval = try ada.run(["checkin", "interval", "--grace", grace, "--repeat", repeats, "--json"])
        try #require(interval.status == 0, "\(interval)")
        try #require(try ada.run("checkin").status == 0)
        return (sandbox, ada, bob, cy)
    }

    func titles(_ person: Person) throws -> [String] {
        try person.run(["notifications", "--json"]).array().compactMap { $0["title"] as? String }
    }

    func count(_ title: String, _ person: Person) throws -> Int {
        try titles(person).filter { $0 == title }.count
    }

    @Test func graceThenEachResponderAtTheirDelayThenRepeatsOncePerIntervalAfterAWeekOff() throws {
        let (sandbox, ada, bob, cy) = try story()
        let contacts = try ada.run(["contacts", "--json"]).array()
        #expect(contacts.map { $0["delay"] as? Int } == [0, 7200], "\(contacts)")
        // Late: Ada alone is told; her responders see her as not overdue yet.
        sandbox.setNow("2026-03-02T09:30:00Z", for: [ada, bob, cy])
        #expect(try bob.run("tick -q").status == 0)
        #expect(try count("You are late to check in", ada) == 1)
        #expect(try count("Ada L missed a check-in", bob) == 0)
        let status = try ada.run(["status", "--json"]).object()
        #expect(status["graceEndsAt"] as? String == "2026-03-02T10:00:00Z", "\(status)")
        #expect(status["overdue"] as? Bool == true)
        let seen = try bob.run(["contacts", "--json"]).array().first
        #expect(seen?["overdue"] as? Bool == false && seen?["graceEndsAt"] as? String == "2026-03-02T10:00:00Z", "\(String(describing: seen))")
        #expect(try bob.run(["status", "--check"]).status == 0)
        #expect(try bob.run(["ack", "Ada"]).status == 5, "nothing to acknowledge during the grace period")
        // Grace over: Bob at once, Cy two hours later.
        sandbox.setNow("2026-03-02T10:00:00Z", for: [ada, bob, cy])
        #expect(try cy.run("tick -q").status == 0)
        #expect(try count("Ada L missed a check-in", bob) == 1)
        #expect(try count("Ada L missed a check-in", cy) == 0)
        #expect(try bob.run(["status", "--check"]).status == 13)
        sandbox.setNow("2026-03-02T12:00:00Z", for: [ada, bob, cy])
        #expect(try count("Ada L missed a check-in", cy) == 1)
        // A week with nothing running: one repeat each, not twenty-eight.
        sandbox.setNow("2026-03-09T12:00:00Z", for: [ada, bob, cy])
        #expect(try bob.run("tick -q").status == 0)
        #expect(try count("Ada L still has not checked in", bob) == 1)
        #expect(try count("Ada L still has not checked in", cy) == 1)
        #expect(try count("Ada L missed a check-in", bob) == 1)
        sandbox.setNow("2026-03-09T18:00:00Z", for: [ada, bob, cy])
        #expect(try count("Ada L still has not checked in", bob) == 2)
        #expect(try count("Ada L still has not checked in", cy) == 2)
        // A check-in ends it, and tells those who were told.
        #expect(try ada.run("checkin").stdout.contains("Your 2 responders have been told you are safe."))
        sandbox.setNow("2026-03-12T18:00:00Z", for: [ada, bob, cy])
        #expect(try count("Ada L still has not checked in", bob) == 2)
        #expect(try titles(cy).contains("Ada L is safe"))
    }

    @Test func anAcknowledgementTellsEveryoneWhoAndStopsRepeatsAndLaterSteps() throws {
        let (sandbox, ada, bob, cy) = try story(grace: "0", repeats: "1h")
        let bobID = try bob.accountID()
        #expect(try bob.run(["ack", "Ada"]).status == 5, "not overdue yet")
        sandbox.setNow("2026-03-02T09:30:00Z", for: [ada, bob, cy])
        let acked = try bob.run(["ack", "Ada", "--json"])
        #expect(acked.status == 0, "\(acked)")
        #expect(try acked.object()["acknowledged"] as? [String] == ["missedCheckIn"], "\(acked)")
        let own = try ada.run(["notifications", "--json"]).array().first
        #expect(own?["title"] as? String == "Bob O is handling your missed check-in", "\(String(describing: own))")
        #expect(own?["acknowledgedBy"] as? String == bobID && own?["type"] as? String == "checkIn")
        #expect(try titles(cy).first == "Bob O is handling Ada L's missed check-in")
        let status = try ada.run(["status", "--json"]).object()
        #expect((status["acknowledgedBy"] as? [String: Any])?["id"] as? String == bobID, "\(status)")
        // Every other responder sees who handles it, as a contact object, and is told so in words.
        let needs = try cy.run(["status", "--json"]).object()["dependentsNeedingAttention"] as? [[String: Any]]
        let handler = needs?.first?["acknowledgedBy"] as? [String: Any]
        #expect(handler?["id"] as? String == bobID && handler?["firstName"] as? String == "Bob", "\(String(describing: needs))")
        let shown = try cy.run(["contacts", "show", "Ada", "--json"]).object()["acknowledgedBy"] as? [String: Any]
        #expect(shown?["id"] as? String == bobID && shown?["lastName"] as? String == "O", "\(String(describing: shown))")
        let listed = try cy.run(["contacts", "--json"]).array().first { $0["firstName"] as? String == "Ada" }
        #expect((listed?["acknowledgedBy"] as? [String: Any])?["id"] as? String == bobID)
        #expect(try cy.run(["status"]).stdout.contains("Bob O is handling it"))
        #expect(try cy.run(["timeline", "Ada"]).stdout.contains("Bob O said they are on it"))
        // A second acknowledgement sends nothing new.
        let again = try cy.run(["ack", "Ada"])
        #expect(again.status == 0 && again.stdout.contains("Bob O was already handling"), "\(again)")
        let againJSON = try cy.run(["ack", "Ada", "--json"]).object()["alreadyAcknowledged"] as? [[String: Any]]
        #expect((againJSON?.first?["acknowledgedBy"] as? [String: Any])?["firstName"] as? String == "Bob", "\(String(describing: againJSON))")
        #expect(try count("Cy Y is handling your missed check-in", ada) == 0)
        // Cy's step (11:00) and every repeat are dropped.
        sandbox.setNow("2026-03-03T09:00:00Z", for: [ada, bob, cy])
        #expect(try bob.run("tick -q").status == 0)
        #expect(try count("Ada L missed a check-in", cy) == 0)
        #expect(try count("Ada L still has not checked in", bob) == 0)
        #expect(try bob.run(["timeline", "Ada", "--json"]).array().allSatisfy { ($0["happened"] as? Bool) == true })
    }

    @Test func anAlertIsAcknowledgedLikeAMissedCheckIn() throws {
        let (sandbox, ada, bob, cy) = try story()
        #expect(try ada.run(["alert", "on", "--yes"]).status == 0)
        let acked = try cy.run(["ack", "Ada", "--json"])
        #expect(try acked.object()["acknowledged"] as? [String] == ["alert"], "\(acked)")
        let item = try bob.run(["notifications", "--json"]).array().first
        #expect(item?["title"] as? String == "Cy Y is handling Ada L's alert" && item?["type"] as? String == "alert")
        #expect(try ada.run(["alert", "off"]).status == 0)
        sandbox.setNow("2026-03-01T12:00:00Z", for: [ada, bob, cy])
        #expect(try cy.run(["ack", "Ada"]).status == 5)
    }

    @Test func severalEvaluatorsAtOnceTellEachResponderOnce() throws {
        let (sandbox, ada, bob, cy) = try story()
        sandbox.setNow("2026-03-02T18:30:00Z", for: [ada, bob, cy])
        let running = try (0..<4).map { index in try [ada, bob, cy, bob][index].start(["tick", "-q"]) }
        for process in running { #expect(process.wait(timeout: 60).status == 0) }
        #expect(try count("Ada L missed a check-in", bob) == 1)
        #expect(try count("Ada L missed a check-in", cy) == 1)
        // Bob was told at 18:30 (nothing ran at 10:00): his first repeat is at 00:30.
        #expect(try count("Ada L still has not checked in", bob) == 0)
        #expect(try count("You are late to check in", ada) == 0, "the grace period had ended: the miss says it all")
        #expect(try count("You missed your check-in", ada) == 1)
    }

    @Test func delaysAreBoundedAndOnlyForResponders() throws {
        let (_, ada, bob, cy) = try story()
        #expect(try ada.run(["contacts", "role", "Bob", "--delay", "8d"]).status == 5)
        #expect(try ada.run(["contacts", "role", "Bob", "--no-responder", "--delay", "1h"]).status == 2)
        #expect(try bob.run(["contacts", "role", "Ada", "--delay", "1h"]).status == 5, "Ada is not Bob's responder")
        #expect(try ada.run(["checkin", "interval", "--grace", "8d"]).status == 5)
        #expect(try ada.run(["checkin", "interval", "--repeat", "5m"]).status == 5)
        #expect(try ada.run(["checkin", "interval", "--repeat", "sometimes"]).status == 2)
        let shown = try ada.run(["checkin", "interval", "--json"]).object()
        #expect(shown["graceInterval"] as? Int == 3600 && shown["repeatInterval"] as? Int == 21_600, "\(shown)")
        #expect(try ada.run(["checkin", "interval", "--repeat", "off", "--json"]).object()["repeatInterval"] is NSNull)
        #expect(try titles(cy).contains("Ada L changed your role"))
    }
}
