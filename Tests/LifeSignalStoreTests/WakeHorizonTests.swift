import FoundationEssentials
import LifeSignalCore
@testable import StoreBackends
import StoreOpening
import TestSupport
import Testing

@testable import LifeSignalStore

/// An agent sleeps through other people's check-ins (which move their
/// deadlines later) and wakes for a deadline due before its next wake.
@Suite("Wake horizon")
struct WakeHorizonTests {
    static let ada = EntityID(randomBytes: Array(repeating: 1, count: 16))
    static let bob = EntityID(randomBytes: Array(repeating: 2, count: 16))
    static let wake = Date(timeIntervalSince1970: 1_800_000_000)

    static func entry(_ id: EntityID, at date: Date) -> String { ScheduleName.path(at: ScheduleName.normalized(date), id) }

    @Test("the rule: feed changes always wake; schedule entries only when new and due before the horizon")
    func rule() {
        let horizon = WakeHorizon()
        let later = Self.entry(Self.bob, at: Self.wake.addingTimeInterval(60))
        let earlier = Self.entry(Self.bob, at: Self.wake.addingTimeInterval(-60))
        #expect(horizon.matters(StoreChange(path: later, appeared: true)), "an open horizon wakes for every new entry")
        horizon.close(at: Self.wake)
        #expect(!horizon.matters(StoreChange(path: later, appeared: true)))
        #expect(!horizon.matters(StoreChange(path: Self.entry(Self.bob, at: Self.wake), appeared: true)),
                "an entry due at the wake is handled by that wake")
        #expect(horizon.matters(StoreChange(path: earlier, appeared: true)))
        #expect(!horizon.matters(StoreChange(path: earlier, appeared: false)), "a removal never makes anything due sooner")
        #expect(horizon.matters(StoreChange(path: StorePaths.feedDirectory(Self.ada) + "/x", appeared: false)))
        #expect(horizon.matters(StoreChange(path: StorePaths.schedule + "/wake.json", appeared: true)),
                "what is not an entry (an older store's schedule) wakes")
        horizon.open()
        #expect(horizon.matters(StoreChange(path: later, appeared: true)))
    }

    /// The memory backend cannot name what changed and wakes for all.
    static let naming: [Conformer] = [.directory] + (EtcdBinary.shouldRun ? [.etcd] : [])

    @Test("through the store's change signal", arguments: naming)
    func throughTheSignal(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let writer = try subject.open()
        let agent = SharedStore(backend: try subject.open())
        let bobsFirst = Self.entry(Self.bob, at: Self.wake.addingTimeInterval(-7200))
        // Someone due much later keeps the schedule's directory in being.
        let cy = EntityID(randomBytes: Array(repeating: 3, count: 16))
        try writer.write { tx in
            try tx.write(bobsFirst, [])
            try tx.write(Self.entry(cy, at: Self.wake.addingTimeInterval(86_400 * 10)), [])
        }
        let horizon = WakeHorizon()
        let signal = try agent.agentChanges(of: Self.ada, horizon: horizon)
        horizon.close(at: Self.wake)

        // Bob checks in: his entry moves past the wake, into an hour that is
        // new and out of one that goes (directories, on a directory store).
        try writer.write { tx in
            try tx.delete(bobsFirst)
            try tx.write(Self.entry(Self.bob, at: Self.wake.addingTimeInterval(60)), [])
        }
        #expect(!signal.wait(timeout: .milliseconds(300)), "a check-in into a new hour woke the agent")
        // Again, within that hour (which a directory store empties and makes anew).
        try writer.write { tx in
            try tx.delete(Self.entry(Self.bob, at: Self.wake.addingTimeInterval(60)))
            try tx.write(Self.entry(Self.bob, at: Self.wake.addingTimeInterval(120)), [])
        }
        #expect(!signal.wait(timeout: .milliseconds(300)), "a check-in that moved a deadline later woke the agent")

        // An hour of its own, too: what a new directory holds is looked at.
        try writer.write { tx in try tx.write(Self.entry(Self.ada, at: Self.wake.addingTimeInterval(-30)), []) }
        #expect(signal.wait(timeout: .seconds(5)), "a deadline before the wake went unseen")

        try writer.write { tx in try tx.write(StorePaths.feedDirectory(Self.ada) + "/1", [1]) }
        #expect(signal.wait(timeout: .seconds(5)), "the agent's own feed went unseen")

        horizon.open()
        try writer.write { tx in try tx.write(Self.entry(Self.bob, at: Self.wake.addingTimeInterval(3600 * 5)), []) }
        #expect(signal.wait(timeout: .seconds(5)), "while the horizon is open, every new deadline wakes")
    }
}
