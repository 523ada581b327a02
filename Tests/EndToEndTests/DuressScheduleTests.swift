import Foundation
import TestSupport
import Testing

/// With codes set, every way to give yourself more time before your
/// responders hear needs a code, and the duress code does it exactly as
/// the real one does while raising its alert; the duress alert ends with
/// the real code or a responder's acknowledgement, never with 'alert off'.
@Suite(.serialized, .ownThreads) struct DuressScheduleTests {
    let duress = DuressTests()

    /// `text` with every run of 8 or more hexadecimal digits (IDs, whole or short) made alike.
    static func withoutIDs(_ text: String) -> String {
        text.replacing(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}|[0-9a-f]{8,}/, with: "#")
    }

    @Test func everyWayToGiveYourselfMoreTimeNeedsACode() throws {
        let (sandbox, ada, _, _) = try duress.story()
        let before = sandbox.snapshot(sandbox.store)
        for words in [["checkin", "interval", "30d"], ["checkin", "interval", "--grace", "2h"], ["checkin", "extend", "2h"],
                      ["checkin", "pause", "--for", "1d"], ["checkin", "resume"], ["checkin", "code", "clear"]] {
            let refused = try ada.run(words)
            #expect(refused.status == 5 && refused.stderr.hasPrefix("error: a check-in code is needed"), "\(words): \(refused)")
        }
        #expect(sandbox.snapshot(sandbox.store) == before, "a refused change changed the store")
        let wrong = try ada.run(["checkin", "interval", "30d", "--code", "nope-nope"])
        #expect(wrong.status == 5 && wrong.stderr.hasPrefix("error: wrong check-in code"), "\(wrong)")
        #expect(try ada.run(["checkin", "interval", "--json"]).object()["checkInInterval"] as? Int == 86_400)
        // Less time, or a reminder of your own, needs none.
        #expect(try ada.run(["checkin", "interval", "8h", "--reminder", "1h"]).status == 0)
        #expect(try ada.run(["checkin", "interval", "--repeat", "1h", "--code", DuressTests.real]).status == 0)
        #expect(try ada.run(["checkin", "interval", "--repeat", "off"]).status == 5)
        #expect(try ada.run(["checkin", "interval", "--repeat", "2h"]).status == 5)
        #expect(try ada.run(["checkin", "interval", "--repeat", "30m"]).status == 0)
        #expect(try ada.run(["checkin", "interval", "--json"], extra: ["LIFESIGNAL_CHECKIN_CODE": DuressTests.real])
            .object()["repeatInterval"] as? Int == 1800)
    }

    /// Each command that gives more time (a trip's start, extension and end
    /// are check-ins too), after what sets it up.
    static let moreTime: [(setup: [String], action: [String])] = [
        (setup: [], action: ["checkin", "interval", "30d", "--grace", "1h"]),
        (setup: [], action: ["checkin", "extend", "3h"]),
        (setup: [], action: ["checkin", "pause", "--for", "2d", "--reason", "away"]),
        (setup: ["checkin", "pause", "--for", "2d"], action: ["checkin", "resume"]),
        (setup: [], action: ["trip", "start", "2h", "--note", "north ridge"]),
        (setup: [], action: ["trip", "start", "--until", "2026-03-01T18:00:00Z", "--json"]),
        (setup: ["trip", "start", "2h"], action: ["trip", "extend", "30m"]),
        (setup: ["trip", "start", "2h"], action: ["trip", "end"]),
        // The trip's end passed and the responders are told first: the end says "safe" alike.
        (setup: ["trip", "start", "10m"], action: ["trip", "end"]),
    ]

    /// Changes refused whichever code is typed (a missed trip's end cannot
    /// be pushed back, nor a deadline a week on), after what sets them up.
    static let refused: [(setup: [String], action: [String])] = [
        (setup: ["trip", "start", "10m"], action: ["trip", "extend", "1h", "--json"]),
        (setup: ["trip", "start", "10m"], action: ["trip", "extend", "1h"]),
        (setup: [], action: ["checkin", "extend", "30d"]),
        (setup: [], action: ["checkin", "pause", "--for", "60d"]),
    ]

    /// Each command run with the real code on one copy of the world and with
    /// the duress code on the other: the same bytes on Ada's side; an alert
    /// on her responders' side only where the duress code was used.
    @Test(arguments: moreTime)
    func theDuressCodeGivesMoreTimeExactlyAsTheRealOneAndAlerts(setup: [String], action: [String]) throws {
        try compare(setup: setup, action: action, status: 0)
    }

    /// A change refused with the real code is refused alike with the duress
    /// one, which raises its alert all the same.
    @Test(arguments: refused)
    func aRefusedChangeIsRefusedAlikeAndTheDuressCodeStillAlerts(setup: [String], action: [String]) throws {
        try compare(setup: setup, action: action, status: 5)
    }

    func compare(setup: [String], action: [String], status: Int32) throws {
        let (sandbox, ada, _, _) = try duress.story()
        if !setup.isEmpty { try #require(try ada.run(setup + ["--code", DuressTests.real]).succeeded) }
        let twin = try duress.copy(sandbox)
        let later = "2026-03-01T10:00:00Z"
        let (adaReal, bobReal) = (sandbox.person("ada", now: later), sandbox.person("bob", now: later))
        let (adaDuress, bobDuress) = (twin.person("ada", now: later), twin.person("bob", now: later))
        let real = try adaReal.run(action, extra: ["LIFESIGNAL_CHECKIN_CODE": DuressTests.real])
        let forced = try adaDuress.run(action, extra: ["LIFESIGNAL_CHECKIN_CODE": DuressTests.duress])
        #expect(real.status == status, "\(real)")
        #expect(forced.status == real.status && forced.stdout == real.stdout && forced.stderr == real.stderr, "\(real)\n\(forced)")
        // New items have random IDs on either side alike; all else is the same.
        for view in DuressTests.views {
            let (seen, hidden) = (try adaReal.run(view), try adaDuress.run(view))
            #expect(seen.status == hidden.status && Self.withoutIDs(seen.stdout) == Self.withoutIDs(hidden.stdout)
                && seen.stderr == hidden.stderr, "\(view): \(seen)\n\(hidden)")
        }
        let alert = try bobDuress.run(["notifications", "--type", "alerts", "--json"]).array().first
        #expect(alert?["duress"] as? Bool == true, "\(String(describing: alert))")
        #expect(try bobReal.run(["notifications", "--type", "alerts", "--json"]).array().isEmpty)
        #expect(try bobDuress.run(["status", "--check"]).status == 13)
        // After a refusal Ada may stand overdue, which needs Bob too (13).
        if status == 0 { #expect(try bobReal.run(["status", "--check"]).status == 0) }
    }

    /// A longer interval is news for the responders at once, whoever typed it.
    @Test func aLongerIntervalIsToldToTheResponders() throws {
        let (_, ada, bob, cy) = try duress.story()
        let longer = try ada.run(["checkin", "interval", "3d", "--code", DuressTests.real])
        #expect(longer.status == 0 && longer.stdout.contains("Your 2 responders have been told that you gave yourself more time"),
                "\(longer)")
        for responder in [bob, cy] {
            let news = try responder.run(["notifications", "--json"]).array().first
            #expect(news?["title"] as? String == "Ada L gave themselves more time", "\(String(describing: news))")
            #expect((news?["message"] as? String)?.contains("now checks in every 3d instead of every 1d") == true)
        }
        let shorter = try ada.run(["checkin", "interval", "1d"])
        #expect(shorter.status == 0 && !shorter.stdout.contains("have been told"), "\(shorter)")
    }

    /// Ada cannot end a duress alert without giving it away; a responder's
    /// acknowledgement ends it for everyone.
    @Test func aRespondersAcknowledgementEndsTheDuressAlert() throws {
        let (_, ada, bob, cy) = try duress.story()
        #expect(try ada.run(["checkin", "--code", DuressTests.duress]).status == 0)
        #expect(try ada.run(["alert", "off"]).status == 5)
        #expect(try cy.run(["status", "--check"]).status == 13)
        let ack = try bob.run(["ack", "Ada"])
        #expect(ack.status == 0, "\(ack)")
        #expect(try cy.run(["notifications", "--json"]).array().first?["title"] as? String == "Bob O is handling Ada L's alert")
        #expect(try cy.run(["status", "--check"]).status == 0 && (try bob.run(["status", "--check"]).status) == 0)
        #expect(try ada.run(["notifications", "--type", "alerts", "--json"]).array().isEmpty)
    }
}
