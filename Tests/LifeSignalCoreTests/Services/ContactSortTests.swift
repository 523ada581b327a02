import FoundationEssentials
import LifeSignalCore
import TestSupport
import Testing

/// `ContactDirectory.sorted` orders contacts by keys worked out once; the
/// order must be the one comparing the contacts themselves gives.
struct ContactSortTests {
    /// The sort as it compared whole contacts before its keys were kept (the reference).
    static func referenceSorted(_ contacts: [ContactView], by sort: ContactSort, now: Date) -> [ContactView] {
        let byName: (ContactView, ContactView) -> Bool = {
            ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id)
        }
        switch sort {
        case .name:
            return contacts.sorted(by: byName)
        case .added:
            return contacts.sorted { ($0.link.addedAt, $0.id) < ($1.link.addedAt, $1.id) }
        case .timeLeft:
            func rank(_ c: ContactView) -> (Int, Int) {
                if c.account.alertSeenByResponders != nil { return (0, c.timeLeft(at: now) ?? Int.max) }
                guard let left = c.timeLeft(at: now) else { return (3, 0) }
                return (left <= 0 ? 1 : 2, left)
            }
            return contacts.sorted { a, b in
                let (ra, rb) = (rank(a), rank(b))
                return ra != rb ? ra < rb : byName(a, b)
            }
        }
    }

    /// Random circles with names equal but for case, equal added times,
    /// alerts, overdue, due and unstarted contacts.
    @Test(arguments: ContactSort.allCases)
    func keysOrderContactsAsComparingThemDid(sort: ContactSort) {
        var random = SeededGenerator(seed: 0xC0_7AC7 &+ UInt64(sort.rawValue.utf8.count))
        let now = Date(timeIntervalSince1970: 1_772_355_600)
        let names = ["Ann", "ann", "ANN", "Bob", "Émile", "émile", "Zed", "O'Neil", ""]
        for round in 0..<40 {
            var contacts: [ContactView] = []
            for index in 0..<Int.random(in: 0...60, using: &random) {
                let hex = String(UInt64.random(in: 0...UInt64(UInt32.max), using: &random), radix: 16)
                let id = EntityID(validating: String(repeating: "0", count: 8 - hex.count) + hex
                    + "-0000-4000-8000-\(String(repeating: "0", count: 12 - String(index).count))\(index)")!
                let addedAt = now.addingTimeInterval(-Double(Int.random(in: 0...3, using: &random)) * 3600)
                var account = Account(id: id, phoneNumber: "+1555000\(index)", qrCodeID: "Q\(index)", createdAt: addedAt)
                account.firstName = names.randomElement(using: &random)!
                account.lastName = names.randomElement(using: &random)!
                if Bool.random(using: &random) {
                    account.lastCheckIn = now.addingTimeInterval(-Double(Int.random(in: 0...3, using: &random)) * 43_200)
                }
                if Int.random(in: 0..<5, using: &random) == 0 {
                    account.alert = ActiveAlert(id: id, activatedAt: now)
                }
                let link = ContactLink(contactID: id, isResponder: Bool.random(using: &random), isDependent: true, addedAt: addedAt)
                contacts.append(ContactView(link: link, account: account))
            }
            let sorted = ContactDirectory.sorted(contacts, by: sort, now: now).map(\.id)
            #expect(sorted == Self.referenceSorted(contacts, by: sort, now: now).map(\.id), "round \(round)")
        }
    }
}
