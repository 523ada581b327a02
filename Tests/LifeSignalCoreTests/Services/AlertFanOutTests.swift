import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// An alert (and its cancellation) to more responders than one transaction
/// carries (issue 27.1): the account's own change commits first with as
/// many notices as fit, the rest are owed on the account (`FanOut`), and
/// each later commit tells a bounded share; whoever comes next finishes
/// it, and nobody is told twice or left out, whatever fails in between.
@Suite struct AlertFanOutTests {
    /// Dana's command: raises the alert in one transaction.
    func raise(_ world: World, _ dana: Account) throws -> Reach {
        try world.command { store in
            var account = try #require(try store.account(dana.id))
            return try AccountService(store: store, env: world.env).raiseAlert(&account).reach
        }
    }

    /// Dana's command asking how her fan-out stands, as `alert on` does until done.
    func outcome(_ world: World, _ dana: Account, _ key: String) throws -> Reach {
        try world.command { store in
            var account = try #require(try store.account(dana.id))
            return try AccountService(store: store, env: world.env).fanOutOutcome(&account, key: key)
        }
    }

    @Test func theAlertCommitsFirstAndTheRestFollowInBoundedSteps() throws {
        let (world, dana, responders) = try World.boundedCircle()
        let raised = try raise(world, dana)
        let key = try #require(raised.pending, "\(raised)")
        #expect(raised.told.count == 16 && raised.unreachable.isEmpty, "\(raised)")
        let stored = try world.reload(dana)
        #expect(stored.alert != nil && stored.fanOuts.first?.owed.count == 24, "\(stored.fanOuts)")
        #expect(try world.store.dueWake(of: dana.id, at: world.now) != nil, "the owed notices make her due at once")

        let done = try outcome(world, dana, key)
        #expect(done.pending == nil && done.toldCount == 40 && done.unreachable.isEmpty, "\(done)")
        for responder in responders {
            #expect(try world.feedCount(responder, titled: "Emergency alert from") == 1, "\(responder.firstName)")
        }
        #expect(try world.reload(dana).fanOuts.isEmpty, "the reported fan-out is forgotten")
        #expect(try world.store.dueWake(of: dana.id, at: world.now) == nil)
    }

    /// After the first commit the command dies: someone else's command
    /// (its share of the catch-up) finishes the fan-out, and Dana's next
    /// look reports the whole.
    @Test func whoeverComesNextFinishesAFanOutCutShort() throws {
        let (world, dana, responders) = try World.boundedCircle()
        let key = try #require(try raise(world, dana).pending)
        let other = try world.person("Zed", phone: "+15552000002")
        _ = try world.command { store in try store.account(other.id) }
        for responder in responders {
            #expect(try world.feedCount(responder, titled: "Emergency alert from") == 1, "\(responder.firstName)")
        }
        let done = try outcome(world, dana, key)
        #expect(done.pending == nil && done.toldCount == 40, "\(done)")
    }

    /// A hand-out whose transaction fails after writing its notices leaves
    /// nothing behind: the owed list and the feeds go back together, and
    /// the retry tells each once.
    @Test func aFailedHandOutIsRetriedWithoutDoubles() throws {
        struct Interrupted: Error {}
        let (world, dana, responders) = try World.boundedCircle()
        _ = try raise(world, dana)
        for _ in 0..<2 {
            #expect(throws: Interrupted.self) {
                try world.backend.write { transaction in
                    let store = LayoutStore(transaction, name: world.backend.name, notices: 16)
                    _ = try DeadlineService(store: store, env: world.env).catchUp(first: dana.id, limit: 0, spread: 0)
                    throw Interrupted()
                }
            }
        }
        #expect(try world.reload(dana).fanOuts.first?.owed.count == 24)
        _ = try SharedStore(backend: world.backend).catchUp(env: world.env)
        for responder in responders {
            #expect(try world.feedCount(responder, titled: "Emergency alert from") == 1, "\(responder.firstName)")
        }
    }

    /// A responder whose feed cannot be read is skipped and reported, late
    /// in the fan-out as at its start; everyone else is told.
    @Test func aDamagedRecipientAmongTheOwedIsSkippedAndReported() throws {
        let (world, dana, responders) = try World.boundedCircle()
        let damaged = responders[30]
        try world.files.write("accounts/\(damaged.id)/feed/summary.json", Array("{".utf8))
        let key = try #require(try raise(world, dana).pending)
        let done = try outcome(world, dana, key)
        #expect(done.unreachable == [damaged.id] && done.toldCount == 39, "\(done)")
        for responder in responders where responder.id != damaged.id {
            #expect(try world.feedCount(responder, titled: "Emergency alert from") == 1)
        }
    }

    @Test func cancellingTellsEachResponderOnceInBoundedSteps() throws {
        let (world, dana, responders) = try World.boundedCircle()
        _ = try outcome(world, dana, try #require(try raise(world, dana).pending))
        let cancelled = try world.command { store in
            var account = try #require(try store.account(dana.id))
            return try AccountService(store: store, env: world.env).cancelAlert(&account).reach
        }
        let key = try #require(cancelled.pending)
        #expect(try world.reload(dana).alert == nil, "the cancellation commits first")
        let done = try outcome(world, dana, key)
        #expect(done.toldCount == 40 && done.pending == nil, "\(done)")
        for responder in responders {
            #expect(try world.feedCount(responder, titled: "Dana Test cancelled their alert") == 1)
        }
    }

    /// The alert `report` keeps names every responder, told in the first
    /// commit or a later one, each with the item it became; whom the
    /// fan-out could not reach are kept as never told.
    @Test func theKeptAlertNamesEveryResponderTheFanOutReached() throws {
        let (world, dana, responders) = try World.boundedCircle()
        let damaged = responders[30]
        try world.files.write("accounts/\(damaged.id)/feed/summary.json", Array("{".utf8))
        let key = try #require(try raise(world, dana).pending)
        #expect(try world.reload(dana).alertSoFar?.notices.count == 40, "owed ones count as not told yet")
        _ = try outcome(world, dana, key)
        _ = try world.command { store in
            var account = try #require(try store.account(dana.id))
            return try AccountService(store: store, env: world.env).cancelAlert(&account).reach
        }
        let kept = try #require(try world.reload(dana).pastAlarms.last)
        #expect(kept.kind == .alert && kept.notices.count == 40)
        #expect(Set(kept.notices.map(\.recipient)) == Set(responders.map(\.id)))
        for notice in kept.notices {
            #expect((notice.item == nil) == (notice.recipient == damaged.id), "\(notice)")
        }
    }

    /// A store without a bound carries more in one transaction, but a
    /// command's own still a bounded number: no journal record grows with
    /// the number of responders.
    @Test func anUnboundedStoreAlsoFansOutInSteps() throws {
        let world = World(backend: MemoryBackend())
        world.signUpLimits = SignUpLimits(accountsPerDay: .max, newNumberCodesPerDay: .max)
        let dana = try world.person("Dana", phone: "+15552000001")
        for i in 0..<3 {
            let responder = try world.person("R\(i)", phone: "+1555300\(1000 + i)")
            try world.link(dana, responder, responder: true, dependent: false)
        }
        let raised = try raise(world, dana)
        #expect(raised.pending == nil && raised.told.count == 3, "a few fit at once: \(raised)")
        #expect(try world.reload(dana).fanOuts.isEmpty, "nothing is owed, nothing recorded")
    }
}
