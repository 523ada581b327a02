import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// A dependent's missed job needs their responders as a missed check-in
/// does: it lists them among `dependentsNeedingAttention`, naming the job
/// and its missed deadline, until the job checks in or a responder says
/// they handle it (issue 29.4). Ada's job `backup` is due hourly
/// (`JobAckTests.story`).
struct DependentJobAttentionTests {
    let jobs = JobAckTests()

    func needs(_ world: World, _ responder: Account) throws -> [DependentAttention] {
        try StatusReport(account: world.reload(responder), store: world.store, now: world.now, zones: world.zones)
            .dependentsNeedingAttention
    }

    @Test func aMissedJobListsItsOwnerUntilItChecksIn() throws {
        let (world, ada, bob, _) = try jobs.story()
        let due = try #require(ada.jobs.first).createdAt.addingTimeInterval(3600)
        world.advance(3599)
        #expect(try needs(world, bob).isEmpty, "not yet past its deadline")
        world.advance(1)
        // Listed from the deadline, whether or not a tick has told anyone yet.
        let listed = try needs(world, bob)
        #expect(listed.map(\.id) == [ada.id])
        #expect(listed.first?.missedJobs == [DependentAttention.MissedJob(name: "backup", due: due)])
        #expect(listed.first?.overdueSince == nil && listed.first?.alert == nil)
        try world.tick()
        #expect(try needs(world, bob).first?.missedJobs.map(\.name) == ["backup"])
        var account = try world.reload(ada)
        _ = try JobService(store: world.store, env: world.env).checkIn(&account, name: "backup")
        #expect(try needs(world, bob).isEmpty)
    }

    @Test func anAcknowledgedJobLeavesTheListForEveryResponder() throws {
        let (world, ada, bob, cy) = try jobs.story()
        world.advance(3600)
        try world.tick()
        #expect(try needs(world, cy).map(\.id) == [ada.id], "Cy, told later, is needed all the same")
        _ = try jobs.ack(world, bob)
        #expect(try needs(world, bob).isEmpty)
        #expect(try needs(world, cy).isEmpty)
        // Its next deadline missed is a new spell: listed again.
        var account = try world.reload(ada)
        _ = try JobService(store: world.store, env: world.env).checkIn(&account, name: "backup")
        world.advance(3600)
        #expect(try needs(world, bob).first?.missedJobs.map(\.name) == ["backup"])
    }

    @Test func anOverdueDependentComesBeforeOneWithAMissedJob() throws {
        let (world, ada, bob, _) = try jobs.story()
        let dan = try world.person("Dan", phone: "+15550000009")
        try world.link(dan, bob, responder: true, dependent: false)
        try world.checkIn(dan)
        var account = try world.reload(dan)
        try AccountService(store: world.store, env: world.env).setIntervals(&account, checkIn: 7200, reminder: 600)
        // Ada's job missed its deadline an hour before Dan missed his check-in.
        world.advance(7201)
        let listed = try needs(world, bob)
        #expect(listed.map(\.id) == [dan.id, ada.id])
        #expect(listed.first?.missedJobs == [] && listed.last?.overdueSince == nil)
    }
}
