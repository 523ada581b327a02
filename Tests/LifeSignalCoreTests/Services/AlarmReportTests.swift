import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// `report`'s receipts: each missed check-in's notices, kept past the check-in
/// that ends it, measured from the moment each responder was to be told to
/// the moment their delivery took it.
struct AlarmReportTests {
    /// Ada (checked in) with Bob and Cy as responders, Cy told an hour later.
    func story() throws -> (World, Account, Account, Account) {
        let world = World()
        let (ada, bob, cy) = try world.adaWatchedByBobAndCy(note: "")
        let contact = try world.contact("Cy", of: ada)
        _ = try ContactService(store: world.store, env: world.env).setRoles(of: contact, responder: nil, dependent: nil,
                                                                            delay: 3600, owner: try world.reload(ada))
        try world.checkIn(ada)
        return (world, ada, bob, cy)
    }

    /// Bob's delivery takes his newest "missed" notice `after` seconds from now.
    func deliver(_ world: World, _ responder: Account, after seconds: Int) throws {
        let item = try #require(try world.feed(responder).last { $0.title == "Ada Test missed a check-in" })
        try NotificationEditor(store: world.store).markDelivered(item, of: responder.id,
                                                                  at: world.now.addingTimeInterval(Double(seconds)))
    }

    func report(_ world: World, _ ada: Account, since: Date) throws -> AlarmReport {
        try AlarmReport(for: try world.reload(ada), since: since, store: world.store)
    }

    @Test func aMissedCheckInIsMeasuredFromWhenEachResponderWasToBeTold() throws {
        let (world, ada, bob, cy) = try story()
        let start = world.now
        world.advance(86_400)
        try world.tick()
        try deliver(world, bob, after: 4)
        // Standing, the miss counts already: Cy is not told yet.
        var now = try report(world, ada, since: start)
        #expect(now.deadlinesMissed == 1)
        #expect(now.deliveries.count == 1 && now.deliveries.p50 == 4)
        world.advance(3600)
        try world.tick()
        try deliver(world, cy, after: 30)
        world.advance(60)
        try world.checkIn(ada)
        // Kept after the check-in that ended it.
        now = try report(world, ada, since: start)
        #expect(now.deadlinesMissed == 1)
        #expect(now.deliveries.count == 2)
        #expect(now.deliveries.p50 == 4 && now.deliveries.p80 == 30 && now.deliveries.max == 30)
        #expect(now.undelivered.isEmpty)
        // A second miss Bob's delivery never takes.
        world.advance(86_400)
        try world.tick()
        now = try report(world, ada, since: start)
        #expect(now.deadlinesMissed == 2)
        #expect(now.undelivered.map(\.recipient) == [bob.id])
        #expect(now.undelivered.first?.reason == .notDelivered)
        // Older than `since`: not in the report.
        #expect(try report(world, ada, since: world.now.addingTimeInterval(1)).deadlinesMissed == 0)
    }

    /// An alert counts while it stands and once it is off, measured from
    /// when it was raised; Bob's acknowledgement is kept on his notice.
    @Test func anAlertIsMeasuredFromWhenItWasRaisedAndKeptWhenItEnds() throws {
        let (world, ada, bob, cy) = try story()
        let start = world.now
        world.advance(60)
        try world.command { store in
            var account = try #require(try store.account(ada.id))
            _ = try AccountService(store: store, env: world.env).raiseAlert(&account)
        }
        let notice = try #require(try world.feed(bob).last { $0.title.hasPrefix("Emergency alert from") })
        try NotificationEditor(store: world.store).markDelivered(notice, of: bob.id, at: world.now.addingTimeInterval(7))
        var now = try report(world, ada, since: start)
        #expect(now.alerts == 1 && now.deadlinesMissed == 0)
        #expect(now.deliveries.count == 1 && now.deliveries.max == 7)
        #expect(now.undelivered.map(\.recipient) == [cy.id] && now.undelivered.first?.reason == .notDelivered)
        world.advance(30)
        _ = try AckService(store: world.store, env: world.env).acknowledge(try world.contact("Ada", of: bob), by: bob)
        world.advance(30)
        try world.command { store in
            var account = try #require(try store.account(ada.id))
            _ = try AccountService(store: store, env: world.env).cancelAlert(&account)
        }
        let stored = try world.reload(ada)
        let kept = try #require(stored.pastAlarms.last)
        #expect(kept.kind == .alert && kept.at == start.addingTimeInterval(60))
        #expect(kept.notices.map(\.recipient) == [bob.id, cy.id], "\(kept)")
        #expect(kept.notices.allSatisfy { $0.dueAt == kept.at && $0.toldAt == kept.at && $0.item != nil })
        #expect(kept.notices.map(\.acknowledgedAt) == [start.addingTimeInterval(90), nil])
        now = try report(world, ada, since: start)
        #expect(now.alerts == 1 && now.deliveries.count == 1 && now.undelivered.count == 1, "counted once, off or on")
    }

    @Test func percentilesAreByNearestRank() {
        let delays = AlarmReport.Delays(Array(1...200))
        #expect(delays.count == 200)
        #expect(delays.p50 == 100 && delays.p80 == 160 && delays.p985 == 197 && delays.max == 200)
        let none = AlarmReport.Delays([])
        #expect(none.count == 0 && none.p50 == nil && none.max == nil)
    }

    @Test func anAccountKeepsItsLatestPastAlarmsOnly() {
        var account = Account(id: EntityID(randomBytes: Array(repeating: 1, count: 16)), phoneNumber: "+15550000001",
                              qrCodeID: "ABCD-EFGH", createdAt: Date(timeIntervalSince1970: 0))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        account.keep(PastAlarm(kind: .alert, at: now.addingTimeInterval(-Double(PastAlarm.keptSeconds) - 1), notices: []), now: now)
        #expect(account.pastAlarms.isEmpty)
        for minute in 0..<(PastAlarm.kept + 5) {
            account.keep(PastAlarm(kind: .missedCheckIn, at: now.addingTimeInterval(Double(minute * 60)), notices: []), now: now)
        }
        #expect(account.pastAlarms.count == PastAlarm.kept)
        #expect(account.pastAlarms.first?.at == now.addingTimeInterval(300))
    }
}
