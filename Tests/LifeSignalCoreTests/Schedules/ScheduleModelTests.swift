import Foundation
import LifeSignalCore
import TestSupport
import Testing

/// The daily deadline and quiet hours rules against the reference model,
/// for random zones of the system's database, days, times and instants,
/// most of them near a change of the clocks (1970 to 2100).
///
/// CI runs the fixed seeds, `rounds` draws each; `LIFESIGNAL_PROPERTY_RUNS=N`
/// adds N random seeds, `LIFESIGNAL_STRESS_SEED=S` replays one.
@Suite(.enabled(if: SystemTimeZones.isAvailable, "tzdata, zdump or date is not installed"))
struct ScheduleModelTests {
    static let zones: [TimeZoneRules] = SystemZoneOracle.zonesByContent().compactMap {
        try? SystemZoneOracle.catalog.rules(named: $0.representative)
    }

    /// A random zone, and a random instant: near one of its changes of the
    /// clocks four times in five.
    struct Draw {
        var zone: TimeZoneRules
        var instant: Int64
        /// A wall-clock time of day near the change, in seconds (or any).
        var nearTime: Int

        init(_ random: inout SeededGenerator) {
            zone = random.pick(ScheduleModelTests.zones)
            let changes = zone.transitions(from: 0, through: 4_102_444_800)
            if let change = changes.randomElement(using: &random), Int.random(in: 0..<5, using: &random) > 0 {
                let wall = change.at + Int64(change.before.utcOffset) + Int64.random(in: -5400...5400, using: &random)
                nearTime = Int(wall.floorDivided(by: 60) * 60 - wall.floorDivided(by: 86_400) * 86_400)
                instant = change.at - Int64.random(in: 0...(3 * 86_400), using: &random)
            } else {
                nearTime = Int.random(in: 0..<1440, using: &random) * 60
                instant = Int64.random(in: 0..<4_102_444_800, using: &random)
            }
        }
    }

    static func time(_ seconds: Int) -> TimeOfDay {
        // Both fields are in range by construction.
        TimeOfDay(hour: seconds / 3600 % 24, minute: seconds % 3600 / 60) ?? TimeOfDay(hour: 0, minute: 0)!
    }

    static let rounds = 100

    static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let one = environment["LIFESIGNAL_STRESS_SEED"].flatMap(UInt64.init) { return [one] }
        let extra = environment["LIFESIGNAL_PROPERTY_RUNS"].flatMap(Int.init) ?? 0
        return [1, 29, 2026, 8536] + (0..<extra).map { _ in UInt64.random(in: 1...UInt64(UInt32.max)) }
    }

    /// Never early (each deadline after the check-in it follows), never
    /// twice (strictly increasing), never skipped (every chosen day's
    /// deadline is one of them): the chain from any instant is the model's.
    @Test(arguments: seeds)
    func dailyDeadlinesAreTheModels(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for round in 0..<Self.rounds {
            let draw = Draw(&random)
            let days = DaySet(bits: UInt8.random(in: 1...0x7F, using: &random)) ?? .daily
            let deadline = DailyDeadline(time: Self.time(draw.nearTime), days: days)
            let expected = ScheduleModel.deadlines(deadline, after: draw.instant, count: 4, in: draw.zone)
            var chain: [Int64] = []
            var checkIn = draw.instant
            for _ in 0..<4 {
                checkIn = deadline.next(after: checkIn, in: draw.zone)
                chain.append(checkIn)
            }
            #expect(chain == expected,
                    "seed \(seed) round \(round): \(draw.zone.origin) \(deadline.time) \(days) after \(draw.instant)")
            // A check-in anywhere between two deadlines meets the second.
            if chain.count == 4, chain[1] - chain[0] > 1 {
                let between = Int64.random(in: chain[0]..<chain[1], using: &random)
                #expect(deadline.next(after: between, in: draw.zone) == chain[1], "seed \(seed) round \(round)")
            }
        }
    }

    /// Inside or not, and when it ends, as the model's periods say.
    @Test(arguments: seeds)
    func quietHoursAreTheModels(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for round in 0..<Self.rounds {
            let draw = Draw(&random)
            let start = Self.time(draw.nearTime)
            let end = Self.time(draw.nearTime + 60 * Int.random(in: 1...1439, using: &random))
            guard let hours = QuietHours(start: start, end: end) else { continue }
            for offset in [0, 1800, 3600, 5400, 7200, 86_400] {
                let instant = draw.instant + Int64(offset) + Int64.random(in: 0..<3 * 86_400, using: &random) / 3
                let expected = ScheduleModel.quietPeriod(hours, containing: instant, in: draw.zone)
                #expect(hours.period(containing: instant, in: draw.zone) == expected,
                        "seed \(seed) round \(round): \(draw.zone.origin) \(hours) at \(instant)")
                #expect(hours.end(ofPeriodContaining: instant, in: draw.zone) == expected?.upperBound)
            }
        }
    }
}
