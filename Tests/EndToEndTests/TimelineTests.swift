import Foundation
import TestSupport
import Testing

/// `timeline`: what it says will happen is what then happens, step for
/// step, and what happened carries its receipts.
@Suite(.serialized, .ownThreads) struct TimelineTests {
    /// One step as a script compares it: when, what, and whom it tells.
    struct Step: Equatable, CustomStringConvertible {
        var at: String
        var event: String
        var recipients: [String]

        init(_ entry: [String: Any]) {
            at = entry["at"] as? String ?? "?"
            event = entry["event"] as? String ?? "?"
            recipients = (entry["recipients"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }.sorted()
        }

        var description: String { "\(at) \(event) \(recipients)" }
    }

    func entries(_ person: Person, _ arguments: [String] = []) throws -> [[String: Any]] {
        let shown = try person.run(["timeline"] + arguments + ["--json"])
        try #require(shown.status == 0, "\(shown)")
        return try shown.array()
    }

    @Test func theTimelineIsWhatThenFiresStepForStep() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob"), cy = sandbox.person("cy")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try cy.signUp(phone: "+15550000003", first: "Cy", last: "Y")
        for responder in [bob, cy] {
            try #require(try ada.run(["contacts", "add", try responder.qrCode(), "--responder"]).status == 0)
            try #require(try responder.run(["settings", "set", "notify-command", "true"]).status == 0)
        }
        try #require(try ada.run(["contacts", "role", "Cy", "--delay", "2h"]).status == 0)
        try #require(try ada.run(["checkin", "interval", "--grace", "1h", "--repeat", "6h"]).status == 0)
        try #require(try ada.run("checkin").status == 0)
        let (bobID, cyID) = (try bob.accountID(), try cy.accountID())

        let planned = try entries(ada)
        let steps = planned.map(Step.init)
        #expect(steps == [
            Step(["at": "2026-03-02T07:00:00Z", "event": "reminder"]),
            Step(["at": "2026-03-02T09:00:00Z", "event": "due"]),
            Step(["at": "2026-03-02T10:00:00Z", "event": "notify", "recipients": [["id": bobID]]]),
            Step(["at": "2026-03-02T12:00:00Z", "event": "notify", "recipients": [["id": cyID]]]),
            Step(["at": "2026-03-02T16:00:00Z", "event": "repeat", "recipients": [["id": bobID]]]),
            Step(["at": "2026-03-02T18:00:00Z", "event": "repeat", "recipients": [["id": cyID]]]),
        ], "\(steps)")
        #expect(planned.allSatisfy { $0["happened"] as? Bool == false })
        #expect(planned.last?["every"] as? Int == 21_600)
        // A responder sees the same steps of Ada's deadline.
        #expect(try entries(bob, ["Ada"]).map(Step.init) == steps)

        // Walk the clock to each step: it happens then, to exactly those it named.
        let feeds = [bobID: bob, cyID: cy]
        for step in steps {
            sandbox.setNow(step.at, for: [ada, bob, cy])
            for person in [bob, cy] { #expect(try person.run("tick -q").status == 0) }
            let told = step.recipients.isEmpty ? [ada] : step.recipients.compactMap { feeds[$0] }
            for person in told {
                let newest = try person.run(["notifications", "--json"]).array().first
                #expect(newest?["timestamp"] as? String == step.at, "\(step): \(person.name) got \(String(describing: newest))")
            }
            for (id, person) in feeds where !step.recipients.contains(id) {
                let newest = try person.run(["notifications", "--json"]).array().first
                #expect(newest?["timestamp"] as? String != step.at, "\(step): \(person.name) was told too")
            }
        }

        // Afterwards the timeline shows them as past, with their receipts.
        let after = try entries(ada)
        let past = after.filter { $0["happened"] as? Bool == true }
        #expect(past.map(Step.init) == steps, "\(past)")
        for entry in past {
            for recipient in entry["recipients"] as? [[String: Any]] ?? [] {
                #expect(recipient["toldAt"] as? String == entry["at"] as? String, "\(recipient)")
                #expect(recipient["deliveredAt"] as? String == entry["at"] as? String, "\(recipient)")
                #expect(recipient["readAt"] is NSNull, "\(recipient)")
            }
        }
        #expect(after.filter { $0["happened"] as? Bool == false }.map { $0["event"] as? String } == ["repeat", "repeat"])
        sandbox.setNow("2026-03-02T18:30:00Z", for: [ada, bob, cy])
        #expect(try bob.run(["notifications", "read", "--all"]).status == 0)
        let read = try entries(ada).first { $0["at"] as? String == "2026-03-02T10:00:00Z" }
        let receipt = (read?["recipients"] as? [[String: Any]])?.first
        #expect(receipt?["readAt"] as? String == "2026-03-02T18:30:00Z", "\(String(describing: read))")
        let human = try ada.run("timeline")
        #expect(human.status == 0 && human.stdout.contains("Bob O: told") && human.stdout.contains("read"), "\(human)")
    }

    @Test func aTimelineIsYoursOrADependentsOnly() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        let notStarted = try ada.run("timeline")
        #expect(notStarted.status == 0 && notStarted.stdout.contains("not started"), "\(notStarted)")
        #expect(try ada.run(["timeline", "--json"]).array().isEmpty)
        #expect(try ada.run(["timeline", "Bob"]).status == 5, "Bob is Ada's responder, not her dependent")
        #expect(try ada.run(["timeline", "Nobody"]).status == 4)
        #expect(try ada.run(["timeline", "Bob", "extra"]).status == 2)
    }
}
