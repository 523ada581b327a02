import ByteKeyed
import FoundationEssentials
import LifeSignalCore
import Testing

/// When the alarm chain's own faults are told: once when a condition
/// begins, at most once a day, and its end only when its beginning was.
struct ChainWatchRulesTests {
    static let start = Date(timeIntervalSince1970: 1_772_355_600)
    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    @Test func aConditionIsToldWhenItBeginsAndWhenItEnds() {
        var record: WatchedCondition?
        #expect(ChainWatchRules.step(&record, holds: false, now: Self.at(0)) == .nothing)
        #expect(record == nil, "nothing held, nothing kept")
        #expect(ChainWatchRules.step(&record, holds: true, now: Self.at(10)) == .began)
        #expect(record?.since == Self.at(10) && record?.toldAt == Self.at(10))
        #expect(ChainWatchRules.step(&record, holds: true, now: Self.at(20)) == .nothing, "told once while it holds")
        #expect(ChainWatchRules.step(&record, holds: true, now: Self.at(3 * 86_400)) == .nothing, "even days later")
        #expect(ChainWatchRules.step(&record, holds: false, now: Self.at(3 * 86_400 + 10)) == .ended,
                "its end is told, however long it held")
        #expect(record == nil, "a notice more than a day old is kept no longer")
    }

    @Test func aConditionThatComesAndGoesIsToldAtMostOnceADay() {
        var record: WatchedCondition?
        #expect(ChainWatchRules.step(&record, holds: true, now: Self.at(0)) == .began)
        #expect(ChainWatchRules.step(&record, holds: false, now: Self.at(600)) == .ended, "works again, once")
        #expect(ChainWatchRules.step(&record, holds: false, now: Self.at(700)) == .nothing)
        #expect(record?.since == nil && record?.toldAt == Self.at(0), "kept for the spacing")
        #expect(ChainWatchRules.step(&record, holds: true, now: Self.at(1200)) == .nothing, "the same day: not told again")
        #expect(ChainWatchRules.step(&record, holds: false, now: Self.at(1800)) == .nothing,
                "an end whose beginning was not told is not told either")
        #expect(ChainWatchRules.step(&record, holds: true, now: Self.at(2400)) == .nothing)
        #expect(ChainWatchRules.step(&record, holds: true, now: Self.at(86_400)) == .began,
                "still holding a day after the last notice: told")
        #expect(record?.since == Self.at(2400))
    }

    /// A delivery run's clock stands still: a spell that ends and another
    /// that begins at the instant of the notice tell nothing more.
    @Test func spellsAtTheInstantOfTheNoticeAreToldOnce() {
        var record: WatchedCondition?
        #expect(ChainWatchRules.step(&record, holds: true, now: Self.at(0)) == .began)
        #expect(ChainWatchRules.step(&record, holds: false, now: Self.at(0)) == .ended)
        for _ in 0..<3 {
            #expect(ChainWatchRules.step(&record, holds: true, now: Self.at(0)) == .nothing)
            #expect(ChainWatchRules.step(&record, holds: false, now: Self.at(0)) == .nothing)
        }
    }

    @Test func aClockThatWentBackCountsAsRecent() {
        var record = Optional(WatchedCondition(since: nil, toldAt: Self.at(1000)))
        #expect(ChainWatchRules.step(&record, holds: true, now: Self.at(0)) == .nothing)
    }

    @Test func theTerminalShowsASpellOnce() {
        var record: WatchedCondition?
        _ = ChainWatchRules.step(&record, holds: true, now: Self.at(0))
        #expect(record?.awaitsTerminal == true)
        record?.shownAt = Self.at(5)
        #expect(record?.awaitsTerminal == false)
        _ = ChainWatchRules.step(&record, holds: false, now: Self.at(10))
        #expect(record?.awaitsTerminal == false, "nothing holds")
        _ = ChainWatchRules.step(&record, holds: true, now: Self.at(20))
        #expect(record?.awaitsTerminal == true, "a new spell is shown again")
    }

    static func health(failures: Int) -> DeliveryHealth {
        var place = DeliveryPlace(notifyCommandSince: Self.at(-86_400), lastRunAt: Self.at(-60))
        for _ in 0..<failures { place.failed(at: Self.at(-60), error: "exit 7") }
        var places = ByteKeyedTable<DeliveryPlace>()
        places["s"] = place
        var live = ByteKeyedTable<Void>()
        live.insert("s")
        return DeliveryHealth(DeliverySetup(places: places), liveSessions: live, now: Self.start)
    }

    @Test func aCommandKeepsFailingFromTheThirdFailedTryInARow() {
        #expect(!ChainWatchRules.keepsFailing(Self.health(failures: 0)))
        #expect(!ChainWatchRules.keepsFailing(Self.health(failures: ChainWatchRules.failuresBeforeNotice - 1)))
        #expect(ChainWatchRules.keepsFailing(Self.health(failures: ChainWatchRules.failuresBeforeNotice)))
    }

    /// Responders who watch since long before `start`, with these deliveries.
    static func longtime(_ healths: [DeliveryHealth?]) -> [(health: DeliveryHealth?, since: Date)] {
        healths.map { ($0, Self.at(-86_400)) }
    }

    @Test func anAccountIsUnreachedWhenNoResponderHasAWorkingDelivery() {
        let working = Self.health(failures: 0), failing = Self.health(failures: 5)
        #expect(working.state == .working && failing.state == .failing)
        #expect(!ChainWatchRules.isUnreached([], now: Self.start), "nobody watches: checkin warns of that instead")
        #expect(ChainWatchRules.isUnreached(Self.longtime([failing]), now: Self.start))
        #expect(ChainWatchRules.isUnreached(Self.longtime([failing, nil]), now: Self.start),
                "one whose files cannot be read does not count as reached")
        #expect(!ChainWatchRules.isUnreached(Self.longtime([failing, working]), now: Self.start))
        #expect(!ChainWatchRules.isUnreached(Self.longtime([nil]), now: Self.start), "nothing known, nothing told")
        let nothingSetUp = DeliveryHealth(DeliverySetup(), liveSessions: ByteKeyedTable(), now: Self.start)
        #expect(nothingSetUp.state == .none)
        #expect(ChainWatchRules.isUnreached(Self.longtime([nothingSetUp, nil]), now: Self.start),
                "no delivery set up reaches nobody on time")
        #expect(ChainWatchRules.isUnreached(Self.longtime([nothingSetUp, failing]), now: Self.start))
        #expect(!ChainWatchRules.isUnreached(Self.longtime([nothingSetUp, working]), now: Self.start))
    }

    /// A new responder is given the time a delivery may stay idle to set one up.
    @Test func aNewResponderWithNoDeliveryIsGivenTimeToSetOneUp() {
        let nothingSetUp = DeliveryHealth(DeliverySetup(), liveSessions: ByteKeyedTable(), now: Self.start)
        let idle = DeliveryHealth.idleAfter
        let linked = Self.start.addingTimeInterval(-idle)
        #expect(!ChainWatchRules.isUnreached([(nothingSetUp, linked)], now: Self.start), "linked just now")
        #expect(ChainWatchRules.isUnreached([(nothingSetUp, linked)], now: Self.start.addingTimeInterval(1)))
        #expect(ChainWatchRules.isUnreached([(nothingSetUp, linked), (Self.health(failures: 5), Self.start)], now: Self.start),
                "a failing command counts at once")
    }
}
