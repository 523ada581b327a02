import Foundation
import TestSupport
import Testing

/// `checkin extend`, `checkin pause`/`resume` and pings with an answer
/// window, end to end on the simulated clock.
@Suite(.serialized, .ownThreads) struct TimerCommandTests {
    /// Ada (interval 1d, checked in Sun 09:00) watched by Bob and Cy.
    func story() throws -> (Sandbox, Person, Person, Person) {
        let sandbox = Sandbox()
        let (ada, bob, cy) = try sandbox.adaWatchedByBobAndCy()
        try #require(try ada.run("checkin").status == 0)
        return (sandbox, ada, bob, cy)
    }

    func titles(_ person: Person) throws -> [String] {
        try person.run(["notifications", "--json"]).array().compactMap { $0["title"] as? String }
    }

    func due(_ person: Person) throws -> String? {
        try person.run(["status", "--json"]).object()["nextCheckInDue"] as? String
    }

    @Test func extensionsAddUpWithinSevenDaysAndCannotHideAToldMiss() throws {
        let (sandbox, ada, bob, cy) = try story()
        let extended = try ada.run(["checkin", "extend", "3h", "--json"])
        #expect(try extended.object()["nextCheckInDue"] as? String == "2026-03-02T12:00:00Z", "\(extended)")
        #expect(try extended.object()["respondersTold"] as? Int == 2, "\(extended)")
        let more = try ada.run(["checkin", "extend", "1h"])
        #expect(more.status == 0 && more.stdout.contains("Your 2 responders have been told that you gave yourself more time."),
                "\(more)")
        #expect(try due(ada) == "2026-03-02T13:00:00Z")
        // Both responders heard of each extension at once, not when the deadline fires.
        for responder in [bob, cy] {
            let told = try responder.run(["notifications", "--json"]).array()
                .filter { $0["title"] as? String == "Ada L gave themselves more time" }.compactMap { $0["message"] as? String }
            #expect(told == ["Ada L gave themselves 1h more for their current check-in. Their next check-in is due at 2026-03-02T13:00:00Z.",
                             "Ada L gave themselves 3h more for their current check-in. Their next check-in is due at 2026-03-02T12:00:00Z."],
                    "\(told)")
        }
        let before = sandbox.snapshot(sandbox.store)
        let far = try ada.run(["checkin", "extend", "7d"])
        #expect(far.status == 5 && far.stderr.hasPrefix("error: that would move your deadline"), "\(far)")
        #expect(try ada.run(["checkin", "extend", "0"]).status == 5)
        #expect(try ada.run(["checkin", "extend", "soon"]).status == 2)
        #expect(sandbox.snapshot(sandbox.store) == before)
        // Told: only a check-in takes it back.
        sandbox.setNow("2026-03-02T14:00:00Z", for: [ada, bob, cy])
        let late = try ada.run(["checkin", "extend", "1d"])
        #expect(late.status == 5 && late.stderr.contains("check in first"), "\(late)")
        #expect(try titles(bob).filter { $0 == "Ada L missed a check-in" }.count == 1)
        // The next check-in starts a normal interval again.
        #expect(try ada.run("checkin").status == 0)
        #expect(try due(ada) == "2026-03-03T14:00:00Z")
    }

    @Test func aPauseTellsTheRespondersHoldsEverythingAndRestartsTheTimerAtItsEnd() throws {
        let (sandbox, ada, bob, cy) = try story()
        let paused = try ada.run(["checkin", "pause", "--for", "3d", "--reason", "hiking, no signal", "--json"])
        #expect(paused.status == 0, "\(paused)")
        #expect(try paused.object()["pausedUntil"] as? String == "2026-03-04T09:00:00Z")
        let told = try bob.run(["notifications", "--json"]).array().first
        #expect(told?["title"] as? String == "Ada L paused check-ins", "\(String(describing: told))")
        #expect((told?["message"] as? String)?.contains("hiking, no signal") == true)
        #expect(try ada.run(["status", "--json"]).object()["pausedUntil"] as? String == "2026-03-04T09:00:00Z")
        // Past the old deadline: nobody is told, and all is well.
        sandbox.setNow("2026-03-03T09:00:00Z", for: [ada, bob, cy])
        #expect(try ada.run(["status", "--check"]).status == 0)
        #expect(try bob.run(["status", "--check"]).status == 0)
        #expect(try !titles(bob).contains("Ada L missed a check-in"))
        #expect(try bob.run(["contacts", "--json"]).array().first?["pausedUntil"] as? String == "2026-03-04T09:00:00Z")
        // Its end: everyone told once; the deadline is one interval later.
        sandbox.setNow("2026-03-04T09:05:00Z", for: [ada, bob, cy])
        #expect(try cy.run("tick -q").status == 0)
        #expect(try titles(bob).filter { $0 == "Ada L's pause has ended" }.count == 1)
        #expect(try titles(ada).filter { $0 == "Your pause has ended" }.count == 1)
        let status = try ada.run(["status", "--json"]).object()
        #expect(status["nextCheckInDue"] as? String == "2026-03-05T09:00:00Z" && status["pausedUntil"] is NSNull, "\(status)")
        sandbox.setNow("2026-03-05T09:00:00Z", for: [ada, bob, cy])
        #expect(try titles(bob).filter { $0 == "Ada L missed a check-in" }.count == 1)
        // Told of a miss: a pause cannot hide it.
        let hiding = try ada.run(["checkin", "pause", "--for", "1d"])
        #expect(hiding.status == 5 && hiding.stderr.contains("check in first"), "\(hiding)")
    }

    @Test func resumeEndsAPauseEarlyAndBoundsAreKept() throws {
        let (sandbox, ada, bob, cy) = try story()
        let before = sandbox.snapshot(sandbox.store)
        #expect(try ada.run(["checkin", "pause", "--for", "31d"]).status == 5)
        #expect(try ada.run(["checkin", "pause", "--for", "10"]).status == 5)
        #expect(try ada.run(["checkin", "pause", "--until", "yesterday"]).status == 2)
        #expect(try ada.run(["checkin", "pause"]).status == 2)
        #expect(try ada.run(["checkin", "pause", "--for", "1d", "--until", "2026-03-03T09:00:00Z"]).status == 2)
        #expect(try ada.run(["checkin", "resume"]).status == 5, "not paused")
        #expect(sandbox.snapshot(sandbox.store) == before)
        #expect(try ada.run(["checkin", "pause", "--until", "2026-03-10T18:00"]).status == 0)
        #expect(try ada.run(["status", "--json"]).object()["pausedUntil"] as? String == "2026-03-10T18:00:00Z")
        sandbox.setNow("2026-03-02T12:00:00Z", for: [ada, bob, cy])
        let resumed = try ada.run(["checkin", "resume", "--json"])
        #expect(try resumed.object()["nextCheckInDue"] as? String == "2026-03-03T12:00:00Z", "\(resumed)")
        let item = try cy.run(["notifications", "--json"]).array().first
        #expect(item?["title"] as? String == "Ada L's pause has ended", "\(String(describing: item))")
        #expect((item?["message"] as? String)?.contains("ended their pause early") == true)
    }

    /// A pause ends once: later interval changes and extensions in the same
    /// cycle (resumed, or ended by itself) send no new "pause has ended",
    /// and the timeline keeps the step's first moment.
    @Test(arguments: [true, false])
    func aPausesEndIsToldOnceWhateverTheIntervalDoesAfterwards(resumed: Bool) throws {
        let (sandbox, ada, bob, cy) = try story()
        #expect(try ada.run(["checkin", "pause", "--for", "2h"]).status == 0)
        sandbox.setNow(resumed ? "2026-03-01T10:00:00Z" : "2026-03-01T11:00:00Z", for: [ada, bob, cy])
        if resumed { #expect(try ada.run(["checkin", "resume"]).status == 0) }
        let ended = resumed ? "2026-03-01T10:00:00Z" : "2026-03-01T11:00:00Z"
        // Ended by itself, it is told when something next runs: the first change.
        let toldAt = resumed ? ended : "2026-03-01T12:00:00Z"
        for (time, change) in [("12:00", ["checkin", "interval", "2d"]), ("13:00", ["checkin", "interval", "3d"]),
                               ("14:00", ["checkin", "extend", "2h"]), ("15:00", ["checkin", "interval", "1d"])] {
            sandbox.setNow("2026-03-01T\(time):00Z", for: [ada, bob, cy])
            let done = try ada.run(change)
            #expect(done.status == 0, "\(done)")
        }
        for person in [ada, bob, cy] {
            let ends = try titles(person).filter { $0.hasSuffix("pause has ended") }
            #expect(ends.count == 1, "\(person.name): \(ends)")
        }
        let step = try ada.run(["timeline", "--json"]).array().first { $0["event"] as? String == "pauseEnds" }
        let told = (step?["recipients"] as? [[String: Any]])?.first?["toldAt"] as? String
        #expect(step?["at"] as? String == ended && told == toldAt, "\(String(describing: step))")
    }

    @Test func anUnansweredPingTellsTheSenderOnceAndWithEscalateTheOthers() throws {
        let (sandbox, ada, bob, cy) = try story()
        #expect(try bob.run(["ping", "send", "Ada", "--escalate"]).status == 2, "--escalate needs --within")
        #expect(try bob.run(["ping", "send", "Ada", "--within", "10s"]).status == 5)
        let sent = try bob.run(["ping", "send", "Ada", "--within", "1h", "--escalate", "--json"])
        #expect(try sent.object()["answerBy"] as? String == "2026-03-01T10:00:00Z", "\(sent)")
        sandbox.setNow("2026-03-01T09:59:00Z", for: [ada, bob, cy])
        #expect(try !titles(bob).contains("Ada L has not answered your ping"))
        sandbox.setNow("2026-03-01T13:00:00Z", for: [ada, bob, cy])
        #expect(try ada.run("tick -q").status == 0)
        // A check-in meanwhile does not answer it, and nothing fires twice.
        #expect(try ada.run("checkin").status == 0)
        sandbox.setNow("2026-03-01T20:00:00Z", for: [ada, bob, cy])
        #expect(try titles(bob).filter { $0 == "Ada L has not answered your ping" }.count == 1)
        #expect(try titles(cy).filter { $0 == "Ada L has not answered a ping" }.count == 1)
        // Answered in time: nobody is told.
        #expect(try ada.run("ping respond").status == 0)
        #expect(try bob.run(["ping", "send", "Ada", "--within", "1h"]).status == 0)
        sandbox.setNow("2026-03-01T20:30:00Z", for: [ada, bob, cy])
        #expect(try ada.run("ping respond").status == 0)
        sandbox.setNow("2026-03-02T20:30:00Z", for: [ada, bob, cy])
        #expect(try titles(bob).filter { $0 == "Ada L has not answered your ping" }.count == 1)
    }
}
