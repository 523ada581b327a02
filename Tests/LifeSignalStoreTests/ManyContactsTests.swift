import EtcdClient
import EtcdStore
import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreOpening
import TestSupport
import Testing

/// A responder for a whole care home (issue 32.4): many contacts, a ping
/// pending with each, one dependent and one responder whose account file
/// is damaged. `status`, `ping list` and `contacts list` show the same on
/// every backend, name the damaged two without hiding anyone else, and on
/// etcd read the contacts' files in a few requests, not one each.
@Suite(.hangGuard, .ownThreads)
struct ManyContactsTests {
    /// Contacts of Ada's: every even one a dependent, every odd one a responder.
    static let contactCount = 100

    /// Ada's circle, seeded in memory in one transaction; the damaged
    /// dependent and responder.
    static func circle() throws -> (world: World, ada: Account, damaged: [EntityID]) {
        let world = World()
        let damaged = try world.command { store in
            var auth = AuthService(store: store, env: world.env)
            auth.signUpLimits = SignUpLimits(accountsPerDay: .max, newNumberCodesPerDay: .max)
            func signUp(_ first: String, _ phone: String) throws -> Account {
                let issued = try auth.requestCode(phoneNumber: phone)
                guard case .signedIn(let account, _, _) = try auth.verify(phoneNumber: phone, code: issued.code,
                                                                          firstName: first, lastName: "Test") else {
                    throw LifeSignalError.invalid("sign-in failed in the test world")
                }
                return account
            }
            func reload(_ id: EntityID) throws -> Account {
                guard let account = try store.account(id) else { throw LifeSignalError.notFound("account vanished") }
                return account
            }
            let accounts = AccountService(store: store, env: world.env)
            let ada = try signUp("Ada", "+15550000001")
            var contacts: [Account] = []
            for number in 0..<contactCount {
                let letters = [number / 26, number % 26].map { String(UnicodeScalar(UInt8(97 + $0))) }.joined()
                var other = try signUp("Pat" + letters, "+1555" + String(1_000_000 + number))
                _ = try ContactService(store: store, env: world.env).add(
                    code: other.qrCodeID, asResponder: number % 2 == 1, asDependent: number % 2 == 0, owner: try reload(ada.id))
                other = try reload(other.id)
                try accounts.checkIn(&other)
                contacts.append(other)
            }
            var owner = try reload(ada.id)
            try accounts.checkIn(&owner)
            let pings = PingService(store: store, env: world.env)
            let links = try store.contacts(of: ada.id)
            for (number, other) in contacts.enumerated() {
                if number % 2 == 0, let link = links.first(where: { $0.contactID == other.id }) {
                    _ = try pings.send(to: ContactView(link: link, account: other), from: owner)
                } else if let back = try store.contacts(of: other.id).first(where: { $0.contactID == ada.id }) {
                    _ = try pings.send(to: ContactView(link: back, account: owner), from: try reload(other.id))
                }
            }
            return [contacts[10].id, contacts[11].id]
        }
        for id in damaged { try world.files.write("accounts/\(id)/account.json", Array("{".utf8)) }
        let ada = try #require(try world.store.accountID(phoneNumber: "+15550000001").flatMap { try world.store.account($0) })
        return (world, ada, damaged)
    }

    /// What `status` shows, without the store's name in the messages.
    static func shown(_ report: StatusReport) -> [String] {
        ["pending \(report.pendingPings)", "responders \(report.responderCount)", "dependents \(report.dependentCount)"]
            + report.dependentsNeedingAttention.map { "needs \($0.id) \($0.account?.fullName ?? "-") unreadable \($0.unreadable != nil)" }
            + report.responders.map { "watched by \($0.id) \($0.account?.fullName ?? "-") \($0.delivery) unreadable \($0.unreadable != nil)" }
            + report.pendingPingSenders.map { "pinged by \($0.fullName)" }
    }

    /// What `ping list` and `contacts list` show: the names of everyone
    /// Ada has a ping with, read ahead as the command does, and her contacts.
    static func named(_ store: LayoutStore, _ ada: Account) throws -> [String] {
        let pings = try store.pings(of: ada.id)
        let others = Array(Set(pings.flatMap { [$0.senderID, $0.recipientID] }).subtracting([ada.id]))
        try store.prefetch(accounts: others, deliverySetups: [])
        let names = others.map { "\($0) \((try? store.accountName($0))?.fullName ?? "(removed account)")" }.sorted()
        let listing = try ContactDirectory(store: store).listing(of: ada.id)
        return names + listing.contacts.map { "contact \($0.name)" } + listing.unreadable.map { "unreadable \($0.link.contactID)" }
    }

