import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing
import ZoneInfoFiles

/// A notice about someone in another time zone names their deadline on both
/// clocks, theirs and the reader's ("10:00 Europe/Madrid time, 04:00
/// yours"); a reader whose clock reads the same is told the instant alone.
struct ZonedNoticeTests {
    /// Ada in Madrid, watched by Bob in New York and Cy in Madrid; repeats every hour.
    func story() throws -> (World, Account, Account, Account) {
        let world = World()
        world.zones = SystemZoneInfo.catalog()
        world.now = try #require(ISO8601.parse("2026-03-01T09:00:00Z"))
        let (ada, bob, cy) = try world.adaWatchedByBobAndCy(note: "")
        let service = AccountService(store: world.store, env: world.env)
        for (person, zone) in [(ada, "Europe/Madrid"), (bob, "America/New_York"), (cy, "Europe/Madrid")] {
            var account = try world.reload(person)
            try service.setTimeZone(&account, ZoneName(validating: zone))
        }
        var account = try world.reload(ada)
        try service.setIntervals(&account, checkIn: nil, reminder: nil, repeats: .every(3600))
        try world.checkIn(ada)
        return (world, try world.reload(ada), bob, cy)
    }

    func message(_ world: World, _ person: Account, _ title: String) throws -> String? {
        try world.feed(person).first { $0.title == title }?.message
    }

    @Test func aMissedCheckInAndItsRepeatsNameBothClocks() throws {
        let (world, _, bob, cy) = try story()
        // Due 2026-03-02T09:00Z: 10:00 in Madrid, 04:00 in New York.
        world.advance(86_400)
        try world.tick()
        let missed = try #require(try message(world, bob, "Ada Test missed a check-in"))
        #expect(missed.hasPrefix("Ada Test missed their check-in, due at 2026-03-02T09:00:00Z "
                                 + "(10:00 Europe/Madrid time, 04:00 yours)."), "\(missed)")
        let same = try #require(try message(world, cy, "Ada Test missed a check-in"))
        #expect(same.hasPrefix("Ada Test missed their check-in, due at 2026-03-02T09:00:00Z."), "\(same)")
        world.advance(3600)
        try world.tick()
        let again = try #require(try message(world, bob, "Ada Test still has not checked in"))
        #expect(again.contains("due at 2026-03-02T09:00:00Z (10:00 Europe/Madrid time, 04:00 yours),"), "\(again)")
    }

    @Test func aMissedJobNamesBothClocksAndTheDayWhenTheyDiffer() throws {
        let (world, ada, bob, _) = try story()
        var account = ada
        // Added at 09:00Z and due 15h later: 01:00 on Monday in Madrid, 19:00 on Sunday in New York.
        try JobService(store: world.store, env: world.env).add(&account, name: "backup", due: .every(15 * 3600), grace: nil,
                                                               maxRuntime: nil)
        world.advance(15 * 3600)
        try world.tick()
        let missed = try #require(try message(world, bob, "Ada Test's job backup missed its check-in"))
        #expect(missed.hasPrefix("Ada Test's job backup was due to check in at 2026-03-02T00:00:00Z "
                                 + "(Mon 01:00 Europe/Madrid time, Sun 19:00 yours) and did not."), "\(missed)")
    }
}
