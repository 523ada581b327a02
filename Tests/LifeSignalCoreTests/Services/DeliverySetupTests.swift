import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// What the store learns of each account's delivery, and what a dependent's
/// `status` makes of it, on an in-memory store: reach per responder, the
/// store's last look, and the receipts of the current alarm.
struct DeliverySetupTests {
    /// Ada, watched by Bob; with Bob's sign-in (the hash of its token).
    func pair() throws -> (world: World, ada: Account, bob: Account, session: String) {
        try World.adaWatchedBySignedInBob()
    }

    func reach(_ world: World, of ada: Account) throws -> ResponderReach {
        try #require(try ResponderReach.all(of: try world.reload(ada), store: world.store, now: world.now).first)
    }

    /// Agents' IDs, as each makes one when it starts.
    let first = String(repeating: "a", count: 32), second = String(repeating: "b", count: 32)

    func service(_ world: World) -> DeliverySetupService { DeliverySetupService(store: world.store, env: world.env) }

    @Test func reachFollowsTheNotifyCommandAndTheAgentsHeartbeat() throws {
        let (world, ada, bob, session) = try pair()
        #expect(try reach(world, of: ada).delivery == .none)

        try service(world).setNotifyCommand(since: world.now, account: bob.id, session: session)
        #expect(try reach(world, of: ada).delivery == .notifyCommand)

        try service(world).agentAlive(first, host: "laptop", since: world.now, notifyCommandSince: world.now,
                                      account: bob.id, session: session)
        #expect(try reach(world, of: ada).delivery == .agent)
        #expect(try reach(world, of: ada).lastDeliveryRun == world.now)

        // Three heartbeats missed: the agent was killed or its machine is off.
        world.advance(Int(Keeping.agentLiveness) - 1)
        #expect(try reach(world, of: ada).delivery == .agent)
        world.advance(1)
        #expect(try reach(world, of: ada).delivery == .notifyCommand)

        try service(world).agentAlive(second, host: "laptop", since: world.now, notifyCommandSince: world.now,
                                      account: bob.id, session: session)
        try service(world).agentStopped(second, account: bob.id, session: session)
        #expect(try reach(world, of: ada).delivery == .notifyCommand)
        #expect(try world.store.deliverySetup(of: bob.id).places[session]?.agents.isEmpty == true,
                "stopped and stale agents are dropped when the set-up is written")

