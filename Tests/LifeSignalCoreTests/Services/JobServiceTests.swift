import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// Jobs on the one deadline engine, on the memory backend: a missed job
/// tells every responder once, never early, after its grace and each
/// responder's delay, with repeats; a failed run tells them at once and a
/// later success that it recovered; a long run tells them once; a job's
/// check-in never meets the person's own deadline.
struct JobServiceTests {
    func story() throws -> (World, Account, Account, Account) {
        let world = World()
        let (ada, bob, cy) = try world.adaWatchedByBobAndCy(note: "Allergic to penicillin")
        try world.checkIn(ada)
        return (world, try world.reload(ada), bob, cy)
    }

    func service(_ world: World) -> JobService { JobService(store: world.store, env: world.env) }

    @discardableResult
    func add(_ world: World, _ ada: Account, _ name: String = "backup", due: JobService.Due = .every(3600),
             grace: Int? = nil, maxRuntime: Int? = nil) throws -> Job {
        var account = try world.reload(ada)
        return try service(world).add(&account, name: name, due: due, grace: grace, maxRuntime: maxRuntime)
    }

    func jobNotices(_ world: World, _ person: Account, _ title: String) throws -> [FeedItem] {
        try world.feed(person).filter { $0.title == title }
    }

    func run(_ world: World, _ ada: Account, _ name: String = "backup", status: Int, output: String? = nil) throws
        -> JobService.Outcome {
        var account = try world.reload(ada)
        return try service(world).finished(&account, name: name, run: JobRun(at: world.now, milliseconds: 1500,
                                                                            exitStatus: status, command: "backup.sh",
                                                                            output: output))
    }

    @Test func aMissedJobTellsEveryResponderOnceAfterItsGraceNeverEarly() throws {
        let (world, ada, bob, cy) = try story()
        try add(world, ada, grace: 600)
        world.advance(3600 + 599)
        try world.tick()
        #expect(try jobNotices(world, bob, "Ada Test's job backup missed its check-in").isEmpty)
        world.advance(1)
        try world.tick()
        world.advance(7200)
        try world.tick()
        for responder in [bob, cy] {
            let notices = try jobNotices(world, responder, "Ada Test's job backup missed its check-in")
            #expect(notices.count == 1)
            #expect(notices.first?.job == "backup")
            #expect(notices.first?.type == .checkIn)
            #expect(notices.first?.isCritical == true)
        }
        #expect(try jobNotices(world, ada, "Your job backup missed its check-in").count == 1)
        // Ada herself is not overdue: her own deadline is a day away.
        #expect(try !world.reload(ada).isOverdue(at: world.now))
    }

    @Test func eachResponderIsToldAfterTheirOwnDelayAndAgainWithRepeats() throws {
        let (world, ada, bob, cy) = try story()
        var account = try world.reload(ada)
        try AccountService(store: world.store, env: world.env).setIntervals(&account, checkIn: nil, reminder: nil,
                                                                            repeats: .every(1800))
        _ = try ContactService(store: world.store, env: world.env).setRoles(of: try world.contact("Cy", of: ada), responder: nil,
                                                                        dependent: nil, delay: 7200, owner: account)
        try add(world, ada, due: .every(3600))
        world.advance(3600)
        try world.tick()
        let title = "Ada Test's job backup missed its check-in"
        #expect(try jobNotices(world, bob, title).count == 1)
        #expect(try jobNotices(world, cy, title).isEmpty)
        world.advance(1800)
        try world.tick()
        #expect(try jobNotices(world, bob, "Ada Test's job backup still has not checked in").count == 1)
        world.advance(5400)
        try world.tick()
        #expect(try jobNotices(world, cy, title).count == 1)
    }

