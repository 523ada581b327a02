import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// What delivery does, on an in-memory store: which items a run hands over,
/// in what order, and what becomes of an item the command fails on.
struct DeliveryTests {
    /// Ada with `count` items in her feed (every third one critical).
    func feed(_ count: Int) throws -> (World, Account) {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        for i in 0..<count {
            _ = try world.store.appendFeed(FeedDraft(type: .checkIn, title: "item \(i)", message: "", isCritical: i % 3 == 0),
                                           to: ada.id, id: world.env.newID(), at: world.now)
        }
        return (world, try world.reload(ada))
    }

    func plan(_ world: World, _ ada: Account, command: String? = "true", since: Date? = nil) throws -> DeliveryPlan {
        try DeliveryPlan(store: world.store, owner: try world.reload(ada), now: world.now, command: command, since: since)
    }

    func titles(_ steps: [DeliveryPlan.Step]) -> [String] {
        steps.map { step in
            switch step {
            case .deliver(let item): "deliver \(item.title)"
            case .skip(let item): "skip \(item.title)"
            case .hold(let item, _): "hold \(item.title)"
            }
        }
    }

    /// Runs one plan with `fails` deciding which items the command fails on;
    /// returns the verdicts and saves the state, as `Delivery` does.
    @discardableResult
    func run(_ world: World, _ ada: Account, command: String = "true",
             fails: (FeedItem) -> Bool) throws -> [String: DeliveryLedger.Verdict] {
        let plan = try plan(world, ada, command: command)
        var ledger = DeliveryLedger(plan)
        var verdicts: [String: DeliveryLedger.Verdict] = [:]
        for step in plan.steps {
            switch step {
            case .skip(let item): ledger.skipped(item)
            case .hold(let item, let until): ledger.held(item, until: until, command: command)
            case .deliver(let item):
                if fails(item) { verdicts[item.title] = ledger.failed(item, now: world.now, command: command) } else {
                    ledger.delivered(item)
                }
            }
        }
        try world.store.setDeliveryState(ledger.state, of: ada.id)
        return verdicts
    }

    @Test func anItemTheCommandFailsOnWaitsWhileTheOnesBehindItGoOn() throws {
        let (world, ada) = try feed(4)
        let verdicts = try run(world, ada) { $0.title == "item 1" }
        #expect(verdicts["item 1"] == .retry(at: world.now.addingTimeInterval(60)))
        let summary = try world.store.feedSummary(of: ada.id)
        #expect(summary.deliveredThrough == 4)
        #expect(summary.retries.map(\.index) == [1])
        // Not due yet: nothing to do. Due: it comes first, before new items.
        #expect(try plan(world, ada).steps.isEmpty)
        #expect(try plan(world, ada).waiting.map(\.title) == ["item 1"])
        _ = try world.store.appendFeed(FeedDraft(type: .ping, title: "item 4", message: ""), to: ada.id,
                                       id: world.env.newID(), at: world.now)
        world.advance(60)
        #expect(titles(try plan(world, ada).steps) == ["deliver item 1", "deliver item 4"])
    }

    @Test func theBackOffDoublesUpToHalfAnHour() {
        #expect((1...8).map { DeliveryLedger.delay(afterAttempts: $0) } == [60, 120, 240, 480, 960, 1800, 1800, 1800])
        #expect(DeliveryLedger.delay(afterAttempts: 1000) == 1800)
    }

    @Test func anOrdinaryItemIsSetAsideAfterEightAttemptsACriticalOneNever() throws {
        let (world, ada) = try feed(2)
        var verdicts: [[String: DeliveryLedger.Verdict]] = []
        for _ in 0..<12 {
            verdicts.append(try run(world, ada) { _ in true })
            world.advance(DeliveryLedger.maxDelay)
        }
        // item 0 is critical (a missed check-in or an alert): tried every time, never given up.
        #expect(verdicts.allSatisfy { if case .retry = $0["item 0"] { true } else { false } })
        #expect(verdicts[7]["item 1"] == .setAside(attempts: 8))
        #expect(verdicts[8...].allSatisfy { $0["item 1"] == nil })
        let retries = try world.store.feedSummary(of: ada.id).retries
        #expect(retries.map(\.index) == [0])
        #expect(retries.first?.attempts == 12)
        // It stays in the feed.
        #expect(try world.feed(ada).count == 2)
    }

    @Test func anotherCommandTriesAWaitingItemAtOnce() throws {
        let (world, ada) = try feed(1)
        try run(world, ada, command: "exit 1") { _ in true }
        #expect(try plan(world, ada, command: "exit 1").steps.isEmpty)
        #expect(titles(try plan(world, ada, command: "cat >> log").steps) == ["deliver item 0"])
    }

