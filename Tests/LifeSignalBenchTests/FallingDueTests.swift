import Foundation
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import Testing
@testable import lifesignal_bench

/// `FallingDue`, behind the `tick (one due)` rows: each run of the row runs
/// at its own instant, when exactly one real account is due, and a run that
/// caught up nothing, or more than its one, stops the bench.
@Suite struct FallingDueTests {
    /// A small store with `count` accounts falling due, in a fresh directory.
    private func seeded(_ count: Int) throws -> (SeededStore, FallingDue) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("falling-due-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let seeder = try Seeder(directory: directory)
        let store = try seeder.seed(StoreSpec(accounts: 2, feedItems: 50, contacts: 1, fallingDue: true), seed: 1)
        return (store, try seeder.seedFallingDue(count, into: store))
    }

    /// Brings the store's deadlines up to date at `instant`, as a tick would.
    private func catchUp(_ store: SeededStore, at instant: Date) throws {
        let engine = SharedStore(backend: try DirectoryBackend(root: store.root), clock: .simulated)
        _ = try engine.catchUp(env: CoreEnvironment(now: instant, random: .seeded(2)))
    }

    @Test func eachRunTakesItsTurnsInstantAndMustCatchUpExactlyItsAccount() throws {
        let (store, turns) = try seeded(3)
        defer { try? FileManager.default.removeItem(atPath: store.home) }
        let row = BenchCase(command: FallingDue.row, size: store.spec.label, program: "/bin/true", arguments: [],
                            store: store, turns: turns)
        let first = try #require(row.environment(scratch: store.home)["LIFESIGNAL_NOW"].flatMap(ISO8601.parse))
        let pinned = try #require(ISO8601.parse(Seeder.nowText))
        // After the first account's reminder, before the second's.
        #expect(first > FallingDue.reminder(0, after: pinned) && first < FallingDue.reminder(1, after: pinned))

        // A run that caught up nothing (a tick at the pinned time) is found.
        try catchUp(store, at: pinned)
        #expect(throws: BenchError.self) { try turns.endTurn() }
        #expect(turns.turn == 0)

        // A run at the turn's instant catches up its one account: the next turn.
        try catchUp(store, at: first)
        try turns.endTurn()
        #expect(turns.turn == 1)
        let second = try #require(row.environment(scratch: store.home)["LIFESIGNAL_NOW"].flatMap(ISO8601.parse))
        #expect(second == first.addingTimeInterval(FallingDue.spacing))

        // A run that caught up the next turn's account too is found.
        try catchUp(store, at: second.addingTimeInterval(FallingDue.spacing))
        #expect(throws: BenchError.self) { try turns.endTurn() }
    }

    @Test func moreRunsThanAccountsStopTheBench() throws {
        let (store, turns) = try seeded(1)
        defer { try? FileManager.default.removeItem(atPath: store.home) }
        try catchUp(store, at: try #require(ISO8601.parse(turns.nowText)))
        try turns.endTurn()
        #expect(throws: BenchError.self) { try turns.endTurn() }
    }
}