    @Test func aCheckInOfTheJobMeetsItsDeadlineAndNotThePersons() throws {
        let (world, ada, bob, _) = try story()
        try add(world, ada)
        world.advance(3000)
        var account = try world.reload(ada)
        let before = account.nextCheckInDue
        _ = try service(world).checkIn(&account, name: "backup")
        account = try world.reload(ada)
        #expect(account.nextCheckInDue == before)
        #expect(account.jobs[0].lastCheckIn == world.now)
        #expect(JobDeadline(account.jobs[0]).nextCheckInDue(of: account, zones: world.zones)
            == world.now.addingTimeInterval(3600))
        world.advance(3599)
        try world.tick()
        #expect(try jobNotices(world, bob, "Ada Test's job backup missed its check-in").isEmpty)
    }

    @Test func aFailedRunTellsEveryoneAtOnceAndASuccessThatItRecovered() throws {
        let (world, ada, bob, cy) = try story()
        try add(world, ada)
        world.advance(60)
        let failed = try run(world, ada, status: 3, output: "disk full")
        #expect(failed.toldFailure?.toldCount == 2)
        for responder in [bob, cy] {
            let notices = try jobNotices(world, responder, "Ada Test's job backup failed")
            #expect(notices.count == 1)
            #expect(notices.first?.exitStatus == 3)
            #expect(notices.first?.job == "backup")
            #expect(notices.first?.message.hasSuffix("The end of its output:\ndisk full") == true)
        }
        // A failure is no check-in: the deadline stands.
        #expect(try world.reload(ada).jobs[0].lastCheckIn == nil)
        // Failing again (cron runs it every minute) tells nobody again.
        world.advance(60)
        let again = try run(world, ada, status: 4)
        #expect(again.failedAgain && again.toldFailure == nil)
        #expect(try jobNotices(world, bob, "Ada Test's job backup failed").count == 1)
        #expect(try world.reload(ada).jobs[0].failing?.exitStatus == 4, "the newest failure is the one shown")
        world.advance(60)
        let ok = try run(world, ada, status: 0)
        #expect(ok.toldRecovered?.toldCount == 2)
        #expect(try jobNotices(world, bob, "Ada Test's job backup recovered").count == 1)
        let job = try world.reload(ada).jobs[0]
        #expect(job.runs.map(\.exitStatus) == [3, 4, 0])
        #expect(job.failing == nil)
        #expect(job.lastCheckIn == world.now)
        world.advance(60)
        #expect(try run(world, ada, status: 0).toldRecovered == nil)
    }

    @Test func aRunStillGoingAfterItsLongestRunTellsTheRespondersOnce() throws {
        let (world, ada, bob, _) = try story()
        try add(world, ada, due: .every(86_400), maxRuntime: 600)
        var account = try world.reload(ada)
        try service(world).started(&account, name: "backup", command: "backup.sh")
        world.advance(599)
        try world.tick()
        let title = "Ada Test's job backup is still running"
        #expect(try jobNotices(world, bob, title).isEmpty)
        world.advance(1)
        try world.tick()
        world.advance(3600)
        try world.tick()
        #expect(try jobNotices(world, bob, title).count == 1)
    }

    @Test func runsAreBoundedAndNamesChecked() throws {
        let (world, ada, _, _) = try story()
        try add(world, ada)
        for status in 0..<(JobRules.runsKept + 5) {
            world.advance(1)
            _ = try run(world, ada, status: status % 2)
        }
        #expect(try world.reload(ada).jobs[0].runs.count == JobRules.runsKept)
        for bad in ["", "Backup", "a b", String(repeating: "x", count: 33), "b/c"] {
            #expect(throws: LifeSignalError.self) { try add(world, ada, bad) }
        }
        #expect(throws: LifeSignalError.self) { try add(world, ada, "backup") }
        #expect(throws: LifeSignalError.self) { try add(world, ada, "fast", due: .every(59)) }
        var account = try world.reload(ada)
        try service(world).remove(&account, name: "backup")
        #expect(try world.reload(ada).jobs.isEmpty)
        #expect(throws: LifeSignalError.self) { try service(world).remove(&account, name: "backup") }
    }

    @Test func aDailyJobIsDueAtItsFirstDeadlineAfterItWasAdded() throws {
        let (world, ada, bob, _) = try story()
        // 09:00 now; due at 10:00 today, not tomorrow.
        try add(world, ada, due: .daily(DailyDeadline(time: TimeOfDay(hour: 10, minute: 0)!)))
        world.advance(3599)
        try world.tick()
        #expect(try jobNotices(world, bob, "Ada Test's job backup missed its check-in").isEmpty)
        world.advance(1)
        try world.tick()
        #expect(try jobNotices(world, bob, "Ada Test's job backup missed its check-in").count == 1)
        // A check-in at 10:30 meets 10:00 tomorrow; the one after is due.
        world.advance(1800)
        var account = try world.reload(ada)
        _ = try service(world).checkIn(&account, name: "backup")
        account = try world.reload(ada)
        #expect(JobDeadline(account.jobs[0]).nextCheckInDue(of: account, zones: world.zones)
            == ISO8601.parse("2026-03-03T10:00:00Z"))
        #expect(try jobNotices(world, bob, "Ada Test's job backup recovered").count == 1)
    }

    @Test func aPauseHoldsJobsToo() throws {
        let (world, ada, bob, _) = try story()
        try add(world, ada)
        var account = try world.reload(ada)
        _ = try TimerService(store: world.store, env: world.env).pause(&account, until: world.now.addingTimeInterval(7200),
                                                                     reason: nil)
        world.advance(7199)
        try world.tick()
        #expect(try jobNotices(world, bob, "Ada Test's job backup missed its check-in").isEmpty)
        world.advance(3601)
        try world.tick()
        #expect(try jobNotices(world, bob, "Ada Test's job backup missed its check-in").count == 1)
    }

    /// Forty responders on a store that bounds its commits as etcd does: a
    /// failure and a missed job each reach every one of them, in bounded
    /// steps, once.
    @Test func manyRespondersAreToldInBoundedStepsOnce() throws {
        let world = World(backend: MemoryBackend(maximumChanges: 128))
        world.signUpLimits = SignUpLimits(accountsPerDay: .max, newNumberCodesPerDay: .max)
        let dana = try world.person("Dana", phone: "+15552000001")
        var responders: [Account] = []
        for i in 0..<40 {
            let responder = try world.person("R\(i)", phone: "+1555300\(1000 + i)")
            try world.link(dana, responder, responder: true, dependent: false)
            responders.append(responder)
        }
        try world.command { store in
            var account = try #require(try store.account(dana.id))
            try JobService(store: store, env: world.env).add(&account, name: "backup", due: .every(3600), grace: nil,
                                                             maxRuntime: nil)
        }
        let failed = try world.command { store in
            var account = try #require(try store.account(dana.id))
            return try JobService(store: store, env: world.env).finished(
                &account, name: "backup", run: JobRun(at: world.now, milliseconds: 10, exitStatus: 1, command: "sh"))
        }
        #expect(failed.toldFailure?.pending != nil, "more than one commit carries")
        for _ in 0..<10 { _ = try world.command { store in try DeadlineService(store: store, env: world.env).catchUp() } }
        world.advance(3600)
        for _ in 0..<10 { _ = try world.command { store in try DeadlineService(store: store, env: world.env).catchUp() } }
        for responder in responders {
            #expect(try jobNotices(world, responder, "Dana Test's job backup failed").count == 1)
            #expect(try jobNotices(world, responder, "Dana Test's job backup missed its check-in").count == 1)
        }
    }
}
