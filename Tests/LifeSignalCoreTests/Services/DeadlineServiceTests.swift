import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

struct DeadlineServiceTests {
    /// Ada checks in; Bob and Cy are her responders.
    func story() throws -> (World, Account, Account, Account) {
        let world = World()
        let (ada, bob, cy) = try world.adaWatchedByBobAndCy(note: "Key under the mat")
        try world.checkIn(ada)
        return (world, ada, bob, cy)
    }

    /// Without the chain watch's notices (nobody here set up a delivery).
    func titles(_ world: World, _ account: Account) throws -> [String] {
        try world.feedBesideTheChain(account).map(\.title)
    }

    @Test func reminderFiresOnceAtDueMinusReminder() throws {
        let (world, ada, _, _) = try story()
        world.advance(86_400 - 7200 - 1)
        try world.tick()
        #expect(try titles(world, ada).filter { $0 == "Check-in reminder" }.isEmpty)
        world.advance(1)
        try world.tick()
        try world.tick()
        world.advance(60)
        try world.tick()
        #expect(try titles(world, ada).filter { $0 == "Check-in reminder" }.count == 1)
    }

    @Test func missedCheckInTellsAccountAndEachResponderOnceWithTheNote() throws {
        let (world, ada, bob, cy) = try story()
        world.advance(86_400)
        for _ in 0..<5 { try world.tick() }
        world.advance(3600)
        try world.tick()
        #expect(try titles(world, ada).filter { $0 == "You missed your check-in" }.count == 1)
        for responder in [bob, cy] {
            let missed = try world.feed(responder).filter { $0.title == "Ada Test missed a check-in" }
            #expect(missed.count == 1)
            #expect(missed.first?.message.contains("Key under the mat") == true)
            #expect(missed.first?.relatedContactID == ada.id)
            #expect(missed.first?.isCritical == true)
        }
    }

    @Test func aWeekOffProducesOneMissedNoticeAndNoLateReminder() throws {
        let (world, ada, bob, _) = try story()
        world.advance(7 * 86_400)
        try world.tick()
        try world.tick()
        #expect(try titles(world, ada) == ["You missed your check-in"])
        #expect(try titles(world, bob).filter { $0.contains("missed") }.count == 1)
    }

    @Test func checkingInAfterAMissTellsRespondersOnceThatAllIsWell() throws {
        let (world, ada, bob, cy) = try story()
        world.advance(86_400 + 60)
        try world.tick()
        try world.checkIn(ada)
        world.advance(60)
        try world.checkIn(ada)
        for responder in [bob, cy] {
            let safe = try world.feed(responder).filter { $0.title == "Ada Test is safe" }
            #expect(safe.count == 1)
            #expect(safe.first?.allClear == true, "the all-clear says so itself, not only in its title")
            #expect(try world.feed(responder).filter(\.allClear).count == 1)
        }
        // A new deadline: its own reminder and miss, once each.
        world.advance(86_400 + 10)
        try world.tick()
        #expect(try titles(world, ada).filter { $0 == "You missed your check-in" }.count == 2)
    }

    @Test func nothingHappensBeforeTheFirstCheckIn() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        world.advance(30 * 86_400)
        try world.tick()
        #expect(try world.feed(ada).isEmpty)
        #expect(try world.reload(ada).isOverdue(at: world.now) == false)
        #expect(try world.store.nextScheduledWake() == nil)
    }

    @Test func theScheduleHeadTracksTheEarliestWake() throws {
        let (world, ada, _, _) = try story()
        let due = try #require(try world.reload(ada).nextCheckInDue)
        #expect(try world.store.nextScheduledWake() == due.addingTimeInterval(-7200))
        world.advance(86_400 - 7200)
        try world.tick()
        #expect(try world.store.nextScheduledWake() == due)
        world.advance(7200)
        try world.tick()
        #expect(try world.store.nextScheduledWake() == nil)
        #expect(try world.store.dueWakes(at: world.now).isEmpty)
    }

    @Test func changingTheIntervalMovesTheDeadline() throws {
        let (world, ada, _, _) = try story()
        var account = try world.reload(ada)
        try AccountService(store: world.store, env: world.env).setIntervals(&account, checkIn: 8 * 3600, reminder: nil)
        world.advance(8 * 3600)
        try world.tick()
        #expect(try titles(world, ada).contains("You missed your check-in"))
    }

    @Test func manyAccountsOnlyTheDueOnesAreEvaluated() throws {
        let world = World()
        // Thirty accounts in five hours: more than a store takes in a day.
        world.signUpLimits = SignUpLimits(accountsPerDay: .max, newNumberCodesPerDay: .max)
        var people: [Account] = []
        for i in 0..<30 {
            let person = try world.person("P\(i)", phone: "+1555100\(1000 + i)")
            people.append(person)
            world.advance(600)
            try world.checkIn(person)
        }
        let first = try world.reload(people[0])
        world.now = try #require(first.nextCheckInDue)
        // Ten-minute steps: the first 13 reminders (2h window) and the first miss are due.
        #expect(try world.store.dueWakes(at: world.now).count == 13)
        try world.tick()
        #expect(try world.store.dueWakes(at: world.now).isEmpty)
        let missed = try people.map { try world.feed($0).contains { $0.title == "You missed your check-in" } }
        #expect(missed.filter { $0 }.count == 1)
    }
}

