import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// Damage contained on the service layer (in memory): savepoints, links
/// found from the other side, and the schedule around a damaged wake file.
struct ContainmentTests {
    /// Ada with responders Bob and Cy, checked in; Dee checked in, watched by Cy.
    func story() throws -> (World, Account, Account, Account, Account) {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        let cy = try world.person("Cy", phone: "+15550000003")
        let dee = try world.person("Dee", phone: "+15550000004")
        try world.link(ada, bob, responder: true, dependent: false)
        try world.link(ada, cy, responder: true, dependent: false)
        try world.link(dee, cy, responder: true, dependent: false)
        try world.checkIn(ada)
        try world.checkIn(dee)
        return (world, ada, bob, cy, dee)
    }

    func damage(_ world: World, _ path: String) throws { try world.files.write(path, Array("{".utf8)) }

    /// Without the chain watch's notices (nobody here set up a delivery).
    func titles(_ world: World, _ account: Account) throws -> [String] { try world.feedBesideTheChain(account).map(\.title) }

    @Test func aSavepointKeepsWhatSucceedsAndDropsWhatThrows() throws {
        let (world, ada, _, _, _) = try story()
        let before = try world.files.contents
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try world.store.isolated { store in
                var account = try #require(try store.account(ada.id))
                account.emergencyNote = "changed"
                try store.save(account)
                throw Boom()
            }
        }
        #expect(try world.files.contents == before)
        #expect(try world.store.account(ada.id)?.emergencyNote == "")
        try world.store.isolated { store in
            var account = try #require(try store.account(ada.id))
            account.emergencyNote = "kept"
            try store.save(account)
        }
        // The outer store sees the change, not a stale cached copy.
        #expect(try world.store.account(ada.id)?.emergencyNote == "kept")
    }

    @Test func respondersAreFoundFromTheirSideWhenTheContactsFileIsDamaged() throws {
        let (world, ada, bob, cy, _) = try story()
        try damage(world, "accounts/\(ada.id)/contacts.json")
        #expect(try world.store.linksFromOthers(to: ada.id).map(\.contactID).sorted() == [bob.id, cy.id].sorted())
        world.advance(86_400)
        try world.tick()
        for responder in [bob, cy] {
            #expect(try titles(world, responder).filter { $0 == "Ada Test missed a check-in" }.count == 1)
        }
        #expect(try titles(world, cy).contains("Dee Test missed a check-in"))
        #expect(try titles(world, ada) == ["You missed your check-in"])
    }

    @Test func anUnreadableAccountIsReportedOnceAndRecheckedHourly() throws {
        let (world, ada, bob, cy, _) = try story()
        try damage(world, "accounts/\(ada.id)/account.json")
        world.advance(86_400)
        try world.tick()
        world.advance(1800)
        try world.tick()
        world.advance(3 * 3600)
        try world.tick()
        for responder in [bob, cy] {
            #expect(try titles(world, responder).filter { $0 == "A dependent of yours cannot be watched" }.count == 1)
        }
        let wake = try #require(try world.store.dueWakes(at: world.now.addingTimeInterval(3600)).first { $0.accountID == ada.id })
        #expect(wake.unreadable == world.backend.name + "/accounts/\(ada.id)/account.json")
    }

    /// Her own damaged contacts file stops neither her check-in nor her
    /// alert: both reach every responder found from their side, and say so.
    @Test func aDamagedContactsFileStopsNeitherACheckInNorAnAlert() throws {
        let (world, ada, bob, cy, _) = try story()
        let path = "accounts/\(ada.id)/contacts.json"
        try damage(world, path)
        let store = LayoutStore(world.files, name: world.backend.name)
        var account = try #require(try store.account(ada.id))
        let outcome = try AccountService(store: store, env: world.env).checkIn(&account)
        #expect(outcome.damaged.count == 1 && outcome.damaged[0].contains(path) && !outcome.warnUnwatched, "\(outcome)")
        let raised = try AccountService(store: store, env: world.env).raiseAlert(&account)
        #expect(Set(raised.reach.told) == [bob.id, cy.id] && raised.reach.contactsProblem?.contains(path) == true,
                "\(raised.reach)")
        #expect(try world.files.read(path) == Array("{".utf8))
    }

    /// A responder added to a missed deadline is told at once when the
    /// dependent's wake file is damaged (a told miss has no wake of its own
    /// to leave it to), and so is one added to a missed job.
    @Test func aResponderAddedToAMissedDeadlineIsToldDespiteADamagedWakeFile() throws {
        let (world, ada, bob, _, dee) = try story()
        var account = try world.reload(ada)
        _ = try world.command { store in
            try JobService(store: store, env: world.env).add(&account, name: "backup", due: .every(3600), grace: nil, maxRuntime: nil)
        }
        world.advance(86_400)
        try world.tick()
        #expect(try titles(world, bob).contains("Ada Test missed a check-in"))
        let path = "accounts/\(ada.id)/wake.json"
        try damage(world, path)
        try world.link(try world.reload(ada), dee, responder: true, dependent: false)
        let told = try titles(world, dee)
        #expect(told.filter { $0 == "Ada Test missed a check-in" }.count == 1, "\(told)")
        #expect(told.contains { $0.contains("backup") }, "\(told)")
        #expect(try world.files.read(path) == Array("{".utf8))
    }

    @Test func aDamagedWakeFileIsWorkedAroundAndLeftAlone() throws {
        let (world, ada, bob, _, _) = try story()
        let path = "accounts/\(ada.id)/wake.json"
        try damage(world, path)
        world.advance(86_400 - 3600)  // the reminder
        try world.tick()
        #expect(try titles(world, ada) == ["Check-in reminder"])
        #expect(try world.store.nextScheduledWake() != nil)
        world.advance(3600)
        try world.tick()
        #expect(try titles(world, bob).contains("Ada Test missed a check-in"))
        #expect(try world.store.dueWakes(at: world.now.addingTimeInterval(86_400 * 30)).allSatisfy { $0.accountID != ada.id })
        #expect(try world.files.read(path) == Array("{".utf8))
        // Her check-in works around it and names it; her own command that
        // needs the file fails naming it (a fresh store, as a new command reads it).
        let store = LayoutStore(world.files, name: world.backend.name)
        var account = try #require(try store.account(ada.id))
        let reason = "not valid JSON: the file ends early, at byte 1 (expected a member name in quotes)"
        let damaged = StoreError.damaged(path: world.backend.name + "/" + path, reason: reason)
        let outcome = try AccountService(store: store, env: world.env).checkIn(&account)
        #expect(outcome.damaged == [damaged.message], "\(outcome)")
        #expect(throws: damaged) {
            try AccountService(store: store, env: world.env).setIntervals(&account, checkIn: 2 * 86_400, reminder: nil)
        }
    }
}
