import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import Testing

/// A catch-up after an outage, on a store that bounds its transactions (as
/// etcd does: 128 operations, 1.5 MiB), is made in steps: each its own
/// commit within the bound, progress kept, and every notice sent once.
@Suite struct CatchUpInStepsTests {
    /// Forty people, each watched by a responder of their own, who all stop
    /// checking in; three days later one command runs.
    func outage(maximumChanges: Int?) throws -> (World, [(Account, Account)]) {
        let world = World(backend: MemoryBackend(maximumChanges: maximumChanges))
        var pairs: [(Account, Account)] = []
        for i in 0..<40 {
            let person = try world.person("P\(i)", phone: "+1555200\(1000 + i)")
            let responder = try world.person("R\(i)", phone: "+1555300\(1000 + i)")
            try world.link(person, responder, responder: true, dependent: false)
            try world.checkIn(person)
            pairs.append((person, responder))
        }
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
}