/// Changing the timer never switches the alarm off or leaves anyone
/// misinformed (issue 11, defects 1 and 5).
struct TimerChangeTests {
    let base = DeadlineServiceTests()

    func setIntervals(_ world: World, _ account: Account, checkIn: Int?, reminder: Int?) throws {
        var fresh = try world.reload(account)
        try AccountService(store: world.store, env: world.env).setIntervals(&fresh, checkIn: checkIn, reminder: reminder)
    }

    @Test func anIntervalChangeToADeadlineAlreadyPastTellsEveryoneAtOnce() throws {
        let (world, ada, bob, cy) = try base.story()
        world.advance(4 * 3600)  // 13:00; the new deadline (11:00) is already past
        try setIntervals(world, ada, checkIn: 2 * 3600, reminder: nil)
        #expect(try base.titles(world, ada) == ["You missed your check-in"])
        for responder in [bob, cy] {
            let missed = try world.feed(responder).filter { $0.title == "Ada Test missed a check-in" }
            #expect(missed.count == 1)
            #expect(missed.first?.message.contains("due at 2026-03-01T11:00:00Z") == true)
        }
        #expect(try world.reload(ada).isOverdue(at: world.now))
        #expect(try world.store.nextScheduledWake() == nil)
        world.advance(3 * 86_400)
        try world.tick()
        #expect(try base.titles(world, ada) == ["You missed your check-in"])
        try world.checkIn(ada)
        for responder in [bob, cy] {
            #expect(try base.titles(world, responder).prefix(2) == ["Ada Test is safe", "Ada Test missed a check-in"])
        }
    }

    @Test func aReminderMadeDueByAChangeIsSentThenWithTheTimeReallyLeft() throws {
        let (world, ada, _, _) = try base.story()
        world.advance(3 * 3600 + 1800)  // 12:30
        try setIntervals(world, ada, checkIn: 4 * 3600, reminder: nil)  // due 13:00, reminder (2h) at 11:00
        let reminder = try #require(try world.feed(ada).first)
        #expect(reminder.title == "Check-in reminder")
        #expect(reminder.message == "Your check-in is due in 30m, at 2026-03-01T13:00:00Z. Run 'lifesignal checkin'.")
        #expect(try world.store.nextScheduledWake() == ISO8601.parse("2026-03-01T13:00:00Z"))
    }

    @Test func aLateReminderSaysTheTimeReallyLeft() throws {
        let (world, ada, _, _) = try base.story()
        world.advance(86_400 - 1800)
        try world.tick()
        #expect(try world.feedBesideTheChain(ada).first?.message.hasPrefix("Your check-in is due in 30m,") == true)
    }

    /// Fired a moment after its time (the agent wakes a hair late), a
    /// reminder set for 59 minutes says 59m, not 58m: minutes are rounded
    /// as a person reads them, not cut.
    @Test func aReminderAMomentLateSaysTheMinutesItWasSetFor() throws {
        let (world, ada, _, _) = try base.story()
        try setIntervals(world, ada, checkIn: 86_400, reminder: 59 * 60)
        world.advance(86_400 - 59 * 60 + 2)
        try world.tick()
        let message = try world.feedBesideTheChain(ada).first?.message ?? ""
        #expect(message.hasPrefix("Your check-in is due in 59m,"), "\(message)")
    }

