import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// `--unread` reads only the segments the feed's summary lists as holding
/// unread items; whatever the feed went through, it lists exactly the
/// unread items of the whole feed, newest first.
struct UnreadFeedTests {
    @Test(arguments: 0..<6)
    func theUnreadListingIsTheWholeFeedFiltered(_ seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(900 + seed))
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let service = NotificationService(store: world.store)
        let editor = NotificationEditor(store: world.store)
        for step in 0..<400 {
            world.advance(1)
            let feed = try world.feed(ada)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                _ = try world.store.appendFeed(FeedDraft(type: .ping, title: "item \(step)", message: "m"),
                                               to: ada.id, id: world.env.newID(), at: world.now)
            case 6, 7:
                if let item = feed.randomElement(using: &random) { try editor.markRead(item.id, of: ada.id) }
            case 8:
                if let item = feed.randomElement(using: &random) { _ = try editor.delete(item.id, of: ada.id) }
            default:
                if Int.random(in: 0..<8, using: &random) == 0 { try editor.markRead(nil, of: ada.id) }
            }
            let expected = try service.list(of: ada.id, filter: nil, unreadOnly: false, limit: nil).filter { !$0.isRead }
            #expect(try service.list(of: ada.id, filter: nil, unreadOnly: true, limit: nil) == expected, "step \(step)")
            let limited = try service.list(of: ada.id, filter: nil, unreadOnly: true, limit: 3)
            #expect(limited == Array(expected.prefix(3)), "step \(step)")
        }
    }
}
