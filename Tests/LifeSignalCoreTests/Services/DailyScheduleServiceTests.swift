import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing
import ZoneInfoFiles

/// A fixed daily deadline on the one deadline engine: a check-in meets the
/// first deadline after it, the next is due at the one after that, DST
/// neither fires one twice nor skips one, and a new zone never fires a
/// deadline early.
struct DailyScheduleServiceTests {
    /// Ada (in `zone`, checking in at `start`) with Bob as her responder.
    func story(zone: String, at start: String) throws -> (World, Account, Account) {
        let world = World()
        world.zones = SystemZoneInfo.catalog()
        world.now = try #require(ISO8601.parse(start))
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        try world.link(ada, bob, responder: true, dependent: false)
        var account = try world.reload(ada)
        try AccountService(store: world.store, env: world.env).setTimeZone(&account, ZoneName(validating: zone))
        return (world, try world.reload(ada), bob)
    }

    func setDeadline(_ world: World, _ account: Account, _ time: String, days: DaySet = .daily,
                     zone: String? = nil) throws -> Reach? {
        var account = try world.reload(account)
        let schedule = DailySchedule(deadline: DailyDeadline(time: try TimeOfDay(parsing: time), days: days), zone: zone)
        return try AccountService(store: world.store, env: world.env).setDailySchedule(&account, schedule)
    }

    func due(_ world: World, _ account: Account) throws -> String? {
        try world.reload(account).nextCheckInDue.map(ISO8601.format)
    }

    func missed(_ world: World, _ bob: Account) throws -> Int {
        try world.feed(bob).filter { $0.title == "Ada Test missed a check-in" }.count
    }

    @Test func aCheckInMeetsTheNextDeadlineAndIsDueAtTheOneAfter() throws {
        // Monday 2 March 2026, 09:00 in Madrid (UTC+1).
        let (world, ada, bob) = try story(zone: "Europe/Madrid", at: "2026-03-02T08:00:00Z")
        _ = try setDeadline(world, ada, "10:00")
        try world.checkIn(ada)
        #expect(try due(world, ada) == "2026-03-03T09:00:00Z")
        // A second check-in before Monday's deadline meets the same one.
        world.advance(1800)
        try world.checkIn(ada)
        #expect(try due(world, ada) == "2026-03-03T09:00:00Z")
        // After Monday's deadline, a check-in meets Tuesday's.
        world.now = try #require(ISO8601.parse("2026-03-02T10:00:00Z"))
        try world.checkIn(ada)
        #expect(try due(world, ada) == "2026-03-04T09:00:00Z")
        world.now = try #require(ISO8601.parse("2026-03-04T08:59:59Z"))
        try world.tick()
        #expect(try missed(world, bob) == 0)
        world.advance(1)
        try world.tick()
        try world.tick()
        #expect(try missed(world, bob) == 1)
    }

    @Test func onlyTheChosenDaysHaveDeadlines() throws {
        // Friday 6 March 2026, 18:00 in New York (UTC-5).
        let (world, ada, _) = try story(zone: "America/New_York", at: "2026-03-06T23:00:00Z")
        _ = try setDeadline(world, ada, "09:30", days: .weekdays)
        try world.checkIn(ada)
        // It meets Monday's 09:30 (EST); Tuesday's is after the switch to EDT (8 March).
        #expect(try due(world, ada) == "2026-03-10T13:30:00Z")
    }

    @Test func aDeadlineInTheSkippedHourFallsDueAtTheJumpOnce() throws {
        // Madrid skips 02:00-03:00 on 29 March 2026 (01:00Z).
        let (world, ada, bob) = try story(zone: "Europe/Madrid", at: "2026-03-27T11:00:00Z")
        _ = try setDeadline(world, ada, "02:30")
        try world.checkIn(ada)
        #expect(try due(world, ada) == "2026-03-29T01:00:00Z")
        world.now = try #require(ISO8601.parse("2026-03-29T00:59:59Z"))
        try world.tick()
        #expect(try missed(world, bob) == 0)
        world.advance(1)
        try world.tick()
        world.advance(3600)
        try world.tick()
        #expect(try missed(world, bob) == 1)
    }

    @Test func aDeadlineInTheRepeatedHourFallsDueAtItsFirstOccurrence() throws {
        // Sydney reads 02:00-03:00 twice on 5 April 2026 (AEDT UTC+11 until 16:00Z on the 4th).
        let (world, ada, _) = try story(zone: "Australia/Sydney", at: "2026-04-03T02:00:00Z")
        _ = try setDeadline(world, ada, "02:30")
        try world.checkIn(ada)
        // 13:00 on the 3rd meets 02:30 on the 4th; the 5th's first 02:30 is still AEDT.
        #expect(try due(world, ada) == "2026-04-04T15:30:00Z")
    }

    @Test func offGoesBackToTheRollingInterval() throws {
        let (world, ada, _) = try story(zone: "Europe/Madrid", at: "2026-03-02T08:00:00Z")
        _ = try setDeadline(world, ada, "10:00")
        try world.checkIn(ada)
        var account = try world.reload(ada)
        try AccountService(store: world.store, env: world.env).setDailySchedule(&account, nil)
        #expect(try due(world, ada) == "2026-03-03T08:00:00Z")
    }