    @Test func aMovedDeadlineGetsAReminderOfItsOwn() throws {
        let (world, ada, _, _) = try base.story()
        world.advance(86_400 - 3600)  // the first reminder fires
        try world.tick()
        try setIntervals(world, ada, checkIn: 2 * 86_400, reminder: nil)
        #expect(try base.titles(world, ada) == ["Check-in reminder"])
        world.advance(86_400)  // an hour before the new deadline, within its reminder
        try world.tick()
        #expect(try base.titles(world, ada) == ["Check-in reminder", "Check-in reminder"])
        // The reminder's length changes, the deadline does not: no second reminder for it.
        try setIntervals(world, ada, checkIn: nil, reminder: 4 * 3600)
        #expect(try base.titles(world, ada).count == 2)
    }

    @Test func aMissTheRespondersWereToldOfStandsUntilACheckIn() throws {
        let (world, ada, bob, _) = try base.story()
        let due = try #require(try world.reload(ada).nextCheckInDue)
        world.advance(86_400 + 60)
        try world.tick()
        try setIntervals(world, ada, checkIn: 3 * 86_400, reminder: nil)
        let held = try world.reload(ada)
        #expect(held.nextCheckInDue == due && held.isOverdue(at: world.now))
        #expect(held.checkInInterval == 3 * 86_400)
        world.advance(5 * 86_400)
        try world.tick()
        #expect(try base.titles(world, bob).filter { $0.hasSuffix("missed a check-in") }.count == 1)
        try world.checkIn(ada)
        let fresh = try world.reload(ada)
        #expect(fresh.nextCheckInDue == world.now.addingTimeInterval(3 * 86_400))
        #expect(try base.titles(world, bob).first == "Ada Test is safe")
    }

    @Test func nobodyWatchingIsSaidAndNothingFalse() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        var account = try world.reload(ada)
        let service = AccountService(store: world.store, env: world.env)
        #expect(try service.checkIn(&account).warnUnwatched)
        world.advance(60)
        #expect(try AccountService(store: world.store, env: world.env).checkIn(&account).warnUnwatched == false)
        world.advance(86_400)
        try world.tick()
        let missed = try #require(try world.feed(ada).first)
        #expect(missed.title == "You missed your check-in")
        #expect(missed.message.contains("Nobody was told: you have no responders"))
        #expect(!missed.message.contains("have been told"))
        // Once watched, and unwatched again, the warning comes back once.
        let bob = try world.person("Bob", phone: "+15550000002")
        try world.link(ada, bob, responder: true, dependent: false)
        account = try world.reload(ada)
        #expect(try AccountService(store: world.store, env: world.env).checkIn(&account).warnUnwatched == false)
        try ContactService(store: world.store, env: world.env).remove(try world.contact("Bob", of: ada), owner: account)
        account = try world.reload(ada)
        #expect(try AccountService(store: world.store, env: world.env).checkIn(&account).warnUnwatched)
    }

    @Test func anAlertNeedsNoNameAndSaysWhoWasTold() throws {
        let world = World()
        let auth = AuthService(store: world.store, env: world.env)
        let issued = try auth.requestCode(phoneNumber: "+15550000001")
        guard case .signedIn(var nameless, _, _) = try auth.verify(phoneNumber: "+15550000001", code: issued.code,
                                                                   firstName: nil, lastName: nil) else {
            Issue.record("sign-in failed")
            return
        }
        #expect(nameless.needsOnboarding)
        let (_, nobody) = try AccountService(store: world.store, env: world.env).raiseAlert(&nameless)
        #expect(nobody.isNobody)
        _ = try AccountService(store: world.store, env: world.env).cancelAlert(&nameless)
        let bob = try world.person("Bob", phone: "+15550000002")
        _ = try ContactService(store: world.store, env: world.env).add(code: nameless.qrCodeID, asResponder: false,
                                                                       asDependent: true, owner: bob)
        nameless = try world.reload(nameless)
        let (_, reach) = try AccountService(store: world.store, env: world.env).raiseAlert(&nameless)
        #expect(reach.told == [bob.id])
        #expect(try world.feed(bob).first?.title == "Emergency alert from +15550000001")
    }
}