    @Test func itemsOlderThanTheCommandAreSkippedAndTurnedOffTypesToo() throws {
        let (world, ada) = try feed(3)
        world.advance(10)
        _ = try world.store.appendFeed(FeedDraft(type: .ping, title: "new ping", message: ""), to: ada.id,
                                       id: world.env.newID(), at: world.now)
        _ = try world.store.appendFeed(FeedDraft(type: .alert, title: "new alert", message: ""), to: ada.id,
                                       id: world.env.newID(), at: world.now)
        var account = try world.reload(ada)
        account.preferences.pings = false
        try world.store.save(account)
        #expect(titles(try plan(world, ada, since: world.now).steps)
            == ["skip item 0", "skip item 1", "skip item 2", "skip new ping", "deliver new alert"])
        #expect(titles(try plan(world, ada, command: nil).steps).allSatisfy { $0.hasPrefix("skip") })
    }

    @Test func aDeletedWaitingItemIsForgotten() throws {
        let (world, ada) = try feed(2)
        try run(world, ada) { $0.title == "item 1" }
        let item = try #require(try world.feed(ada).first { $0.title == "item 1" })
        try NotificationEditor(store: world.store).delete(item.id, of: ada.id)
        world.advance(3600)
        let plan = try plan(world, ada)
        #expect(plan.steps.isEmpty && plan.vanished == [1])
        try world.store.setDeliveryState(DeliveryLedger(plan).state, of: ada.id)
        #expect(try world.store.feedSummary(of: ada.id).retries.isEmpty)
    }

    /// Items from `senders` (nil: the account's own), one a sender in turn
    /// for `rounds` rounds, critical where `critical` says.
    func mixedFeed(senders: [EntityID?], rounds: Int, critical: (Int, Int) -> Bool) throws -> (World, Account) {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        for round in 0..<rounds {
            for (number, sender) in senders.enumerated() {
                _ = try world.store.appendFeed(FeedDraft(type: .alert, title: "\(number).\(round)", message: "",
                                                         relatedContactID: sender, isCritical: critical(number, round)),
                                               to: ada.id, id: world.env.newID(), at: world.now)
            }
        }
        return (world, try world.reload(ada))
    }

    /// Urgent items first; within each kind the senders take turns, each
    /// sender's items oldest first, whoever has more or comes first.
    @Test func urgentItemsGoFirstAndTheSendersTakeTurns() throws {
        let eve = EntityID(randomBytes: Array(repeating: 1, count: 16)), ann = EntityID(randomBytes: Array(repeating: 2, count: 16))
        // Eve (0) has three items in every round, Ann (1) and the account itself (2) one each; round 2 is urgent.
        let (world, ada) = try mixedFeed(senders: [eve, eve, eve, ann, nil], rounds: 3) { _, round in round == 2 }
        let order = titles(try plan(world, ada).steps).map { $0.dropFirst("deliver ".count) }
        #expect(order == ["0.2", "3.2", "4.2", "1.2", "2.2",
                          "0.0", "3.0", "4.0", "1.0", "3.1", "4.1", "2.0", "0.1", "1.1", "2.1"], "\(order)")
    }

    /// A run that ends before it took every item (its time budget, a kill)
    /// after taking a later one: the cursor passes that one, and those
    /// before it not taken wait, due at once, with no attempt counted; the
    /// next run takes them, and nothing is handed over twice.
    @Test func aRunCutShortLosesNothingAndDoublesNothing() throws {
        let (world, ada) = try feed(6)
        let first = try plan(world, ada)
        var ledger = DeliveryLedger(first)
        // Taken: item 3 (critical), then item 5; the run ends there.
        for step in first.steps {
            guard case .deliver(let item) = step, ["item 3", "item 5"].contains(item.title) else { continue }
            ledger.delivered(item)
        }
        try world.store.setDeliveryState(ledger.state, of: ada.id)
        let summary = try world.store.feedSummary(of: ada.id)
        #expect(summary.deliveredThrough == 6)
        #expect(summary.retries.map(\.index) == [0, 1, 2, 4] && summary.retries.allSatisfy { $0.attempts == 0 })
        let next = try plan(world, ada)
        #expect(titles(next.steps) == ["deliver item 0", "deliver item 1", "deliver item 2", "deliver item 4"])
        var rest = DeliveryLedger(next)
        for step in next.steps { if case .deliver(let item) = step { _ = rest.failed(item, now: world.now, command: "true") } }
        try world.store.setDeliveryState(rest.state, of: ada.id)
        #expect(try world.store.feedSummary(of: ada.id).retries.map(\.attempts) == [1, 1, 1, 1], "a first failure is attempt 1")
    }

    @Test func theCursorNeverMovesBack() throws {
        let (world, ada) = try feed(5)
        try world.store.setDeliveryState(DeliveryState(deliveredThrough: 4, retries: []), of: ada.id)
        try world.store.setDeliveryState(DeliveryState(deliveredThrough: 2, retries: []), of: ada.id)
        #expect(try world.store.feedSummary(of: ada.id).deliveredThrough == 4)
    }
}
