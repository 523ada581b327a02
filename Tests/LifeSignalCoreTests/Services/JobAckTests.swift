import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// `ack` of a missed job, as of a missed check-in: the account and the other
/// responders are told who is on it, and the job's repeats and the
/// escalation steps not yet taken stop for that spell, until the job checks
/// in again.
struct JobAckTests {
    let missed = "Ada Test's job backup missed its check-in"
    let still = "Ada Test's job backup still has not checked in"

    /// Ada (repeats every 30m) has a job due hourly; Bob is told at once, Cy two hours later.
    func story() throws -> (World, Account, Account, Account) {
        let world = World()
        let (ada, bob, cy) = try world.adaWatchedByBobAndCy(note: "")
        try world.checkIn(ada)
        var account = try world.reload(ada)
        try AccountService(store: world.store, env: world.env).setIntervals(&account, checkIn: nil, reminder: nil,
                                                                            repeats: .every(1800))
        _ = try ContactService(store: world.store, env: world.env).setRoles(
            of: try world.contact("Cy", of: ada), responder: nil, dependent: nil, delay: 7200, owner: account)
        account = try world.reload(ada)
        _ = try JobService(store: world.store, env: world.env).add(&account, name: "backup", due: .every(3600),
                                                                  grace: nil, maxRuntime: nil)
        return (world, try world.reload(ada), bob, cy)
    }

    func count(_ world: World, _ person: Account, _ title: String) throws -> Int {
        try world.feed(person).filter { $0.title == title }.count
    }

    func ack(_ world: World, _ bob: Account) throws -> AckService.Outcome {
        try world.command { store in
            try AckService(store: store, env: world.env).acknowledge(try ContactDirectory(store: store).resolve("Ada", owner: bob.id),
                                                                     by: try world.reload(bob))
        }
    }

    @Test func anAcknowledgedJobStopsItsRepeatsAndLaterStepsUntilItChecksIn() throws {
        let (world, ada, bob, cy) = try story()
        world.advance(3600)
        try world.tick()
        #expect(try count(world, bob, missed) == 1)
        let outcome = try ack(world, bob)
        #expect(outcome.acknowledged == [.missedJob])
        #expect(outcome.jobs == ["backup"])
        #expect(outcome.toldDependent)
        #expect(outcome.others.told == [cy.id])
        let own = try world.feed(ada).filter { $0.title == "Bob Test is handling your job backup's missed check-in" }
        #expect(own.count == 1 && own.first?.acknowledgedBy == bob.id && own.first?.job == "backup")
        #expect(try count(world, cy, "Bob Test is handling the missed check-in of Ada Test's job backup") == 1)
        #expect(try world.reload(ada).jobs[0].deadlines.acknowledgedBy == bob.id)
        // Neither Bob's repeats nor Cy's delayed step come, however long it stays missed.
        for _ in 0..<8 {
            world.advance(1800)
            try world.tick()
        }
        #expect(try count(world, bob, still) == 0)
        #expect(try count(world, cy, missed) == 0)
        // A second acknowledgement says who was first, and tells nobody again.
        let again = try ack(world, try world.reload(cy))
        #expect(again.acknowledged.isEmpty && again.earlier.count == 1)
        #expect(again.earlier.first?.event == .missedJob && again.earlier.first?.by == bob.id
                && again.earlier.first?.job == "backup")
        // The job checks in: the next spell is a new one, told and repeated again.
        var account = try world.reload(ada)
        _ = try JobService(store: world.store, env: world.env).checkIn(&account, name: "backup")
        #expect(try world.reload(ada).jobs[0].deadlines.acknowledgedBy == nil)
        world.advance(3600)
        try world.tick()
        world.advance(1800)
        try world.tick()
        #expect(try count(world, bob, missed) == 2)
        #expect(try count(world, bob, still) == 1)
    }

    @Test func aJobNotYetMissedIsNothingToAcknowledge() throws {
        let (world, _, bob, _) = try story()
        world.advance(3599)
        try world.tick()
        #expect(throws: LifeSignalError.self) { try ack(world, bob) }
    }

    @Test func theStatusNamesWhoIsHandlingAMissedJob() throws {
        let (world, ada, bob, _) = try story()
        world.advance(3600)
        try world.tick()
        #expect(try StatusReport(account: world.reload(ada), store: world.store, now: world.now).jobHandlers.isEmpty)
        _ = try ack(world, bob)
        let report = try StatusReport(account: world.reload(ada), store: world.store, now: world.now)
        #expect(report.jobHandlers["backup"]?.id == bob.id)
        #expect(report.acknowledgedBy == nil, "Ada's own deadline is not the job's")
    }
}