    @Test func manyContactsAreShownAndTheDamagedNamedInMemory() throws {
        let (world, ada, damaged) = try Self.circle()
        let report = try world.backend.read { snapshot in
            try StatusReport(account: ada, store: LayoutStore(snapshot: snapshot, name: world.backend.name), now: world.now)
        }
        #expect(report.pendingPings == Self.contactCount / 2)
        #expect(report.responderCount == Self.contactCount / 2 && report.dependentCount == Self.contactCount / 2)
        // The damaged dependent needs Ada (it cannot be checked); the damaged
        // responder is listed as such; every other responder is named.
        #expect(report.dependentsNeedingAttention.map(\.id) == [damaged[0]])
        #expect(report.dependentsNeedingAttention.first?.unreadable?.contains("account.json") == true)
        #expect(report.responders.filter { $0.unreadable != nil }.map(\.id) == [damaged[1]])
        #expect(report.responders.compactMap(\.account).count == Self.contactCount / 2 - 1)
        // A sender whose account cannot be read is counted, not named.
        #expect(report.pendingPingSenders.count == Self.contactCount / 2 - 1)
        let named = try world.backend.read { snapshot in try Self.named(LayoutStore(snapshot: snapshot, name: world.backend.name), ada) }
        #expect(named.filter { $0.hasSuffix("(removed account)") }.count == 2)
        #expect(named.filter { $0.hasPrefix("contact ") }.count == Self.contactCount - 2)
        #expect(named.filter { $0.hasPrefix("unreadable ") }.count == 2)
    }

    /// The shortest reminder among Ada's and her dependents' (how long a
    /// deadline may wait for a look) is a readable dependent's: not a
    /// responder's, and the damaged dependent's file is passed over.
    @Test func theShortestReminderIsAReadableDependents() throws {
        let (world, ada, damaged) = try Self.circle()
        let links = try world.store.contacts(of: ada.id)
        let dependent = try #require(links.first { $0.isDependent && !damaged.contains($0.contactID) }).contactID
        let responder = try #require(links.first { $0.isResponder && !$0.isDependent && !damaged.contains($0.contactID) }).contactID
        try world.command { store in
            for (id, reminder) in [(dependent, 900), (responder, 600)] {
                var account = try #require(try store.account(id))
                account.reminderInterval = reminder
                try store.save(account)
            }
        }
        let report = try world.backend.read { snapshot in
            try StatusReport(account: ada, store: LayoutStore(snapshot: snapshot, name: world.backend.name), now: world.now)
        }
        #expect(report.shortestReminder == 900)
        #expect(report.shortestReminderOf?.id == dependent)
    }

    @Test(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)))
    func onEtcdTheSameIsShownInAFewRoundTrips() throws {
        let (world, ada, _) = try Self.circle()
        let cluster = try EtcdCluster.shared("conformance")
        let location = try cluster.freshStore("many-contacts")
        let files = world.backend.contents.sorted { $0.key < $1.key }
        for start in stride(from: 0, to: files.count, by: 100) {
            try EtcdBackend(location: location, access: EtcdStoreAccess()).write { tx throws in
                for (path, bytes) in files[start..<min(files.count, start + 100)] { try tx.write(path, bytes) }
            }
        }
        let inMemory = try world.backend.read { snapshot in
            let store = LayoutStore(snapshot: snapshot, name: world.backend.name)
            return (try Self.shown(StatusReport(account: ada, store: store, now: world.now)), try Self.named(store, ada))
        }
        for detailed in [true, false] {
            let etcd = try EtcdBackend(location: location, access: EtcdStoreAccess())
            let report = try etcd.read { snapshot in
                try StatusReport(account: ada, store: LayoutStore(snapshot: snapshot, name: etcd.name), now: world.now, detailed: detailed)
            }
            if detailed { #expect(Self.shown(report) == inMemory.0) }
            // One request for each of Ada's own files, and the contacts' in
            // batches: a file each would be more than 100.
            #expect((etcd.traffic?.roundTrips ?? .max) <= 16, "\(String(describing: etcd.traffic))")
        }
        let etcd = try EtcdBackend(location: location, access: EtcdStoreAccess())
        let named = try etcd.read { snapshot in try Self.named(LayoutStore(snapshot: snapshot, name: etcd.name), ada) }
        #expect(named == inMemory.1)
        #expect((etcd.traffic?.roundTrips ?? .max) <= 10, "\(String(describing: etcd.traffic))")
    }
}
