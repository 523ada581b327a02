import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import Testing

struct DeadlineServiceTests {
    /// Ada checks in; Bob and Cy are her responders.
    func story() throws -> (World, Account, Account, Account) {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        let cy = try world.person("Cy", phone: "+15550000003")
        try world.link(ada, bob, responder: true, dependent: false)
        try world.link(ada, cy, responder: true, dependent: false)
        var note = try world.reload(ada)
        try AccountService(store: world.store, env: world.env).updateProfile(&note, firstName: nil, lastName: nil,
                                                                              note: "Key under the mat")
        try world.checkIn(ada)
        return (world, ada, bob, cy)
    }

    func titles(_ world: World, _ account: Account) throws -> [String] {
        try world.feed(account).map(\.title)
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
            #expect(try titles(world, responder).filter { $0 == "Ada Test is safe" }.count == 1)
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
        #expect(try world.store.dueAccounts(at: world.now).isEmpty)
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
        #expect(try world.store.dueAccounts(at: world.now).count == 13)
        try world.tick()
        #expect(try world.store.dueAccounts(at: world.now).isEmpty)
        let missed = try people.map { try world.feed($0).contains { $0.title == "You missed your check-in" } }
        #expect(missed.filter { $0 }.count == 1)
    }
}
