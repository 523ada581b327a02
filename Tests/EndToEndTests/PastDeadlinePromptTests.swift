import Foundation
import Testing
import TestSupport

/// `checkin interval 2h` four hours after a check-in puts the deadline in
/// the past, which tells every responder at once: on a terminal it asks
/// first whether to check in before (the default); with --yes or without
/// a terminal it does as asked and says whom it told.
@Suite(.serialized, .ownThreads) struct PastDeadlinePromptTests {
    /// Ada watched by Bob and Cy, checked in at 09:00; now it is 13:00.
    func story() throws -> (Sandbox, Person, Person, Person) {
        let sandbox = Sandbox()
        let (ada, bob, cy) = try sandbox.adaWatchedByBobAndCy()
        try #require(try ada.run(["checkin"]).succeeded)
        sandbox.setNow("2026-03-01T13:00:00Z", for: [ada, bob, cy])
        return (sandbox, ada, bob, cy)
    }

    func toldMissed(_ person: Person) throws -> Bool {
        try person.run(["notifications", "--json"]).array().contains { $0["title"] as? String == "Ada L missed a check-in" }
    }

    static let question = "This puts your deadline in the past: your 2 responders will be told now. Check in first? [Y/n] "

    @Test func onATerminalItAsksAndYesChecksInFirst() throws {
        let (_, ada, bob, cy) = try story()
        let terminal = try Terminal(ada, ["checkin", "interval", "2h"])
        try terminal.expect(Self.question)
        terminal.type("")
        try terminal.expect("Checked in first.")
        #expect(try terminal.finish() == 0, "\(terminal.screen)")
        let told = try (toldMissed(bob), toldMissed(cy))
        #expect(!told.0 && !told.1)
        let status = try ada.run(["status", "--json"]).object()
        #expect(status["lastCheckIn"] as? String == "2026-03-01T13:00:00Z" && status["nextCheckInDue"] as? String
                == "2026-03-01T15:00:00Z", "\(status)")
    }

    @Test func onATerminalNoMakesTheChangeAndSaysWhomItTold() throws {
        let (_, ada, bob, cy) = try story()
        let terminal = try Terminal(ada, ["checkin", "interval", "2h"])
        try terminal.expect(Self.question)
        terminal.type("n")
        try terminal.expect("your 2 responders have been told you missed your check-in")
        #expect(try terminal.finish() == 0, "\(terminal.screen)")
        let told = try (toldMissed(bob), toldMissed(cy))
        #expect(told.0 && told.1)
        // Ctrl-D changes nothing.
        let (_, ada2, bob2, _) = try story()
        let cancelled = try Terminal(ada2, ["checkin", "interval", "2h"])
        try cancelled.expect(Self.question)
        cancelled.endOfInput()
        #expect(try cancelled.finish() == 14, "\(cancelled.screen)")
        #expect(try ada2.run(["checkin", "interval", "--json"]).object()["checkInInterval"] as? Int == 86_400)
        let bobTold = try toldMissed(bob2)
        #expect(!bobTold)
    }

    @Test(arguments: [["checkin", "interval", "2h"], ["checkin", "interval", "2h", "--yes"]])
    func withoutATerminalOrWithYesItChangesAndSays(_ words: [String]) throws {
        let (_, ada, bob, cy) = try story()
        let json = try ada.run(words + ["--json"])
        let count = try json.object()["respondersToldMissed"] as? Int
        #expect(json.status == 0 && count == 2, "\(json)")
        let told = try (toldMissed(bob), toldMissed(cy))
        #expect(told.0 && told.1)
        let (_, ada2, _, _) = try story()
        let text = try ada2.run(words)
        #expect(text.stdout.contains("This put your deadline in the past, at Sun 01 Mar 11:00 (2h ago): your 2 responders "
                                     + "have been told you missed your check-in."), "\(text)")
        // On a terminal, --yes asks nothing.
        if words.contains("--yes") {
            let (_, ada3, _, _) = try story()
            let terminal = try Terminal(ada3, words)
            let status = try terminal.finish()
            #expect(status == 0 && !terminal.screen.contains("[Y/n]"), "\(terminal.screen)")
        }
    }

    /// A change that leaves the deadline ahead asks nothing.
    @Test func aDeadlineStillAheadAsksNothing() throws {
        let (_, ada, _, _) = try story()
        let terminal = try Terminal(ada, ["checkin", "interval", "8h"])
        let status = try terminal.finish()
        #expect(status == 0 && !terminal.screen.contains("[Y/n]"), "\(terminal.screen)")
    }
}
