import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// Issue 32.1: agents that all took shares of a mass catch-up at once
/// fought over the same few responders' feeds; on etcd 8 agents took 7
/// times as long as one. One process at a time takes others' deadlines
/// (the lease `SharedStore.catchUpLead`); meanwhile the others, agents and
/// commands alike, bring only their own account up to date, and one of them
/// takes over when the lead is free. (A bounded memory store stands in for
/// etcd; a directory's lock queues writers, and there nobody leads.)
@Suite struct CatchUpLeadTests {
    @Test func whileAnotherLeadsAnAgentsCatchUpTakesOnlyItsOwnAccount() throws {
        let (world, pairs) = try CatchUpInStepsTests().outage(maximumChanges: 1_000)
        let shared = SharedStore(backend: world.backend)
        let other = try #require(try world.backend.lease(SharedStore.catchUpLead, for: .seconds(60)))

        #expect(try shared.catchUp(env: world.env) == 0)
        #expect(try world.store.dueWakes(at: world.now).count == pairs.count)
        // Its own account is not left waiting for the lead.
        let own = pairs[7].0
        #expect(try shared.catchUp(env: world.env, first: own.id) > 0)
        #expect(try world.store.dueWakes(at: world.now).count == pairs.count - 1)
        #expect(try world.feed(pairs[7].1).filter { $0.title.contains("missed a check-in") }.count == 1)

        other.release()
        _ = try shared.catchUp(env: world.env)
        #expect(try world.store.dueWakes(at: world.now).isEmpty)
        for (_, responder) in pairs {
            #expect(try world.feed(responder).filter { $0.title.contains("missed a check-in") }.count == 1)
        }
    }

    /// A command's small share waits for no lead either: with a lead
    /// elsewhere it takes its own account only, and with none its few others.
    @Test func aCommandsShareTakesOthersOnlyWhenNobodyLeads() throws {
        let (world, pairs) = try CatchUpInStepsTests().outage(maximumChanges: 1_000)
        let shared = SharedStore(backend: world.backend)
        let other = try #require(try world.backend.lease(SharedStore.catchUpLead, for: .seconds(60)))
        let own = pairs[3].0
        _ = try shared.catchUp(env: world.env, first: own.id, slice: SharedStore.commandSlice)
        #expect(try world.store.dueWakes(at: world.now).count == pairs.count - 1)

        other.release()
        _ = try shared.catchUp(env: world.env, slice: SharedStore.commandSlice)
        #expect(try world.store.dueWakes(at: world.now).count <= pairs.count - 1 - SharedStore.commandSlice)
        // The lead is free again once the share is done.
        let next = try #require(try world.backend.lease(SharedStore.catchUpLead, for: .seconds(60)))
        next.release()
    }

    @Test func whereWritersQueueNobodyLeads() throws {
        let (world, pairs) = try CatchUpInStepsTests().outage(maximumChanges: nil)
        let shared = SharedStore(backend: world.backend)
        let other = try #require(try world.backend.lease(SharedStore.catchUpLead, for: .seconds(60)))
        defer { other.release() }
        _ = try shared.catchUp(env: world.env)
        #expect(try world.store.dueWakes(at: world.now).isEmpty)
        #expect(pairs.count == 40)
    }
}
