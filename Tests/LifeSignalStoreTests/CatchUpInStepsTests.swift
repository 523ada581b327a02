import EtcdStore
import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import StoreOpening
import TestSupport
import Testing

/// A catch-up after an outage, on a store that bounds its transactions (as
/// etcd does: 128 operations, 1.5 MiB), is made in steps: each its own
/// commit within the bound, progress kept, and every notice sent once.
@Suite struct CatchUpInStepsTests {
    /// Forty people, each watched by a responder of their own, who all stop
    /// checking in; three days later one command runs.
    func outage(maximumChanges: Int?) throws -> (World, [(Account, Account)]) {
        let world = World(backend: MemoryBackend(maximumChanges: maximumChanges))
        world.signUpLimits = SignUpLimits(accountsPerDay: .max, newNumberCodesPerDay: .max)
        var pairs: [(Account, Account)] = []
        for i in 0..<40 {
            let person = try world.person("P\(i)", phone: "+1555200\(1000 + i)")
            let responder = try world.person("R\(i)", phone: "+1555300\(1000 + i)")
            try world.link(person, responder, responder: true, dependent: false)
            try world.checkIn(person)
            pairs.append((person, responder))
        }
        // A command gives the store its identity (store.json), as the CLI's first one does.
        _ = try world.command { _ in () }
        world.advance(3 * 86_400)
        return (world, pairs)
    }

