import FoundationEssentials
import LifeSignalCore
@testable import LifeSignalStore
import TestSupport
import Testing

/// No account can grow another's feed without bound: per sender, a feed
/// keeps at most so many items, and protects at most so many unread
/// critical ones; the newest is never the one that goes. Checked against a
/// model of the rule in seeded random sequences, and with the real limits
/// against an account that raises and cancels alerts without end.
struct SenderLimitTests {
    /// The rule, on a plain list, oldest first.
    struct Model {
        struct Item: Equatable {
            var id: EntityID
            var sender: Int?
            var isCritical: Bool
            var isRead = false
            var mustKeep: Bool { isCritical && !isRead }
        }

        let itemLimit: Int
        let criticalLimit: Int
        var items: [Item] = []

        mutating func append(_ item: Item) {
            items.append(item)
            guard let sender = item.sender else { return }
            while items.count(where: { $0.sender == sender && $0.mustKeep }) > criticalLimit,
                  let oldest = items.firstIndex(where: { $0.sender == sender && $0.mustKeep }) {
                items[oldest].isCritical = false
            }
            while items.count(where: { $0.sender == sender }) > itemLimit,
                  let oldest = items.firstIndex(where: { $0.sender == sender && !$0.mustKeep }) {
                items.remove(at: oldest)
            }
        }
    }

    @Test(arguments: [1, 2, 3, 16, 42] as [UInt64])
    func theFeedFollowsTheRule(seed: UInt64) throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let senders = (0..<4).map { _ in world.env.newID() }
        world.store.senderItemLimit = 6
        world.store.senderCriticalLimit = 2
        var model = Model(itemLimit: 6, criticalLimit: 2)
        var generator = SeededGenerator(seed: seed)
        for step in 0..<600 {
            let roll = Int.random(in: 0..<10, using: &generator)
            if roll < 7 || model.items.isEmpty {
                let sender: Int? = Int.random(in: 0..<10, using: &generator) == 0 ? nil : Int.random(in: 0..<4, using: &generator)
                let critical = Bool.random(using: &generator)
                let id = world.env.newID()
                world.advance(1)
                _ = try world.store.appendFeed(
                    FeedDraft(type: critical ? .alert : .ping, title: "\(step)", message: "m",
                              relatedContactID: sender.map { senders[$0] }, isCritical: critical),
                    to: ada.id, id: id, at: world.now)
                model.append(Model.Item(id: id, sender: sender, isCritical: critical))
            } else {
                let target = Int.random(in: 0..<model.items.count, using: &generator)
                let id = model.items[target].id
                if roll < 9 {
                    try NotificationEditor(store: world.store).markRead(id, of: ada.id)
                    model.items[target].isRead = true
                } else {
                    try NotificationEditor(store: world.store).delete(id, of: ada.id)
                    model.items.remove(at: target)
                }
            }
            let feed = try NotificationService(store: world.store).list(of: ada.id, filter: nil, unreadOnly: false, limit: nil)
            let real = feed.reversed().map {
                Model.Item(id: $0.id, sender: $0.relatedContactID.flatMap(senders.firstIndex), isCritical: $0.isCritical, isRead: $0.isRead)
            }
            let differs = zip(real, model.items).enumerated().first { $0.element.0 != $0.element.1 }
                .map { "at \($0.offset): \($0.element.0) but the rule says \($0.element.1)" }
                ?? "\(real.count) items but the rule says \(model.items.count)"
            try #require(real == model.items, "seed \(seed), step \(step): the feed differs from the rule \(differs)")
            let index = try world.store.feedSummaryFile(ada.id)
            #expect(index.summary.total == model.items.count && index.summary.unread == model.items.count { !$0.isRead })
            let kept = try world.senders(ada)
            for (number, sender) in senders.enumerated() {
                let tally = kept?.tallies[sender.rawValue]
                let held = model.items.filter { $0.sender == number }
                #expect((tally?.items ?? 0) == held.count && (tally?.unreadCritical ?? 0) == held.count { $0.mustKeep },
                        "seed \(seed), step \(step): the tally of sender \(number) is \(String(describing: tally))")
            }
        }
    }

    /// Eve raises and cancels alerts for Ada without end: Ada's feed keeps
    /// at most `perSenderItems` of them, protects at most
    /// `perSenderUnreadCritical`, and always has Eve's newest alert,
    /// critical and unread.
    @Test func endlessAlertsFromOneAccountAreBounded() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        var eve = try world.person("Eve", phone: "+15550000002")
        try world.link(eve, ada, responder: true, dependent: false)
        // As commands: each a transaction of its own.
        for _ in 0..<520 {
            world.advance(60)
            try world.command { store in
                var account = try #require(try store.account(eve.id))
                _ = try AccountService(store: store, env: world.env).raiseAlert(&account)
                _ = try AccountService(store: store, env: world.env).cancelAlert(&account)
            }
        }
        world.advance(60)
        let last = try world.command { store in
            var account = try #require(try store.account(eve.id))
            return try AccountService(store: store, env: world.env).raiseAlert(&account)
        }
        eve = try world.reload(eve)
        let feed = try world.feed(ada)
        let fromEve = feed.filter { $0.relatedContactID == eve.id }
        #expect(fromEve.count == FeedRetention.perSenderItems)
        #expect(fromEve.count(where: FeedRetention.mustKeep) == FeedRetention.perSenderUnreadCritical)
        let newest = try #require(fromEve.first)
        #expect(newest.relatedAlertID == last.alert.id && newest.isCritical && !newest.isRead)
        #expect(try world.senders(ada)?.tallies[eve.id.rawValue]?.items == FeedRetention.perSenderItems)
    }

    /// A feed written before the tallies were kept is counted at its next append.
    @Test func anOlderFeedIsCountedAtItsNextAppend() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let eve = world.env.newID()
        for step in 0..<250 {
            _ = try world.store.appendFeed(FeedDraft(type: .alert, title: "\(step)", message: "m", relatedContactID: eve,
                                                     isCritical: step % 2 == 0),
                                           to: ada.id, id: world.env.newID(), at: world.now)
        }
        let counted = try world.senders(ada)
        try world.store.remove(StorePaths.feedSenders(ada.id))
        _ = try world.store.appendFeed(FeedDraft(type: .ping, title: "new", message: "m", relatedContactID: eve),
                                       to: ada.id, id: world.env.newID(), at: world.now)
        var expected = counted?.tallies[eve.rawValue]
        expected?.items += 1
        #expect(expected?.items == 251)
        #expect(try world.senders(ada)?.tallies[eve.rawValue] == expected)
    }
}

extension World {
    /// The feed's tallies, as kept beside it.
    func senders(_ account: Account) throws -> FeedSenders? {
        try store.feedSenders(of: account.id)
    }
}
