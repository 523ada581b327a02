import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing
import ZoneInfoFiles

/// Every notice to a responder that names a time of the dependent's
/// schedule names it on both clocks, as a missed check-in does: a pause and
/// its end, more time, a moved deadline, and an acknowledgement. Ada is in
/// Madrid, Bob in New York, Cy in Madrid (`ZonedNoticeTests.story`).
struct ZonedNewsTests {
    let story = ZonedNoticeTests()

    func message(_ world: World, _ person: Account, _ title: String) throws -> String {
        try #require(try world.feed(person).first { $0.title == title }?.message, "no \"\(title)\" for \(person.firstName)")
    }

    @Test func aPauseAndItsEndNameItsTimesOnBothClocks() throws {
        let (world, ada, bob, cy) = try story.story()
        var account = ada
        // Until 11:00Z (12:00 in Madrid, 06:00 in New York); then due a day later.
        _ = try TimerService(store: world.store, env: world.env).pause(&account, until: world.now.addingTimeInterval(7200),
                                                                       reason: "hiking")
        let paused = try message(world, bob, "Ada Test paused check-ins")
        #expect(paused.contains("until 2026-03-01T11:00:00Z (12:00 Europe/Madrid time, 06:00 yours): hiking."), "\(paused)")
        #expect(paused.contains("due at 2026-03-02T11:00:00Z (12:00 Europe/Madrid time, 06:00 yours)."), "\(paused)")
        #expect(!(try message(world, cy, "Ada Test paused check-ins")).contains("yours"))
        world.advance(7200)
        try world.tick()
        let ended = try message(world, bob, "Ada Test's pause has ended")
        #expect(ended.contains("paused since 2026-03-01T09:00:00Z (10:00 Europe/Madrid time, 04:00 yours)"), "\(ended)")
        #expect(ended.contains("due at 2026-03-02T11:00:00Z (12:00 Europe/Madrid time, 06:00 yours)."), "\(ended)")
        #expect(!(try message(world, cy, "Ada Test's pause has ended")).contains("yours"))
    }

    @Test func moreTimeNamesTheNewDeadlineOnBothClocks() throws {
        let (world, ada, bob, cy) = try story.story()
        var account = ada
        try AccountService(store: world.store, env: world.env).setIntervals(&account, checkIn: 2 * 86_400, reminder: nil)
        let more = try message(world, bob, "Ada Test gave themselves more time")
        #expect(more.hasSuffix("due at 2026-03-03T09:00:00Z (10:00 Europe/Madrid time, 04:00 yours)."), "\(more)")
        #expect(try message(world, cy, "Ada Test gave themselves more time").hasSuffix("due at 2026-03-03T09:00:00Z."))
    }

    @Test func aDeadlineMovedByAZoneChangeIsNamedOnTheNewZonesClock() throws {
        let (world, ada, bob, cy) = try story.story()
        var account = ada
        let service = AccountService(store: world.store, env: world.env)
        let schedule = DailySchedule(deadline: DailyDeadline(time: try TimeOfDay(parsing: "10:00")))
        try service.setDailySchedule(&account, schedule)
        // 10:00 in Los Angeles is 18:00Z (the check-in met today's): 13:00 in New York, 19:00 in Madrid.
        try service.setTimeZone(&account, ZoneName(validating: "America/Los_Angeles"))
        let moved = try message(world, bob, "Ada Test's deadline moved")
        #expect(moved.hasSuffix("due at 2026-03-02T18:00:00Z (10:00 America/Los_Angeles time, 13:00 yours)."), "\(moved)")
        let cys = try message(world, cy, "Ada Test's deadline moved")
        #expect(cys.hasSuffix("(10:00 America/Los_Angeles time, 19:00 yours)."), "\(cys)")
    }

    @Test func anAcknowledgementNamesTheMissedDeadlineOnBothClocks() throws {
        let (world, _, bob, cy) = try story.story()
        world.advance(86_400)
        try world.tick()
        _ = try world.command { store in
            try AckService(store: store, env: world.env).acknowledge(try world.contact("Ada", of: cy), by: try world.reload(cy))
        }
        let handled = try message(world, bob, "Cy Test is handling Ada Test's missed check-in")
        #expect(handled.contains("missed check-in, due at 2026-03-02T09:00:00Z (10:00 Europe/Madrid time, 04:00 yours); "),
                "\(handled)")
    }

    /// A notice that reaches more responders than one transaction carries
    /// keeps both clocks for those told in later transactions.
    @Test func aPauseToManyNamesBothClocksInEveryTransaction() throws {
        let (world, dana, responders) = try World.boundedCircle(responders: 20)
        world.zones = SystemZoneInfo.catalog()
        let service = AccountService(store: world.store, env: world.env)
        for (person, zone) in [(dana, "Europe/Madrid")] + responders.map({ ($0, "America/New_York") }) {
            var account = try world.reload(person)
            try service.setTimeZone(&account, ZoneName(validating: zone))
        }
        let reach = try world.command { store in
            var account = try #require(try store.account(dana.id))
            return try TimerService(store: store, env: world.env).pause(&account, until: world.now.addingTimeInterval(7200),
                                                                        reason: nil)
        }
        #expect(reach.pending != nil, "the test needs a fan-out: \(reach)")
        try world.tick()
        for responder in responders {
            let paused = try message(world, responder, "Dana Test paused check-ins")
            #expect(paused.contains("until 2026-03-01T11:00:00Z (12:00 Europe/Madrid time, 06:00 yours)."), "\(paused)")
        }
    }
}
