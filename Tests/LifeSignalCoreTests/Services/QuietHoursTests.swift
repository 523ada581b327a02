import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing
import ZoneInfoFiles

/// Quiet hours on the delivery path: what can wait waits, as a retry due at
/// their end, and goes then in one batch; nothing about someone in danger
/// ever waits.
struct QuietHoursTests {
    /// Bob (Madrid, quiet 22:00-07:00) watches Ada; it is 23:30 in Madrid.
    func story() throws -> (World, Account, Account) {
        let world = World()
        world.zones = SystemZoneInfo.catalog()
        world.now = try #require(ISO8601.parse("2026-03-02T22:30:00Z"))
        let ada = try world.person("Ada", phone: "+15550000001")
        var bob = try world.person("Bob", phone: "+15550000002")
        try world.link(ada, bob, responder: true, dependent: false)
        let service = AccountService(store: world.store, env: world.env)
        try service.setTimeZone(&bob, ZoneName(validating: "Europe/Madrid"))
        try service.setQuietHours(&bob, QuietHours(parsing: "22:00-07:00"))
        return (world, ada, try world.reload(bob))
    }

    func plan(_ world: World, _ bob: Account) throws -> DeliveryPlan {
        let owner = try world.reload(bob)
        return try DeliveryPlan(store: world.store, owner: owner, now: world.now, command: "true",
                                quietUntil: QuietHoursRules.end(for: owner, at: world.now, zones: world.zones))
    }

    func append(_ world: World, _ bob: Account, _ draft: FeedDraft) throws {
        _ = try world.store.appendFeed(draft, to: bob.id, id: world.env.newID(), at: world.now)
    }

    @Test func theQuietHoursEndAtSevenOnTheOwnersClock() throws {
        let (world, _, bob) = try story()
        #expect(QuietHoursRules.end(for: bob, at: world.now, zones: world.zones) == ISO8601.parse("2026-03-03T06:00:00Z"))
        world.now = try #require(ISO8601.parse("2026-03-03T06:00:00Z"))
        #expect(QuietHoursRules.end(for: bob, at: world.now, zones: world.zones) == nil)
        // Without a readable zone nothing waits.
        #expect(QuietHoursRules.end(for: bob, at: ISO8601.parse("2026-03-02T22:30:00Z")!, zones: .utcOnly) == nil)
    }

    @Test func alarmsGoAtOnceAndTheRestWaitsForTheMorningInOneBatch() throws {
        let (world, ada, bob) = try story()
        try append(world, bob, FeedDraft(type: .ping, title: "ping", message: "", relatedContactID: ada.id))
        try append(world, bob, FeedDraft(type: .checkIn, title: "Ada Test missed a check-in", message: "",
                                         relatedContactID: ada.id, isCritical: true))
        try append(world, bob, FeedDraft(type: .checkIn, title: "Ada Test paused check-ins", message: "",
                                         relatedContactID: ada.id))
        try append(world, bob, FeedDraft(type: .alert, title: "Ada Test cancelled their alert", message: "",
                                         relatedContactID: ada.id))
        try append(world, bob, FeedDraft(type: .checkIn, title: "Ada Test is safe", message: "", relatedContactID: ada.id,
                                         allClear: true))
        try append(world, bob, FeedDraft(type: .test, title: "TEST", message: "", relatedContactID: ada.id))
        try append(world, bob, FeedDraft(type: .signIn, title: "New sign-in", message: ""))
        let morning = try #require(ISO8601.parse("2026-03-03T06:00:00Z"))
        let first = try plan(world, bob)
        var ledger = DeliveryLedger(first)
        var delivered: [String] = [], held: [String] = []
        for step in first.steps {
            switch step {
            case .deliver(let item):
                delivered.append(item.title)
                ledger.delivered(item)
            case .hold(let item, let until):
                #expect(until == morning)
                held.append(item.title)
                ledger.held(item, until: until, command: "true")
            case .skip(let item): ledger.skipped(item)
            }
        }
        // Alarms first, then the senders taking turns (Ada's, and Bob's own sign-in notice).
        #expect(delivered == ["Ada Test missed a check-in", "Ada Test cancelled their alert", "New sign-in",
                              "Ada Test is safe"])
        let waits = ["Ada Test added you", "ping", "Ada Test paused check-ins", "TEST"]
        #expect(held == waits)
        try world.store.setDeliveryState(ledger.state, of: bob.id)
        #expect(ledger.nextRetry == morning)
        // Before the morning nothing is due, and nothing is tried after a success either.
        world.now = morning.addingTimeInterval(-1)
        #expect(try plan(world, bob).steps.isEmpty)
        #expect(try plan(world, bob).waiting.isEmpty)
        world.now = morning
        let batch = try plan(world, bob).steps.compactMap { step -> String? in
            if case .deliver(let item) = step { item.title } else { nil }
        }
        #expect(batch == waits)
    }

    /// What makes a notice an all-clear is its `allClear` field, stored
    /// with it: a job's recovery goes at once whatever its words, and a
    /// notice that only reads like one ("... is safe") waits.
    @Test func anAllClearIsKnownByItsKindNotItsTitle() throws {
        let (world, ada, bob) = try story()
        try append(world, bob, JobNotices.recovered(ada, job: "backup", after: "a failed run"))
        try append(world, bob, FeedDraft(type: .checkIn, title: "Ada Test is safe", message: "", relatedContactID: ada.id))
        var delivered: [String] = [], held: [String] = []
        for step in try plan(world, bob).steps {
            switch step {
            case .deliver(let item): delivered.append(item.title)
            case .hold(let item, _): held.append(item.title)
            case .skip: break
            }
        }
        #expect(delivered == ["Ada Test's job backup recovered"])
        #expect(held == ["Ada Test added you", "Ada Test is safe"])
        let stored = try world.feed(bob)
        #expect(stored.map(\.allClear) == [false, true, false], "the kind is kept in the store")
    }

    @Test func theSettingSurvivesTheStoreFile() throws {
        let (world, _, bob) = try story()
        #expect(try world.reload(bob).quietHours?.description == "22:00-07:00")
        var account = try world.reload(bob)
        try AccountService(store: world.store, env: world.env).setQuietHours(&account, nil)
        #expect(try world.reload(bob).quietHours == nil)
    }
}