    @Test func aLaterDeadlineIsToldToTheResponders() throws {
        let (world, ada, bob) = try story(zone: "Europe/Madrid", at: "2026-03-02T08:00:00Z")
        try world.checkIn(ada)
        // Interval 1d: due 08:00Z tomorrow; 18:00 Madrid is later.
        let reach = try setDeadline(world, ada, "18:00")
        #expect(reach?.told == [bob.id])
        let notice = try #require(try world.feed(bob).first { $0.title == "Ada Test gave themselves more time" })
        // Bob's clock (UTC) reads otherwise than hers: both are named.
        #expect(notice.message == "Ada Test now checks in by 18:00 (daily, Europe/Madrid time). "
            + "Their next check-in is due at 2026-03-03T17:00:00Z (18:00 Europe/Madrid time, 17:00 yours).")
        // An earlier one is not news: 12:00 today is met, tomorrow's is due.
        #expect(try setDeadline(world, ada, "12:00") == nil)
        #expect(try due(world, ada) == "2026-03-03T11:00:00Z")
    }

    @Test func aNewZoneMovesTheDeadlineAndNeverFiresItEarly() throws {
        // Sunday 1 March 2026, 11:00 in Los Angeles (UTC-8): it meets Monday's 10:00, due Tuesday's.
        let (world, ada, bob) = try story(zone: "America/Los_Angeles", at: "2026-03-01T19:00:00Z")
        _ = try setDeadline(world, ada, "10:00")
        try world.checkIn(ada)
        #expect(try due(world, ada) == "2026-03-03T18:00:00Z")
        // Tuesday 12:00Z, in Tokyo the Tuesday deadline (01:00Z) is past: the next one counts.
        world.now = try #require(ISO8601.parse("2026-03-03T12:00:00Z"))
        var account = try world.reload(ada)
        let reach = try AccountService(store: world.store, env: world.env)
            .setTimeZone(&account, ZoneName(validating: "Asia/Tokyo"))
        #expect(try due(world, ada) == "2026-03-04T01:00:00Z")
        #expect(reach?.told == [bob.id])
        try world.tick()
        #expect(try missed(world, bob) == 0)
        #expect(try world.feed(bob).contains { $0.title == "Ada Test's deadline moved" })
    }

    /// A daily job read on the account's clocks moves with a new zone as
    /// the account's own deadline does, never fired early.
    @Test func aNewZoneMovesADailyJobsDeadlineToo() throws {
        // Sunday 1 March 2026, 11:00 in Los Angeles: the job is due at Monday's 10:00 there.
        let (world, ada, bob) = try story(zone: "America/Los_Angeles", at: "2026-03-01T19:00:00Z")
        var account = ada
        _ = try JobService(store: world.store, env: world.env)
            .add(&account, name: "backup", due: .daily(DailyDeadline(time: try TimeOfDay(parsing: "10:00"))), grace: nil, maxRuntime: nil)
        try world.tick()
        func jobDue() throws -> Date? {
            let account = try world.reload(ada)
            return JobDeadline(account.jobs[0]).nextCheckInDue(of: account, zones: world.zones)
        }
        #expect(try jobDue() == ISO8601.parse("2026-03-02T18:00:00Z"))
        // Monday 12:00Z: in Tokyo, Monday's 10:00 (01:00Z) is past; Tuesday's counts.
        world.now = try #require(ISO8601.parse("2026-03-02T12:00:00Z"))
        account = try world.reload(ada)
        try AccountService(store: world.store, env: world.env).setTimeZone(&account, ZoneName(validating: "Asia/Tokyo"))
        #expect(try jobDue() == ISO8601.parse("2026-03-03T01:00:00Z"))
        world.now = try #require(ISO8601.parse("2026-03-03T00:59:59Z"))
        try world.tick()
        #expect(try world.feed(bob).filter { $0.title == "Ada Test's job backup missed its check-in" }.isEmpty)
        world.now = try #require(ISO8601.parse("2026-03-03T01:00:00Z"))
        try world.tick()
        #expect(try world.feed(bob).filter { $0.title == "Ada Test's job backup missed its check-in" }.count == 1)
    }

    @Test func aZoneThatCannotBeReadIsRefusedAndAChecksInStillWorks() throws {
        let (world, ada, _) = try story(zone: "Europe/Madrid", at: "2026-03-02T08:00:00Z")
        #expect(throws: TimeZoneError.self) { try setDeadline(world, ada, "10:00", zone: "Mars/Olympus_Mons") }
        _ = try setDeadline(world, ada, "10:00")
        // The database goes away: the check-in works, on the rolling interval for this cycle.
        world.zones = .utcOnly
        var account = try world.reload(ada)
        let outcome = try AccountService(store: world.store, env: world.env).checkIn(&account)
        #expect(outcome.damaged.first?.contains("Europe/Madrid") == true)
        #expect(try due(world, ada) == "2026-03-03T08:00:00Z")
    }

    @Test func theScheduleSurvivesTheStoreFile() throws {
        let (world, ada, _) = try story(zone: "Europe/Madrid", at: "2026-03-02T08:00:00Z")
        _ = try setDeadline(world, ada, "10:00", days: try DaySet(parsing: "mon-thu,sat"), zone: "Asia/Tokyo")
        try world.checkIn(ada)
        let account = try world.reload(ada)
        let schedule = try #require(account.dailySchedule)
        #expect(schedule.days.description == "mon-thu,sat")
        #expect(schedule.zone == "Asia/Tokyo")
        #expect(schedule.current?.cycleStart == account.lastCheckIn)
    }
}
