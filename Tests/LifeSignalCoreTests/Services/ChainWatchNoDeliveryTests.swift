import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// The chain watching itself when a responder set up no delivery at all (no
/// notify command, no agent): nothing would reach anyone on time, so the
/// dependent is told, once a day at most, after the time a new responder is
/// given to set one up, and told when one works again (issue 26).
struct ChainWatchNoDeliveryTests {
    let service = ChainWatchServiceTests()

    @Test func aDependentWhoseOnlyResponderSetUpNothingIsToldOnceADayUntilTheyDo() throws {
        let (world, ada, bob, session) = try World.adaWatchedBySignedInBob()
        try world.checkIn(ada)
        // Her reminder, an hour before a day's deadline.
        world.advance(23 * 3600)
        try world.tick()
        #expect(try service.titled(world, ada, ChainWatchServiceTests.unreached) == 1)
        let notice = try #require(try world.feed(ada).first { $0.title == ChainWatchServiceTests.unreached })
        #expect(notice.message.contains("Bob O: no delivery set up"), "\(notice.message)")
        // Her deadline the same day, and the next day's reminder: not again within the day.
        world.advance(3600)
        try world.tick()
        try world.checkIn(ada)
        world.advance(22 * 3600)
        try world.tick()
        #expect(try service.titled(world, ada, ChainWatchServiceTests.unreached) == 1)
        // Bob sets up a notify command that runs: her next wake says it reaches him again.
        try world.checkIn(ada)
        world.advance(23 * 3600)
        try service.run(world, bob, session, [.delivered(at: world.now)])
        try world.tick()
        #expect(try service.titled(world, ada, ChainWatchServiceTests.reachedAgain) == 1)
        #expect(try service.titled(world, ada, ChainWatchServiceTests.unreached) == 1)
    }

    @Test func aNewPairIsNotToldBeforeTheResponderHadTimeToSetUpDelivery() throws {
        let (world, ada, _, _) = try World.adaWatchedBySignedInBob()
        var account = ada
        // Due in an hour, reminded half an hour before: both wakes within the hour a new responder is given.
        try AccountService(store: world.store, env: world.env).setIntervals(&account, checkIn: 3600, reminder: 1800)
        try world.checkIn(ada)
        for _ in 0..<2 {
            world.advance(1800)
            try world.tick()
        }
        #expect(try service.titled(world, ada, ChainWatchServiceTests.unreached) == 0)
        // Later wakes tell her.
        try world.checkIn(ada)
        world.advance(1800)
        try world.tick()
        #expect(try service.titled(world, ada, ChainWatchServiceTests.unreached) == 1)
    }

    @Test func aResponderWithAWorkingDeliveryBesideOneWithNoneIsEnough() throws {
        let (world, ada, bob, session) = try World.adaWatchedBySignedInBob()
        let cy = try world.person("Cy", phone: "+15550000003")
        try world.link(ada, cy, responder: true, dependent: false)
        try world.checkIn(ada)
        world.advance(23 * 3600)
        try service.run(world, bob, session, [.delivered(at: world.now)])
        try world.tick()
        #expect(try service.titled(world, ada, ChainWatchServiceTests.unreached) == 0)
    }

    /// The look at a chain never takes a notice another account's alarm
    /// needs: in a step that carries three notices, Ada's reminder and
    /// Eve's missed check-in (hers and Bob's, due at the same moment) go
    /// out, and Ada's "nobody would be told" waits for her next wake.
    @Test func theLookAtTheChainWaitsForTheStepsAlarms() throws {
        let (world, ada, bob, _) = try World.adaWatchedBySignedInBob()
        let eve = try world.person("Eve", phone: "+15550000005")
        try world.link(eve, bob, responder: true, dependent: false)
        var account = ada
        try AccountService(store: world.store, env: world.env).setIntervals(&account, checkIn: 86_400, reminder: 3600)
        var other = eve
        try AccountService(store: world.store, env: world.env).setIntervals(&other, checkIn: 23 * 3600, reminder: 3600)
        try world.checkIn(ada)
        try world.checkIn(eve)
        // Ada's reminder and Eve's deadline.
        world.advance(23 * 3600)
        let step = try world.backend.write { transaction in
            let store = LayoutStore(transaction, name: world.backend.name, notices: 3)
            return try DeadlineService(store: store, env: world.env).catchUp(first: ada.id, limit: 8, spread: 0)
        }
        // Read afresh: the world's store cached the feeds as they were.
        world.store = LayoutStore(world.files, name: world.backend.name)
        #expect(step.notices == 3)
        #expect(try world.feedCount(bob, titled: "Eve Test missed a check-in") == 1)
        #expect(try service.titled(world, ada, ChainWatchServiceTests.unreached) == 0)
        // The next look, with room, tells her.
        try world.tick()
        #expect(try service.titled(world, ada, ChainWatchServiceTests.unreached) == 0, "not at a wake of hers")
        world.advance(3600)
        try world.tick()
        #expect(try service.titled(world, ada, ChainWatchServiceTests.unreached) == 1)
    }
}