        try service(world).setNotifyCommand(since: nil, account: bob.id, session: session)
        #expect(try reach(world, of: ada).delivery == .none)
    }

    /// A notify command counts only while the sign-in that set it lasts;
    /// the next write drops the ended sign-in's record.
    @Test func anEndedSignInDeliversNothing() throws {
        let (world, ada, bob, session) = try pair()
        try service(world).setNotifyCommand(since: world.now, account: bob.id, session: session)
        try world.store.setSession(tokenHash: session, to: nil)
        #expect(try reach(world, of: ada).delivery == .none)
        try service(world).setNotifyCommand(since: world.now, account: bob.id, session: SHA256.hexDigest("another sign-in"))
        #expect(try world.store.deliverySetup(of: bob.id).places.isEmpty)
    }

    /// A notify command set earlier keeps its first time; a set-up with
    /// nothing new is not written again.
    @Test func nothingNewIsNotWritten() throws {
        let (world, _, bob, session) = try pair()
        let first = world.now
        try service(world).setNotifyCommand(since: first, account: bob.id, session: session)
        world.advance(600)
        try service(world).setNotifyCommand(since: world.now, account: bob.id, session: session)
        #expect(try world.store.deliverySetup(of: bob.id).places[session]?.notifyCommandSince == first)
    }

    @Test(arguments: [
        // (id, recorded run seconds ago (nil: none), store knows a command, machine has one, worth writing)
        ("never recorded", nil, false, false, true),
        ("fresh, same", 30, true, true, false),
        ("fresh, command set here", 30, false, true, true),
        ("fresh, command cleared here", 30, true, false, true),
        ("a minute old", 60, true, true, true),
        ("clock went back", -5, true, true, true),
    ] as [(String, Int?, Bool, Bool, Bool)])
    func aTickWritesItsRunOnlyWhenWorthIt(_ id: String, _ age: Int?, _ known: Bool, _ here: Bool, _ worth: Bool) throws {
        let now = try #require(ISO8601.parse("2026-03-01T09:00:00Z"))
        var setup = DeliverySetup()
        if let age {
            setup.places["s"] = DeliveryPlace(notifyCommandSince: known ? now : nil, lastRunAt: now.addingTimeInterval(-Double(age)))
        }
        #expect(DeliverySetupService.isRunWorthRecording(setup, notifyCommandSince: here ? now : nil, session: "s", now: now) == worth,
                "\(id)")
    }

    /// The last look is written at most once per `Keeping.lookRefresh`.
    @Test func theLastLookIsWrittenAtMostOnceAMinute() throws {
        let (world, _, _, _) = try pair()
        let first = world.now
        try service(world).recordLook(by: .tick)
        world.advance(30)
        try service(world).recordLook(by: .agent)
        #expect(try world.store.lastLook() == LastLook(at: first, by: .tick))
        world.advance(30)
        try service(world).recordLook(by: .agent)
        #expect(try world.store.lastLook() == LastLook(at: world.now, by: .agent))
    }

    @Test(arguments: [
        // (id, shortest reminder, last look seconds ago (nil: never), unreadable note, unattended)
        ("no deadlines to keep", nil, nil, false, false),
        ("never looked", 7200, nil, false, true),
        ("looked within the reminder", 7200, 7200, false, false),
        ("looked longer ago than the reminder", 7200, 7201, false, true),
        ("the note cannot be read", 7200, nil, true, false),
    ] as [(String, Int?, Int?, Bool, Bool)])
    func statusIsUnattendedOnlyWhenNoLookCameForLongerThanTheShortestReminder(
        _ id: String, _ reminder: Int?, _ age: Int?, _ unreadable: Bool, _ unattended: Bool
    ) throws {
        let (world, ada, _, _) = try pair()
        var report = try StatusReport(account: try world.reload(ada), store: world.store, now: world.now)
        report.shortestReminder = reminder
        report.lastLook = age.map { LastLook(at: world.now.addingTimeInterval(-Double($0)), by: .tick) }
        report.lastLookProblem = unreadable ? "damaged" : nil
        #expect(report.isUnattended(at: world.now) == unattended, "\(id)")
    }

    /// The shortest reminder is the account's own (once it has checked in)
    /// or a dependent's, whichever is shorter.
    @Test func theShortestReminderCountsTheDependents() throws {
        let (world, ada, bob, _) = try pair()
        #expect(try StatusReport(account: try world.reload(ada), store: world.store, now: world.now).shortestReminder == nil)
        try world.checkIn(ada)
        var account = try world.reload(ada)
        try AccountService(store: world.store, env: world.env).setIntervals(&account, checkIn: nil, reminder: 4 * 3600)
        #expect(try StatusReport(account: try world.reload(ada), store: world.store, now: world.now).shortestReminder == 4 * 3600)
        try world.checkIn(bob)
        #expect(try StatusReport(account: try world.reload(bob), store: world.store, now: world.now).shortestReminder == 7200)
        #expect(try StatusReport(account: try world.reload(ada), store: world.store, now: world.now).shortestReminder == 4 * 3600,
                "Ada watches nobody")
    }

    /// An alert's receipt in a responder's feed: told when the notice landed,
    /// delivered when the notify command took it, read when they read it;
    /// notices of other things do not count.
    @Test func theAlertsReceiptComesFromTheRespondersFeed() throws {
        let (world, ada, bob, _) = try pair()
        #expect(try reach(world, of: ada).receipt == nil, "no alarm, no receipt")
        world.advance(60)
        var account = try world.reload(ada)
        let raised = world.now
        _ = try AccountService(store: world.store, env: world.env).raiseAlert(&account)
        var receipt = try #require(try reach(world, of: ada).receipt)
        #expect(receipt == Receipt(toldAt: raised))

        let notice = try #require(try world.feed(bob).first { $0.type == .alert })
        world.advance(5)
        try NotificationEditor(store: world.store).markDelivered(notice, of: bob.id, at: world.now)
        let delivered = world.now
        world.advance(5)
        // A second delivery of the same item keeps the first receipt.
        try NotificationEditor(store: world.store).markDelivered(notice, of: bob.id, at: world.now)
        try NotificationEditor(store: world.store).markRead(nil, of: bob.id, at: world.now)
        receipt = try #require(try reach(world, of: ada).receipt)
        #expect(receipt == Receipt(toldAt: raised, deliveredAt: delivered, readAt: world.now))
    }
}
