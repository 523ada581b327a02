import Foundation
import LifeSignalCore
import LifeSignalStore
import Testing
import TestSupport

extension PropertyWorld {
    /// Everything the model predicts, read back from the real store.
    func compare(_ label: String) throws {
        try backend.read { snapshot in try compare(label, LayoutStore(snapshot: snapshot, name: backend.name)) }
    }

    private func compare(_ label: String, _ store: LayoutStore) throws {
        for (index, person) in model.people.enumerated() {
            let id = accounts[index]
            let who = "\(label): \(person.name)"
            let links = try store.contacts(of: id)
            let real = Dictionary(uniqueKeysWithValues: links.map { link in
                (link.contactID.rawValue, RulesModel.Link(isResponder: link.isResponder, isDependent: link.isDependent))
            })
            let expected = Dictionary(uniqueKeysWithValues: person.links.map { (model.people[$0.key].id, $0.value) })
            try #require(real == expected, "\(who): contacts \(real) but the rules say \(expected)")

            let pending = try store.pings(of: id).filter { $0.status == .pending }
                .map { "\($0.senderID.rawValue)→\($0.recipientID.rawValue)" }.sorted()
            let expectedPending = model.pings.filter { $0.pending && ($0.sender == index || $0.recipient == index) }
                .map { "\(model.people[$0.sender].id)→\(model.people[$0.recipient].id)" }.sorted()
            try #require(pending == expectedPending, "\(who): pending pings \(pending), expected \(expectedPending)")

            // The chain watch's notices (nobody here sets up a delivery) are
            // its own tests' concern (ChainWatchNoDeliveryTests), not these rules'.
            let all = try NotificationService(store: store).list(of: id, filter: nil, unreadOnly: false, limit: nil)
            let items = all.filter { !World.chainWatchTitles.contains($0.title) }
            let watched = all.filter { World.chainWatchTitles.contains($0.title) }
            let feed = items.map { RulesModel.Item(title: $0.title, isRead: $0.isRead) }
            let expectedFeed = Array(person.feed.reversed())
            try #require(feed == expectedFeed, "\(who): feed\n\(feed)\nexpected\n\(expectedFeed)")
            let summary = try store.feedSummary(of: id)
            try #require(summary.unread - watched.filter { !$0.isRead }.count == person.feed.filter { !$0.isRead }.count
                            && summary.total - watched.count == person.feed.count,
                         "\(who): summary \(summary) for \(person.feed.count) items")
            try #require(Self.missedNoticesAreUnique(items), "\(who): two missed-check-in notices for one deadline")

            let account = try #require(try store.account(id))
            try #require(account.isAlertActive == person.alertActive, "\(who): alert \(account.isAlertActive)")
            try #require(account.lastCheckIn == person.lastCheckIn, "\(who): last check-in \(String(describing: account.lastCheckIn))")
            try #require(try store.checkIns(of: id, limit: nil).count == (person.checkIns < 1100 ? person.checkIns : 1000 + (person.checkIns - 1000) % 100), "\(who): check-in history")
        }
        try #require(model.missedNotices.values.allSatisfy { $0 == 1 }, "\(label): the model itself doubled a notice")
    }

    /// A responder's "missed a check-in" items name the deadline in their
    /// message; no deadline may appear twice (until the person deletes them).
    static func missedNoticesAreUnique(_ items: [FeedItem]) -> Bool {
        let messages = items.filter { $0.title.hasSuffix(" missed a check-in") || $0.title == "You missed your check-in" }
            .map(\.message)
        return messages.count == Set(messages).count
    }
}