    @Test func aWideCatchUpIsMadeInStepsWithinTheBound() throws {
        let (world, pairs) = try outage(maximumChanges: 30)
        // All at once does not fit in one commit ...
        #expect(throws: StoreError.self) {
            try world.backend.write { transaction in
                try DeadlineService(store: LayoutStore(transaction, name: world.backend.name), env: world.env).catchUp()
            }
        }
        // ... so a command takes its share in steps, then does its own work,
        // and an agent's catch-up (or `tick`'s) makes the rest.
        let ran = try world.command { _ in "the command's own work" }
        #expect(ran == "the command's own work")
        _ = try SharedStore(backend: world.backend).catchUp(env: world.env)
        for (person, responder) in pairs {
            #expect(try world.feed(responder).filter { $0.title.contains("missed a check-in") }.count == 1,
                    "\(responder.firstName) was not told exactly once")
            #expect(try world.feed(person).filter { $0.title == "You missed your check-in" }.count == 1)
        }
        #expect(try world.store.dueWakes(at: world.now).isEmpty)
    }

    /// Steps that still turn out too large are halved until they fit.
    @Test func aStepTooLargeIsHalved() throws {
        let (world, pairs) = try outage(maximumChanges: 12)
        _ = try SharedStore(backend: world.backend).catchUp(env: world.env)
        for (_, responder) in pairs {
            #expect(try world.feed(responder).filter { $0.title.contains("missed a check-in") }.count == 1)
        }
    }

    /// A store without a bound catches up in steps too, larger ones: no
    /// journal record grows with the number of accounts due.
    @Test func anUnboundedStoreCatchesUpInBoundedSteps() throws {
        let (world, pairs) = try outage(maximumChanges: nil)
        _ = try SharedStore(backend: world.backend).catchUp(env: world.env)
        for (_, responder) in pairs {
            #expect(try world.feed(responder).filter { $0.title.contains("missed a check-in") }.count == 1)
        }
    }

    /// A catch-up that cannot fit in one transaction even a notice at a time
    /// (here: a store that takes 3 changes a commit) never makes a command
    /// fail: its share is left, and its own work goes on.
    @Test func aCatchUpThatCannotFitNeverFailsACommand() throws {
        let (world, _) = try outage(maximumChanges: 3)
        #expect(try world.command { _ in "the command's own work" } == "the command's own work")
        #expect(try !world.store.dueWakes(at: world.now).isEmpty, "nothing could be caught up")
    }

    /// A command that only reads takes its share too, before its snapshot.
    @Test func aReadTakesItsShareFirst() throws {
        let (world, pairs) = try outage(maximumChanges: nil)
        let seen = try SharedStore(backend: world.backend).read(env: world.env) { store in
            try store.dueWakes(at: world.now).count
        }
        #expect(seen == pairs.count - SharedStore.commandSlice)
    }

    /// However many are due, a command brings up to date its own account
    /// and a small, fixed slice of others, so its latency does not depend
    /// on how many are due; the rest stay due for the next ones.
    @Test func aCommandTakesItsOwnAccountAndASmallSlice() throws {
        let (world, pairs) = try outage(maximumChanges: 30)
        let own = pairs[39].0
        let sent = try SharedStore(backend: world.backend).catchUp(env: world.env, first: own.id, slice: SharedStore.commandSlice)
        #expect(sent > 0)
        #expect(try world.store.dueWake(of: own.id, at: world.now) == nil, "the command's own account comes first")
        let told = try pairs.filter { try !world.feed($0.0).filter { $0.title == "You missed your check-in" }.isEmpty }
        // Each account's step carries three notices (its own, its
        // responder's, and the chain watch's: no responder here set up a
        // delivery), so a slice may hold fewer accounts.
        #expect(told.count >= 1 && told.count <= 1 + 2 * SharedStore.commandSlice, "\(told.count)")
        // Everyone not told stays due for the next ones; so does one told
        // whose step did not fit whole (its responder's notice still owed).
        let due = Set(try world.store.dueWakes(at: world.now).map(\.accountID))
        for (person, _) in pairs where !told.contains(where: { $0.0.id == person.id }) {
            #expect(due.contains(person.id), "\(person.firstName)")
        }
        // The rest of the catch-up tells each person and responder once: nothing a slice began is told twice.
        _ = try SharedStore(backend: world.backend).catchUp(env: world.env)
        #expect(try world.store.dueWakes(at: world.now).isEmpty)
        for (person, responder) in pairs {
            #expect(try world.feed(person).filter { $0.title == "You missed your check-in" }.count == 1, "\(person.firstName)")
            #expect(try world.feed(responder).filter { $0.title.hasSuffix("missed a check-in") }.count == 1, "\(person.firstName)")
        }
    }

    /// One person watched by three hundred responders misses a check-in on a
    /// store that bounds its transactions: their own change commits first,
    /// the notices go out in transactions of a bounded size each (owed
    /// until then, so the account stays due and nothing is lost), and every
    /// responder is told exactly once, by whichever commands come.
    @Test func manyRespondersAreToldInBoundedSteps() throws {
        let world = World(backend: MemoryBackend(maximumChanges: 128))
        world.signUpLimits = SignUpLimits(accountsPerDay: .max, newNumberCodesPerDay: .max)
        let person = try world.person("Dana", phone: "+15552000000")
        var links: [ContactLink] = []
        var responders: [EntityID] = []
        for i in 0..<300 {
            let responder = try world.person("R\(i)", phone: "+1555\(3_000_000 + i)")
            responders.append(responder.id)
            links.append(ContactLink(contactID: responder.id, isResponder: true, isDependent: false, addedAt: world.now))
            try world.store.saveContacts([ContactLink(contactID: person.id, isResponder: false, isDependent: true,
                                                      addedAt: world.now)], of: responder.id)
        }
        try world.store.saveContacts(links, of: person.id)
        try world.checkIn(person)
        _ = try world.command { _ in () }
        world.advance(3 * 86_400)

        // Someone else's command is not held up: it takes a bounded share.
        #expect(try world.command { _ in "unrelated" } == "unrelated")
        // The person's own command finishes their account, in steps.
        _ = try SharedStore(backend: world.backend).catchUp(env: world.env, first: person.id, slice: 0)
        #expect(try world.store.dueWakes(at: world.now).isEmpty)
        for id in responders {
            let items = try NotificationService(store: world.store).list(of: id, filter: nil, unreadOnly: false, limit: nil)
            #expect(items.filter { $0.title.contains("missed a check-in") }.count == 1)
        }
        let marks = try #require(try world.store.account(person.id)).deadlines
        #expect(marks.owed.isEmpty)
        #expect(marks.log.flatMap(\.notices).filter { $0.toldAt != nil }.count >= 300)
    }

    /// The same outage on a real etcd store (copied there): one transaction
    /// cannot hold the catch-up, the steps each fit etcd's limits, and the
    /// store copied back says everyone was told once.
    @Test(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)))
    func onARealClusterEachStepFitsEtcdsLimits() throws {
        let (world, pairs) = try outage(maximumChanges: nil)
        let cluster = try EtcdCluster.shared("conformance")
        let location = try cluster.freshStore("catch-up")
        let etcd = try EtcdBackend(location: location, access: EtcdStoreAccess())
        _ = try StoreCopy(from: SharedStore(backend: world.backend), to: SharedStore(backend: etcd)).run()
        #expect(throws: StoreError.self, "the whole catch-up in one etcd transaction") {
            try etcd.write { transaction in
                try DeadlineService(store: LayoutStore(transaction, name: etcd.name), env: world.env).catchUp()
            }
        }
        let ran = try SharedStore(backend: etcd).write(env: world.env) { _ in "the command's own work" }
        #expect(ran == "the command's own work")
        _ = try SharedStore(backend: etcd).catchUp(env: world.env)

        let back = World(empty: true)
        back.now = world.now
        _ = try StoreCopy(from: SharedStore(backend: etcd), to: SharedStore(backend: back.backend)).run()
        for (person, responder) in pairs {
            #expect(try back.feed(responder).filter { $0.title.contains("missed a check-in") }.count == 1)
            #expect(try back.feed(person).filter { $0.title == "You missed your check-in" }.count == 1)
        }
        #expect(try back.store.dueWakes(at: back.now).isEmpty)
    }
}
