import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import Testing
import TestSupport

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
        // ... so a command makes it in steps, then does its own work.
        let ran = try world.command { _ in "the command's own work" }
        #expect(ran == "the command's own work")
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
        _ = try world.command { _ in () }
        for (_, responder) in pairs {
            #expect(try world.feed(responder).filter { $0.title.contains("missed a check-in") }.count == 1)
        }
    }

    /// A store without a bound does it all in the command's own transaction.
    @Test func anUnboundedStoreCatchesUpInOneTransaction() throws {
        let (world, pairs) = try outage(maximumChanges: nil)
        _ = try world.command { _ in () }
        for (_, responder) in pairs {
            #expect(try world.feed(responder).filter { $0.title.contains("missed a check-in") }.count == 1)
        }
    }

    /// The same outage on a real etcd store (copied there): one transaction
    /// cannot hold the catch-up, the steps each fit etcd's limits, and the
    /// store copied back says everyone was told once.
    @Test(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)))
    func onARealClusterEachStepFitsEtcdsLimits() throws {
        let (world, pairs) = try outage(maximumChanges: nil)
        let cluster = try EtcdCluster.shared("conformance")
        let url = "etcd://127.0.0.1:\(cluster.members[0].clientPort)/catch-up-\(UInt64.random(in: 0...UInt64.max))"
        guard case .etcd(let location) = try StoreLocation.parse(url, workingDirectory: "/") else {
            throw StoreError.badLocation(url, reason: "not an etcd URL")
        }
        let etcd = try EtcdBackend(location: location, access: EtcdStoreAccess())
        _ = try StoreCopy(from: SharedStore(backend: world.backend), to: SharedStore(backend: etcd)).run()
        #expect(throws: StoreError.self, "the whole catch-up in one etcd transaction") {
            try etcd.write { transaction in
                try DeadlineService(store: LayoutStore(transaction, name: etcd.name), env: world.env).catchUp()
            }
        }
        let ran = try SharedStore(backend: etcd).write(env: world.env) { _ in "the command's own work" }
        #expect(ran == "the command's own work")

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
