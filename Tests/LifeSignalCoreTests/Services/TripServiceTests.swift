import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// Trips on the one deadline engine: starting one is a check-in, the
/// account is due at its end, a missed end tells every responder once with
/// the note and the emergency note, and any check-in ends it.
struct TripServiceTests {
    /// Ada, who wrote an emergency note, with Bob and Cy as responders.
    func story() throws -> (World, Account, Account, Account) {
        let world = World()
        let (ada, bob, cy) = try world.adaWatchedByBobAndCy(note: "Allergic to penicillin")
        return (world, ada, bob, cy)
    }

    func service(_ world: World) -> AccountService { AccountService(store: world.store, env: world.env) }

    func startTrip(_ world: World, _ ada: Account, hours: Double, note: String? = "North ridge, car at the upper lot") throws {
        var account = try world.reload(ada)
        try service(world).startTrip(&account, until: world.now.addingTimeInterval(hours * 3600), note: note)
    }

    func missed(_ world: World, _ responder: Account) throws -> [FeedItem] {
        try world.feed(responder).filter { $0.title == "Ada Test missed a check-in" }
    }

    @Test func aMissedTripTellsEveryResponderOnceWithTheNote() throws {
        let (world, ada, bob, cy) = try story()
        try startTrip(world, ada, hours: 2.5)
        let account = try world.reload(ada)
        #expect(account.lastCheckIn == world.now)
        #expect(account.nextCheckInDue == world.now.addingTimeInterval(9000))
        #expect(account.tripInProgress?.note == "North ridge, car at the upper lot")
        world.advance(9000 - 1)
        try world.tick()
        #expect(try missed(world, bob).isEmpty)
        world.advance(1)
        try world.tick()
        world.advance(600)
        try world.tick()
        for responder in [bob, cy] {
            let notices = try missed(world, responder)
            #expect(notices.count == 1)
            #expect(notices.first?.message == "Ada Test missed their check-in, due at 2026-03-01T11:30:00Z. They were on a "
                + "trip since 2026-03-01T09:00:00Z: North ridge, car at the upper lot. Emergency note: Allergic to penicillin")
        }
    }

    @Test func aCheckInEndsTheTripAndTheRegularScheduleGoesOn() throws {
        let (world, ada, bob, _) = try story()
        try startTrip(world, ada, hours: 30)
        world.advance(3600)
        try world.checkIn(ada)
        let account = try world.reload(ada)
        #expect(account.tripInProgress == nil)
        #expect(account.nextCheckInDue == world.now.addingTimeInterval(86_400))
        world.advance(86_400)
        try world.tick()
        let notices = try missed(world, bob)
        #expect(notices.count == 1)
        #expect(notices.first?.message.contains("trip") == false)
    }

    @Test func tripEndIsACheckInAndNeedsATrip() throws {
        let (world, ada, _, _) = try story()
        var account = try world.reload(ada)
        #expect(throws: LifeSignalError.self) { try service(world).endTrip(&account) }
        try startTrip(world, ada, hours: 2)
        world.advance(600)
        account = try world.reload(ada)
        try service(world).endTrip(&account)
        account = try world.reload(ada)
        #expect(account.lastCheckIn == world.now)
        #expect(account.tripInProgress == nil)
        let history = try world.store.checkIns(of: ada.id, limit: 2).map(\.command)
        #expect(history == ["trip start", "trip end"])
    }

    @Test func extendMovesTheEndUntilTheRespondersWereTold() throws {
        let (world, ada, bob, cy) = try story()
        try startTrip(world, ada, hours: 1)
        var account = try world.reload(ada)
        let (trip, reach) = try service(world).extendTrip(&account, by: 1800)
        #expect(trip.due == world.now.addingTimeInterval(5400))
        // Bob and Cy are told at once that Ada will be back later.
        #expect(Set(reach.told) == [bob.id, cy.id])
        #expect(try world.feed(bob).first?.message.contains("extended their trip by 30m") == true)
        #expect(try world.reload(ada).nextCheckInDue == trip.due)
        world.advance(5400)
        try world.tick()
        #expect(try missed(world, bob).count == 1)
        account = try world.reload(ada)
        #expect(throws: LifeSignalError.self) { try service(world).extendTrip(&account, by: 3600) }
        // Ending the trip is a check-in: Bob hears Ada is safe.
        try service(world).endTrip(&account)
        #expect(try world.feed(bob).contains { $0.title == "Ada Test is safe" })
    }

    @Test func startRefusesBadEndsNotesAndPauses() throws {
        let (world, ada, _, _) = try story()
        var account = try world.reload(ada)
        let s = service(world)
        #expect(throws: LifeSignalError.self) { try s.startTrip(&account, until: world.now.addingTimeInterval(30), note: nil) }
        #expect(throws: LifeSignalError.self) {
            try s.startTrip(&account, until: world.now.addingTimeInterval(31 * 86_400), note: nil)
        }
        #expect(throws: LifeSignalError.self) {
            try s.startTrip(&account, until: world.now.addingTimeInterval(3600), note: "two\nlines")
        }
        #expect(throws: LifeSignalError.self) {
            try s.startTrip(&account, until: world.now.addingTimeInterval(3600), note: String(repeating: "x", count: 501))
        }
        try world.checkIn(ada)
        account = try world.reload(ada)
        _ = try TimerService(store: world.store, env: world.env).pause(&account, until: world.now.addingTimeInterval(7200),
                                                                       reason: nil)
        account = try world.reload(ada)
        #expect(throws: LifeSignalError.self) { try s.startTrip(&account, until: world.now.addingTimeInterval(3600), note: nil) }
        #expect(try world.reload(ada).trip == nil)
    }
}
