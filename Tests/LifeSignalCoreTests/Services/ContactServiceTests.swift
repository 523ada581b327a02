import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

struct ContactServiceTests {
    func pair() throws -> (World, Account, Account) {
        let world = World()
        return (world, try world.person("Ada", phone: "+15550000001"), try world.person("Bob", phone: "+15550000002"))
    }

    @Test func addingLinksBothSidesAsMirrorImages() throws {
        let (world, ada, bob) = try pair()
        try world.link(ada, bob, responder: true, dependent: false)
        let adaSide = try world.contact("Bob", of: ada)
        let bobSide = try world.contact("Ada", of: bob)
        #expect(adaSide.link.isResponder && !adaSide.link.isDependent)
        #expect(bobSide.link.isDependent && !bobSide.link.isResponder)
        let added = try world.feed(bob)
        #expect(added.map(\.type) == [.added])
        #expect(added.first?.message == "Ada Test added you as their responder.")
        #expect(try world.feed(ada).isEmpty)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var id: String
        var code: @Sendable (Account, Account) -> String
        var responder = true
        var dependent = false
        var testDescription: String { id }
    }

    @Test(arguments: [
        Refusal(id: "no role", code: { _, bob in bob.qrCodeID }, responder: false),
        Refusal(id: "yourself", code: { ada, _ in ada.qrCodeID }),
        Refusal(id: "unknown code", code: { _, _ in "ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ" }),
        Refusal(id: "not a code", code: { _, _ in "../../etc/passwd" }),
    ])
    func refusesBadAdds(_ refusal: Refusal) throws {
        let (world, ada, bob) = try pair()
        #expect(throws: LifeSignalError.self) {
            try ContactService(store: world.store, env: world.env).add(
                code: refusal.code(ada, bob), asResponder: refusal.responder, asDependent: refusal.dependent, owner: ada)
        }
        #expect(try world.store.contacts(of: ada.id).isEmpty)
        #expect(try world.feed(bob).isEmpty)
    }

    @Test func refusesSomeoneAlreadyLinkedAndARefreshedAwayCode() throws {
        let (world, ada, bob) = try pair()
        try world.link(ada, bob, responder: true, dependent: false)
        #expect(throws: LifeSignalError.self) { try world.link(ada, bob, responder: false, dependent: true) }
        #expect(throws: LifeSignalError.self) { try world.link(bob, ada, responder: true, dependent: false) }
        let carol = try world.person("Carol", phone: "+15550000003")
        let oldCode = carol.qrCodeID
        var fresh = try world.reload(carol)
        try AccountService(store: world.store, env: world.env).refreshQRCode(&fresh)
        #expect(throws: LifeSignalError.notFound("no account has the code \(oldCode) (it may have been refreshed)")) {
            try ContactService(store: world.store, env: world.env).add(code: oldCode, asResponder: true, asDependent: false, owner: ada)
        }
        #expect(try world.store.accountID(qrCodeID: fresh.qrCodeID) == carol.id)
    }

    /// The files `contacts add` writes, given the roles the owner gives the other person.
    func filesWrittenByAdding(responder: Bool, dependent: Bool) throws -> (writes: [String], ada: Account, bob: Account) {
        let (world, ada, bob) = try pair()
        let recording = RecordingWrites(world.files)
        _ = try ContactService(store: LayoutStore(recording, name: world.backend.name), env: world.env)
            .add(code: bob.qrCodeID, asResponder: responder, asDependent: dependent, owner: ada)
        return (recording.written, ada, bob)
    }

    /// A link that watches over one side only leaves the other side's
    /// account and schedule alone: its deadline depends on nothing that changed.
    @Test(arguments: [(true, false), (false, true)])
    func addingOneRoleReschedulesOnlyTheWatchedSide(responder: Bool, dependent: Bool) throws {
        let (writes, ada, bob) = try filesWrittenByAdding(responder: responder, dependent: dependent)
        // Ada's responder (Bob) watches Ada; Ada's dependent (Bob) is watched by Ada.
        let watched = responder ? ada : bob, unwatched = responder ? bob : ada
        #expect(writes.contains("accounts/\(watched.id)/account.json"))
        #expect(!writes.contains("accounts/\(unwatched.id)/account.json"))
        #expect(!writes.contains("accounts/\(unwatched.id)/wake.json"))
    }

    @Test func addingBothRolesReschedulesBothSides() throws {
        let (writes, ada, bob) = try filesWrittenByAdding(responder: true, dependent: true)
        #expect(writes.contains("accounts/\(ada.id)/account.json"))
        #expect(writes.contains("accounts/\(bob.id)/account.json"))
    }

    @Test func roleChangesShowOnTheOtherSideAndKeepOneRole() throws {
        let (world, ada, bob) = try pair()
        try world.link(ada, bob, responder: true, dependent: false)
        let service = ContactService(store: world.store, env: world.env)
        _ = try service.setRoles(of: try world.contact("Bob", of: ada), responder: nil, dependent: true, owner: ada)
        let bobSide = try world.contact("Ada", of: bob)
        #expect(bobSide.link.isResponder && bobSide.link.isDependent)
        #expect(try world.feed(bob).first?.type == .role)
        #expect(throws: LifeSignalError.refused("Contact must have at least one role.",
                                                hint: "to remove Bob Test, run: lifesignal contacts remove \"Bob Test\"")) {
            try service.setRoles(of: try world.contact("Bob", of: ada), responder: false, dependent: false, owner: ada)
        }
        // No change, no notification.
        let before = try world.feed(bob).count
        _ = try service.setRoles(of: try world.contact("Bob", of: ada), responder: true, dependent: nil, owner: ada)
        #expect(try world.feed(bob).count == before)
    }

    @Test func removingGoesFromBothSides() throws {
        let (world, ada, bob) = try pair()
        try world.link(ada, bob, responder: true, dependent: true)
        try ContactService(store: world.store, env: world.env).remove(try world.contact("Bob", of: ada), owner: ada)
        #expect(try world.store.contacts(of: ada.id).isEmpty)
        #expect(try world.store.contacts(of: bob.id).isEmpty)
        #expect(try world.feed(bob).first?.type == .removed)
    }

    @Test func resolvesByNamePrefixPhoneAndIDPrefixAndListsAmbiguity() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        let bea = try world.person("Bea", phone: "+15550000003")
        try world.link(ada, bob, responder: true, dependent: false)
        try world.link(ada, bea, responder: true, dependent: false)
        let directory = ContactDirectory(store: world.store)
        #expect(try directory.resolve("bo", owner: ada.id).id == bob.id)
        #expect(try directory.resolve("BEA TEST", owner: ada.id).id == bea.id)
        #expect(try directory.resolve("+1 555 000 0003", owner: ada.id).id == bea.id)
        #expect(try directory.resolve(String(bob.id.rawValue.prefix(8)), owner: ada.id).id == bob.id)
        #expect(throws: LifeSignalError.ambiguous(query: "b", candidates: ["Bea Test (\(bea.id.short))", "Bob Test (\(bob.id.short))"])) {
            try directory.resolve("b", owner: ada.id)
        }
        #expect(throws: LifeSignalError.self) { try directory.resolve("zed", owner: ada.id) }
    }

    @Test func sortsDependentsByTimeLeftWithAlertsAndOverdueFirst() throws {
        let world = World()
        let me = try world.person("Me", phone: "+15550000009")
        var people: [String: Account] = [:]
        for (i, name) in ["Late", "Soon", "Later", "Alerting", "Fresh"].enumerated() {
            let person = try world.person(name, phone: "+1555000001\(i)")
            people[name] = person
            try world.link(me, person, responder: false, dependent: true)
        }
        try world.checkIn(people["Late"]!)
        world.advance(3600)
        try world.checkIn(people["Soon"]!)
        world.advance(3600)
        try world.checkIn(people["Later"]!)
        var alerting = try world.reload(people["Alerting"]!)
        _ = try AccountService(store: world.store, env: world.env).raiseAlert(&alerting)
        world.advance(86_400 - 1800)
        let sorted = ContactDirectory.sorted(try ContactDirectory(store: world.store).all(of: me.id), by: .timeLeft, now: world.now)
        #expect(sorted.map(\.account.firstName) == ["Alerting", "Late", "Soon", "Later", "Fresh"])
        let byName = ContactDirectory.sorted(try ContactDirectory(store: world.store).all(of: me.id), by: .name, now: world.now)
        #expect(byName.map(\.account.firstName) == ["Alerting", "Fresh", "Late", "Later", "Soon"])
    }
}
