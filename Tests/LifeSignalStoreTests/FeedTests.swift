import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

struct FeedTests {
    func filled(_ count: Int, critical: (Int) -> Bool = { _ in false }) throws -> (World, Account) {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let types = NotificationType.allCases
        for i in 0..<count {
            world.advance(1)
            _ = try world.store.appendFeed(FeedDraft(type: types[i % types.count], title: "item \(i)", message: "m",
                                                     isCritical: critical(i)),
                                           to: ada.id, id: world.env.newID(), at: world.now)
        }
        return (world, ada)
    }

    @Test func listsNewestFirstAcrossSegmentsWithFiltersAndLimits() throws {
        let (world, ada) = try filled(250)
        let service = NotificationService(store: world.store)
        let all = try service.list(of: ada.id, filter: nil, unreadOnly: false, limit: nil)
        #expect(all.count == 250)
        #expect(all.first?.title == "item 249" && all.last?.title == "item 0")
        #expect(try service.list(of: ada.id, filter: nil, unreadOnly: false, limit: 20).map(\.title)
            == (230..<250).reversed().map { "item \($0)" })
        let contacts = try service.list(of: ada.id, filter: .contacts, unreadOnly: false, limit: nil)
        #expect(contacts.allSatisfy { $0.type == .added || $0.type == .removed })
        // Eight types in turn: 31 added and 31 removed among 250.
        #expect(contacts.count == 62)
        #expect(try service.list(of: ada.id, filter: .checkIns, unreadOnly: false, limit: 3).allSatisfy { $0.type == .checkIn })
    }

    @Test func readAndDeleteKeepTheCountsRight() throws {
        let (world, ada) = try filled(150)
        #expect(try world.store.feedSummary(of: ada.id).unread == 150)
        let target = try #require(try world.feed(ada).dropFirst(120).first)
        let editor = NotificationEditor(store: world.store)
        #expect(try editor.markRead(target.id, of: ada.id, at: world.now) == 1)
        #expect(try editor.markRead(target.id, of: ada.id, at: world.now) == 0)
        #expect(try world.store.feedSummary(of: ada.id).unread == 149)
        #expect(try NotificationService(store: world.store).find(String(target.id.rawValue.prefix(8)), of: ada.id).isRead)
        #expect(try editor.delete(target.id, of: ada.id) == 1)
        #expect(try world.store.feedSummary(of: ada.id).total == 149)
        #expect(try editor.markRead(nil, of: ada.id, at: world.now) == 149)
        #expect(try world.store.feedSummary(of: ada.id).unread == 0)
        #expect(try NotificationService(store: world.store).list(of: ada.id, filter: nil, unreadOnly: true, limit: nil).isEmpty)
        #expect(try editor.delete(nil, of: ada.id) == 149)
        #expect(try world.store.feedSummary(of: ada.id) .total == 0)
        #expect(try world.feed(ada).isEmpty)
    }

    @Test func retentionDropsTheOldestButNeverAnUnreadCriticalItem() throws {
        let world = World()
        world.store.retentionLimit = 300
        let ada = try world.person("Ada", phone: "+15550000001")
        for i in 0..<1000 {
            world.advance(1)
            _ = try world.store.appendFeed(FeedDraft(type: i == 5 ? .alert : .ping, title: "item \(i)", message: "m",
                                                     isCritical: i == 5),
                                           to: ada.id, id: world.env.newID(), at: world.now)
        }
        let items = try world.feed(ada)
        #expect(items.count <= 301)
        #expect(items.count >= 200)
        #expect(items.first?.title == "item 999")
        #expect(items.contains { $0.title == "item 5" })
        #expect(try world.store.feedSummary(of: ada.id).total == items.count)
        #expect(try world.store.feedSummary(of: ada.id).unread == items.count)
    }

    @Test func deliveryPlanSkipsTurnedOffTypesAndStartsAtTheCursor() throws {
        let (world, ada) = try filled(12)
        var account = try world.reload(ada)
        account.preferences.pings = false
        try world.store.save(account)
        let plan = try DeliveryPlan(store: world.store, owner: account, now: world.now, command: "true")
        #expect(plan.steps.count == 12)
        let skipped = plan.steps.filter { if case .skip = $0 { true } else { false } }
        #expect(skipped.count == 2)
        try world.store.setDeliveredThrough(10, of: ada.id)
        #expect(try DeliveryPlan(store: world.store, owner: account, now: world.now, command: "true").steps.count == 2)
        try world.store.setDeliveredThrough(5, of: ada.id)
        #expect(try world.store.feedSummary(of: ada.id).deliveredThrough == 10)
    }
}
