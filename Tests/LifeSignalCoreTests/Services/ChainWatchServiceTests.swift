import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// The chain watching itself, on an in-memory store: Bob's notify command
/// that keeps failing is told to Bob, and to Ada (whom only Bob watches
/// over) at her next wake, once a day at most, and each "works again" once.
struct ChainWatchServiceTests {
    /// Ada watched by Bob, who has a notify command on his sign-in; Ada checked in.
    func pair() throws -> (world: World, ada: Account, bob: Account, session: String) {
        let (world, ada, bob, session) = try World.adaWatchedBySignedInBob()
        try DeliverySetupService(store: world.store, env: world.env).deliveryRan(notifyCommandSince: world.now,
                                                                                 account: bob.id, session: session)
        try world.checkIn(ada)
        return (world, try world.reload(ada), bob, session)
    }

    /// Bob's delivery run: its command's tries, then the watch of his own delivery.
    func run(_ world: World, _ bob: Account, _ session: String, _ attempts: [DeliveryAttempt]) throws {
        try DeliverySetupService(store: world.store, env: world.env).deliveryRan(notifyCommandSince: world.now,
                                                                                 account: bob.id, session: session)
        try DeliverySetupService(store: world.store, env: world.env).deliveriesTried(attempts, account: bob.id,
                                                                                    session: session)
        var account = try world.reload(bob)
        try ChainWatchService(store: world.store, env: world.env).watchOwnDelivery(&account)
    }

    func failures(_ world: World, _ count: Int) -> [DeliveryAttempt] {
        Array(repeating: .failed(at: world.now, error: "the notify-command exited with status 7"), count: count)
    }

    func titled(_ world: World, _ account: Account, _ title: String) throws -> Int {
        try world.feed(account).count { $0.title == title }
    }

    @Test func aResponderIsToldOnceADayThatTheirCommandKeepsFailingAndOnceThatItWorksAgain() throws {
        let (world, _, bob, session) = try pair()
        try run(world, bob, session, failures(world, 2))
        #expect(try titled(world, bob, "Your notify command keeps failing") == 0, "two failures may be a passing fault")
        try run(world, bob, session, failures(world, 1))
        #expect(try titled(world, bob, "Your notify command keeps failing") == 1)
        let notice = try #require(try world.feed(bob).first { $0.title == "Your notify command keeps failing" })
        #expect(notice.message.contains("failed 3 tries in a row") && notice.message.contains("status 7"), "\(notice.message)")
        #expect(try world.reload(bob).chainWatch?.notifyFailing?.awaitsTerminal == true)
        world.advance(600)
        try run(world, bob, session, failures(world, 4))
        #expect(try titled(world, bob, "Your notify command keeps failing") == 1, "told once while it fails")

        world.advance(600)
        try run(world, bob, session, [.delivered(at: world.now)])
        #expect(try titled(world, bob, "Your notify command works again") == 1)
        try run(world, bob, session, [.delivered(at: world.now)])
        #expect(try titled(world, bob, "Your notify command works again") == 1, "once")

        // A second failure the same day sends nothing, nor its end.
        world.advance(600)
        try run(world, bob, session, failures(world, 3))
        try run(world, bob, session, [.delivered(at: world.now)])
        #expect(try titled(world, bob, "Your notify command keeps failing") == 1)
        #expect(try titled(world, bob, "Your notify command works again") == 1)

        // The next day it is told again.
        world.advance(86_400)
        try run(world, bob, session, failures(world, 3))
        #expect(try titled(world, bob, "Your notify command keeps failing") == 2)
    }

    @Test func theTerminalShowsTheFailureOncePerSpell() throws {
        let (world, _, bob, session) = try pair()
        try run(world, bob, session, failures(world, 3))
        let watch = ChainWatchService(store: world.store, env: world.env)
        try watch.shownOnTerminal(bob.id)
        #expect(try world.reload(bob).chainWatch?.notifyFailing?.awaitsTerminal == false)
        let shown = try world.reload(bob)
        try watch.shownOnTerminal(bob.id)
        #expect(try world.reload(bob) == shown, "nothing written twice")
    }

    static let unreached = "Nobody would be told in time if you missed your check-in"
    static let reachedAgain = "Your alarms reach a responder again"

    @Test func aDependentIsToldAtHerWakesWhenNoResponderWouldBeReachedAndWhenOneIsAgain() throws {
        let (world, ada, bob, session) = try pair()
        try run(world, bob, session, failures(world, 3))
        #expect(try titled(world, ada, Self.unreached) == 0, "looked at only at her own wakes")
        // Her reminder (a day's interval, an hour before): the first wake.
        world.advance(23 * 3600)
        try world.tick()
        #expect(try titled(world, ada, Self.unreached) == 1)
        let notice = try #require(try world.feed(ada).first { $0.title == Self.unreached })
        #expect(notice.message.contains("Bob O: notify command failing"), "\(notice.message)")
        // Her deadline, the same day: not again.
        try run(world, bob, session, failures(world, 1))
        world.advance(3600)
        try world.tick()
        #expect(try titled(world, ada, Self.unreached) == 1)

        // Bob's command works again, and runs before each of her next reminders.
        for _ in 0..<2 {
            try world.checkIn(ada)
            world.advance(23 * 3600)
            try run(world, bob, session, [.delivered(at: world.now)])
            try world.tick()
        }
        #expect(try titled(world, ada, Self.reachedAgain) == 1, "once")
        #expect(try world.reload(ada).chainWatch?.unreached?.since == nil)
    }

    @Test func aDependentWithAWorkingResponderIsNotTold() throws {
        let (world, ada, bob, session) = try pair()
        try run(world, bob, session, [.delivered(at: world.now)])
        world.advance(23 * 3600)
        try run(world, bob, session, [.delivered(at: world.now)])
        try world.tick()
        #expect(try titled(world, ada, Self.unreached) == 0)
        #expect(try world.reload(ada).chainWatch == nil, "nothing kept")
    }
}
